// Journeys of the owner's settings and staff, and of a price that changed under a shopper's cart
// (docs/rules.md, "Settings", "Shipping and delivery days", "Back office: roles and the audit",
// "A price that changed since it was added"), in English and Arabic, axe on every screen:
//   1. the owner raises the free-delivery threshold and sets a fee for Giza on the Settings screen
//      (Arabic digits in Arabic), gives a new member the back office (a one-time password shown
//      once) and takes it away again (their session ends at once);
//   2. the demo shopper (whose address is in Giza) keeps a cart while offline; the owner raises the
//      price of its product meanwhile (the back office's product route); back online the cart says so, and checkout shows Giza's fee, the
//      changed price and the server's amount before Confirm, which places the order at it.
// The second journey follows the first in the same shop (Giza's fee is the one the owner set).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OWNER_PASSWORD, plain, useShopAndBrowser, visit, waitForServiceWorker } from './harness.ts';
import {
  apiGet, apiPost, apiSend, apiSignIn, axeClean, definition, field, money, persistedData, priceChanged, proceedToAddress, say, signInForSetUp, signInWithForm, storedToken, type Lang,
} from './journey-helpers.ts';
import type { CartData } from '../../src/lib/contract.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { AdminProductBody } from '../../server/contract/admin-products.ts';

/** Product 3 of the seed (Royal Oud Gift Box): no smells, no gift; one unit is a complete cart. */
const PRODUCT = 3;
const OWNER = 'owner@attar.eg';

const backOfficeMenu = (page: Page, lang: Lang) => page.getByRole('navigation', { name: say(lang, 'Back office', 'لوحة الإدارة') });

/** The owner raising a product's price (taking it off sale) through the back office's own route. */
async function raisePrice(shopUrl: string, productId: number, egp: number) {
  const token = await apiSignIn(shopUrl, OWNER, OWNER_PASSWORD);
  const { product } = await apiGet<{ product: Record<string, unknown> }>(shopUrl, `/admin/products/${productId}`, token);
  const body = Object.fromEntries(Object.keys(AdminProductBody.properties).map((key) => [key, product[key]]));
  await apiSend('PUT', shopUrl, `/admin/products/${productId}`, token, { ...body, price: egp, price_after_sale: null });
}

describe.each(['en', 'ar'] as const)('the owner\'s settings and staff, and a changed price at checkout (%s)', (lang: Lang) => {
  const env = useShopAndBrowser();
  const giza = say(lang, 'Giza', 'الجيزة');

  it('the owner sets Giza\'s fee and the free-delivery threshold, gives a new member the back office and takes it away', async () => {
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await signInForSetUp(page, env.shop.url, OWNER, OWNER_PASSWORD);
      await page.goto(`${env.shop.url}/admin`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'Dashboard', 'لوحة المتابعة') }).waitFor();

      // Settings: grouped, every governorate listed, numbers typed in the page's digits.
      await backOfficeMenu(page, lang).getByRole('link', { name: say(lang, 'Settings', 'الإعدادات'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Settings', 'الإعدادات') }).waitFor();
      const fees = page.getByRole('group', { name: say(lang, 'Fee per governorate', 'رسوم الشحن لكل محافظة') });
      await fees.waitFor();
      expect(await fees.getByRole('textbox').count()).toBe(27);
      const gizaFee = fees.getByRole('textbox', { name: giza, exact: true });
      expect(await gizaFee.getAttribute('placeholder')).toBe(lang === 'ar' ? '٦٠' : '60');
      await axeClean(page);
      await field(page, say(lang, 'Free delivery from', 'توصيل مجاني من')).fill(lang === 'ar' ? '٥٠٠٠' : '5000');
      await gizaFee.fill(lang === 'ar' ? '٤٥' : '45');
      await page.getByRole('button', { name: say(lang, 'Save settings', 'حفظ الإعدادات'), exact: true }).click();
      await page.getByRole('status').getByText(say(lang, 'Settings saved.', 'تم حفظ الإعدادات.'), { exact: true }).waitFor();
      await axeClean(page);
      const ownerToken = await storedToken(page);
      const { settings } = await apiGet<{ settings: { free_shipping_threshold: number; governorate_fees: Record<string, number | null> } }>(env.shop.url, '/admin/settings', ownerToken);
      expect(settings.free_shipping_threshold).toBe(5000);
      expect(settings.governorate_fees).toMatchObject({ giza: 45, cairo: null });

      // Staff: add someone; the one-time password is shown once.
      await backOfficeMenu(page, lang).getByRole('link', { name: say(lang, 'Staff', 'فريق العمل'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Staff', 'فريق العمل') }).waitFor();
      await page.getByText(OWNER, { exact: true }).waitFor();
      await axeClean(page);
      const email = `nour-${lang}@attar.eg`;
      const form = page.getByRole('region', { name: say(lang, 'Add someone', 'إضافة عضو') });
      await field(form, say(lang, 'Email', 'البريد الإلكتروني')).fill(email);
      await field(form, say(lang, 'Name', 'الاسم')).fill(say(lang, 'Nour Ali', 'نور علي'));
      await form.getByRole('button', { name: say(lang, 'Add', 'إضافة'), exact: true }).click();
      const oneTime = page.getByTestId('one-time-password');
      await oneTime.waitFor();
      const password = plain(await oneTime.textContent()).trim();
      expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
      await page.getByText(say(lang, 'Shown only now', 'تظهر الآن فقط'), { exact: false }).waitFor();
      await axeClean(page);
      const memberToken = await apiSignIn(env.shop.url, email, password);
      expect((await fetch(`${env.shop.url}/api/user/profile`, { headers: { authorization: `Bearer ${memberToken}` } })).status).toBe(200);
      await page.getByRole('button', { name: say(lang, 'Done, I have given it', 'تم، سلّمتها له'), exact: true }).click();

      // …and take it away, after a confirmation: their session ends at once.
      const card = page.getByRole('listitem').filter({ hasText: email });
      await card.getByRole('button', { name: say(lang, 'Remove access', 'إزالة الصلاحية'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await axeClean(page);
      await dialog.getByRole('button', { name: say(lang, 'Remove access', 'إزالة الصلاحية'), exact: true }).click();
      await page.getByRole('status').getByText(say(lang, 'no longer has access', 'لم تعد لدى'), { exact: false }).waitFor();
      await card.waitFor({ state: 'detached' });
      expect((await fetch(`${env.shop.url}/api/user/profile`, { headers: { authorization: `Bearer ${memberToken}` } })).status).toBe(401);
      await axeClean(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a cart kept offline meets a raised price: back online the cart and checkout point it out, with Giza\'s fee and the server\'s amount', async () => {
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await page.goto(`${env.shop.url}/sign-in`);
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      await waitForServiceWorker(page);
      const token = await storedToken(page);
      await apiPost(env.shop.url, '/addToCard', token, { product_id: PRODUCT });
      const before = (await apiGet<CartData>(env.shop.url, '/showCard', token, lang)).product_in_card.find((l) => l.product_id === PRODUCT)!;
      const was = before.product_price;

      // The cart, seen online, is kept on the device.
      await page.goto(`${env.shop.url}/cart`);
      const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: before.product_name }) });
      await line.waitFor();
      // Saved with the line (an earlier save, before the add, may be on disk already).
      await expect.poll(async () => (await persistedData<CartData>(page, ['cart', lang, token]))?.product_in_card.map((l) => l.product_id))
        .toEqual([PRODUCT]);

      // Offline, a reload shows the cart the device kept, at the price the shopper saw.
      await context.setOffline(true);
      await page.reload();
      await line.waitFor();
      expect(await line.getByTestId('price-changed').count()).toBe(0);
      expect(money(await line.getByTestId('unit-price').textContent())).toBe(was);

      // Meanwhile the owner raises the price.
      const now = was + 250;
      await raisePrice(env.shop.url, PRODUCT, now);

      // Back online: the server's cart, the new price pointed out on the line.
      await context.setOffline(false);
      const note = line.getByTestId('price-changed');
      await note.waitFor();
      expect(plain(await note.textContent())).toBe(priceChanged(lang, was, now));
      expect(money(await line.getByTestId('unit-price').textContent())).toBe(now);
      await axeClean(page);

      // Checkout: Your Info, the demo's address (Giza), then the shipping step says Giza's fee.
      await proceedToAddress(page, lang);
      await page.getByRole('radiogroup').getByRole('radio').first().waitFor();
      await page.getByRole('button', { name: say(lang, 'Next', 'التالي'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment-session/shipping');
      const scheduled = page.getByRole('radio', { name: new RegExp(`^${say(lang, 'Scheduled delivery', 'توصيل في موعد تختاره')}`) });
      await scheduled.waitFor();
      const fee = formatMoney(45, lang);
      expect(plain(await scheduled.evaluate((el) => el.closest('label')?.textContent ?? ''))).toContain(plain(say(lang, `for ${fee} to Giza.`, `مقابل ${fee} إلى الجيزة، في اليوم الذي تختاره.`)));
      await axeClean(page);
      await scheduled.check();
      await page.getByRole('group', { name: say(lang, 'Delivery date', 'تاريخ التوصيل'), exact: true }).getByRole('radio').first().check();
      await page.getByRole('button', { name: say(lang, 'Next', 'التالي'), exact: true }).click();

      // Confirm Order: the server's totals for this address, the changed price said twice before Confirm.
      await page.waitForURL((url) => url.pathname === '/payment-session/payment');
      const address = (await apiGet<{ address: { id: number; government_code: string }[] }>(env.shop.url, '/user/show/address', token, lang)).address
        .find((a) => a.government_code === 'giza')!;
      const server = await apiGet<CartData>(env.shop.url, `/showCard?address_id=${address.id}`, token, lang);
      expect(server).toMatchObject({ shiping: 45, shipping_governorate: 'giza' });
      const summary = page.getByRole('region', { name: say(lang, 'Order summary', 'ملخص الطلب') });
      await summary.waitFor();
      expect(money(await definition(summary, say(lang, `Shipping fee to ${giza}`, `رسوم الشحن إلى ${giza}`)).textContent())).toBe(45);
      expect(money(await definition(summary, say(lang, 'Amount to pay', 'المبلغ المطلوب دفعه')).textContent())).toBe(server.summary.totalAfterShiping);
      expect(plain(await definition(summary, say(lang, 'Items', 'المنتجات')).textContent())).toContain(priceChanged(lang, was, now));
      const notice = page.getByTestId('price-change-notice');
      expect(plain(await notice.textContent())).toContain(priceChanged(lang, was, now));
      await field(page, say(lang, 'Payment method', 'طريقة الدفع')).selectOption({ label: say(lang, 'Cash on delivery', 'الدفع عند الاستلام') });
      await axeClean(page);
      await page.getByRole('button', { name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/order-is-done');
      const orders = await apiGet<{ orders: { total: number }[] }>(env.shop.url, '/orders', token, lang);
      expect(orders.orders[0].total).toBe(server.summary.totalAfterShiping);
      // Offline, the worker's update check and the app's calls fail by design: nothing else may.
      expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
