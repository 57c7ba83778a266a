// Journey: the demo shopper fills a cart (a smell per unit, a 'buy 2 get 1'
// gift, WELCOME10, points), checks out with a new address, a chosen day and
// Vodafone Cash, finds the order in myOrders, and sees the shop's status
// change on its tracking page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { plain, seriousViolations, shopCommand, useShopAndBrowser, visit } from './harness.ts';
import {
  apiGet, badgeCount, definition, eastern, expectBadge, field, listMarkers, money, say, settled, settledBadge, signInForSetUp, signInWithForm, storedToken, takenOver, type Lang,
} from './journey-helpers.ts';
import { formatLongDay, formatShortDay, formatTimestamp } from '../../src/lib/dates.ts';
import type { Static } from 'typebox';
import type { CartData } from '../../src/lib/contract.ts';
import type { OrderDetail as OrderDetailSchema, OrderRow as OrderRowSchema } from '../../server/contract/checkout.ts';
import type { Meta } from '../../server/contract/catalog.ts';

// The contract's own shapes (server/contract), so the journey reads what the API promises.
type Cart = CartData;
type OrderRow = Static<typeof OrderRowSchema>;
interface Orders { orders: OrderRow[]; meta: Static<typeof Meta> }
type OrderDetail = Static<typeof OrderDetailSchema>;


async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Opens a product page and adds it to the cart `times` times with its own "Add to cart" button; returns its name. */
async function addFromProductPage(page: Page, lang: Lang, shopUrl: string, productId: number, times: number): Promise<string> {
  await page.goto(`${shopUrl}/products/product-details/${productId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  const name = plain(await heading.textContent()).trim();
  // The heading is already in the server's page, where the badge is a visitor's (none): it is read
  // once the app has taken over and shows the server's count (an earlier test may have left a unit).
  await takenOver(page);
  await settledBadge(page, shopUrl, lang);
  const add = page.getByRole('main').getByRole('button', { name: say(lang, 'Add to cart', 'أضف إلى السلة'), exact: true });
  for (let i = 0; i < times; i += 1) {
    const before = await badgeCount(page);
    await add.click();
    await expectBadge(page, before + 1);
  }
  return name;
}

async function openCart(page: Page, lang: Lang) {
  await page.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية') })
    .getByRole('link', { name: new RegExp(`^${say(lang, 'Cart', 'السلة')}`) }).click();
  await page.waitForURL((url) => url.pathname === '/cart');
  await page.getByRole('heading', { level: 1, name: say(lang, 'Cart', 'السلة'), exact: true }).waitFor();
}

const proceedButton = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: say(lang, 'Proceed to checkout', 'المتابعة لإتمام الطلب'), exact: true });

/** Fills 'Your Info' (two names, an 11-digit phone, in the language's digits) and confirms. */
async function fillInfo(page: Page, lang: Lang) {
  await page.waitForURL((url) => url.pathname === '/payment-session/info');
  await page.getByRole('heading', { level: 2, name: say(lang, 'Your Info', 'بياناتك'), exact: true }).waitFor();
  await field(page, say(lang, 'Full name', 'الاسم الكامل')).fill(say(lang, 'Laila Hassan', 'ليلى حسان'));
  await field(page, say(lang, 'Phone', 'رقم الهاتف')).fill(lang === 'ar' ? eastern('01012345678') : '01012345678');
  await page.getByRole('button', { name: say(lang, 'Confirm', 'تأكيد'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/address');
}

const nextButton = (page: Page, lang: Lang) => page.getByRole('button', { name: say(lang, 'Next', 'التالي'), exact: true });
const confirmOrderButton = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true });

/** Signs in (for the set-up: the first journey walks the form), puts one unit of product 3 (no smells) in the cart and proceeds to the info step. */
async function cartToInfo(page: Page, lang: Lang, shopUrl: string) {
  await signInForSetUp(page, shopUrl, 'demo@attar.eg', 'attar123');
  await addFromProductPage(page, lang, shopUrl, 3, 1);
  await openCart(page, lang);
  await proceedButton(page, lang).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/info');
}

describe.each(['en', 'ar'] as const)('cart, checkout and orders, in %s', (lang) => {
  // A shop per language: WELCOME10 is once per shopper.
  const env = useShopAndBrowser();

  it('fills the cart, pays with Vodafone Cash on a chosen day, and follows the order', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    const { shop } = env;
    try {
      // 1. Sign in as the demo shopper.
      await page.goto(shop.url + '/sign-in');
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      const token = await storedToken(page);
      const cartNow = () => apiGet<Cart>(shop.url, '/showCard', token, lang);

      // 2. Two perfumes: product 1 once, 'buy 2 get 1' product 2 twice.
      const first = await addFromProductPage(page, lang, shop.url, 1, 1);
      const second = await addFromProductPage(page, lang, shop.url, 2, 2);
      await openCart(page, lang);
      const proceed = proceedButton(page, lang);
      const hint = page.getByText(say(lang, 'Please select all smells', 'يُرجى اختيار كل الروائح'), { exact: true });
      await proceed.waitFor();
      expect(await proceed.isDisabled()).toBe(true);
      await hint.waitFor();

      const unit = (n: number) => (lang === 'ar' ? eastern(String(n)) : String(n));
      const smellSelect = (n: number, name: string) =>
        page.getByRole('combobox', { name: say(lang, `Smell for unit ${unit(n)} of ${name}`, `رائحة القطعة ${unit(n)} من ${name}`), exact: true });
      // A line of two starts with "Same smell for every unit": one select sets both units.
      const same = page.getByRole('switch', { name: say(lang, `Same smell for every unit of ${second}`, `رائحة واحدة لكل قطع ${second}`), exact: true });
      expect(await same.isChecked()).toBe(true);
      const everyUnit = page.getByRole('combobox', { name: say(lang, `Smell for every unit of ${second}`, `رائحة كل قطع ${second}`), exact: true });
      const slots = [smellSelect(1, first), everyUnit];
      expect(await page.getByRole('combobox', { name: new RegExp(say(lang, '^Smell for unit', '^رائحة القطعة')) }).count()).toBe(1);

      // 'Updating smell...' at once, the server's message a second later.
      const smells: string[] = [];
      const smellsSaved = async () => (await cartNow()).product_in_card.flatMap((l) => l.smell).filter(Boolean).length;
      for (const [i, slot] of slots.entries()) {
        const options = slot.getByRole('option');
        const label = plain(await options.nth(1 + (i % 2)).textContent()).trim();
        smells.push(label);
        await slot.selectOption({ label });
        const chosenAt = Date.now();
        if (i === 0) {
          await page.getByText(say(lang, 'Updating smell...', 'جارٍ تحديث الرائحة...'), { exact: true }).first().waitFor();
          await page.getByText(say(lang, 'Smells saved.', 'تم حفظ الروائح.'), { exact: true }).first().waitFor();
          expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(800);
        }
        // The server has it before the next choice: the shared select sets both units.
        await expect.poll(smellsSaved).toBe(i === 0 ? 1 : 3);
        if (i < slots.length - 1) expect(await proceed.isDisabled()).toBe(true);
      }
      expect(await Promise.all(slots.map((s) => s.evaluate((el: HTMLSelectElement) => el.selectedOptions[0].textContent)))).toEqual(smells);
      expect((await cartNow()).product_in_card.find((l) => l.product_id === 2)?.smell).toEqual([smells[1], smells[1]]);

      // Switched off, each unit has its own select, showing what the server kept; unit 2 gets another smell.
      await same.click();
      await smellSelect(2, second).waitFor();
      expect(await smellSelect(1, second).evaluate((el: HTMLSelectElement) => el.selectedOptions[0].textContent)).toBe(smells[1]);
      const otherSmell = plain(await smellSelect(2, second).getByRole('option').nth(1).textContent()).trim();
      expect(otherSmell).not.toBe(smells[1]);
      await smellSelect(2, second).selectOption({ label: otherSmell });
      await expect.poll(async () => (await cartNow()).product_in_card.find((l) => l.product_id === 2)?.smell).toEqual([smells[1], otherSmell]);

      // Every smell chosen, but the 'buy 2 get 1' line still needs its gift.
      expect(await proceed.isDisabled()).toBe(true);
      await hint.waitFor();
      expect(await page.getByRole('combobox', { name: say(lang, `Free gift with ${first}`, `الهدية المجانية مع ${first}`), exact: true }).count()).toBe(0);

      // 3. The gift, the coupon, the points.
      const gift = page.getByRole('combobox', { name: say(lang, `Free gift with ${second}`, `الهدية المجانية مع ${second}`), exact: true });
      const giftName = plain(await gift.getByRole('option').nth(2).textContent()).trim();
      await gift.selectOption({ label: giftName });
      await expect.poll(async () => (await cartNow()).product_in_card.find((l) => l.product_id === 2)?.gift_id ?? null).not.toBeNull();
      await expect.poll(() => proceed.isEnabled()).toBe(true);
      await hint.waitFor({ state: 'detached' });

      await field(page, say(lang, 'Coupon code', 'رمز الكوبون')).fill('WELCOME10');
      await page.getByRole('button', { name: say(lang, 'Apply', 'تطبيق'), exact: true }).click();
      await page.getByRole('button', { name: say(lang, 'Remove coupon WELCOME10', 'إزالة الكوبون WELCOME10'), exact: true }).waitFor();

      await page.getByRole('button', { name: say(lang, 'Use points', 'استخدام النقاط'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: say(lang, 'Use points', 'استخدام النقاط') });
      await dialog.waitFor();
      // The dialog asks the server what the 1200 points are worth (1200 × 0.05 = EGP 60).
      const offer = dialog.getByText(say(lang, 'Use 1,200 points for', 'هل تريد استخدام ١٬٢٠٠ نقطة'));
      await offer.waitFor();
      expect(money(plain(await offer.textContent()).split(say(lang, 'for', 'خصم'))[1])).toBe(60);
      await dialog.getByRole('button', { name: say(lang, 'Use points', 'استخدام النقاط'), exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: say(lang, 'Stop using points', 'إيقاف استخدام النقاط'), exact: true }).waitFor();

      // The summary shows the server's numbers.
      const cart = await cartNow();
      expect(cart.coupon).toBe('WELCOME10');
      expect(cart.points_applied).toBe(true);
      expect(cart.coupon_discount).toBeGreaterThan(0);
      expect(cart.points_discount).toBe(60);
      const shown = async () => ({
        price: money(await page.getByTestId('summary-price').textContent()),
        coupon: money(await page.getByTestId('summary-coupon-discount').textContent()),
        afterCoupon: money(await page.getByTestId('summary-price-after-coupon').textContent()),
        points: money(await page.getByTestId('summary-points-discount').textContent()),
        total: money(await page.getByTestId('summary-total').textContent()),
      });
      await expect.poll(shown).toEqual({
        price: cart.subtotal,
        coupon: cart.coupon_discount,
        afterCoupon: cart.price_after_coupon,
        points: cart.points_discount,
        total: cart.summary.total,
      });
      await axeClean(page);

      // 4. Checkout: info, a new address, a chosen day, Vodafone Cash.
      await proceed.click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Checkout', 'إتمام الطلب'), exact: true }).waitFor();
      // The step bar's circles hold the numbers; its list draws no "1." ("١." in Arabic) beside them.
      const stepBar = page.getByRole('navigation', { name: say(lang, 'Checkout steps', 'خطوات إتمام الطلب') }).locator('ol');
      expect(await stepBar.locator(':scope > li').count()).toBe(4);
      expect(await listMarkers(stepBar)).toEqual([]);
      await axeClean(page);
      await fillInfo(page, lang);

      await page.getByRole('heading', { level: 2, name: say(lang, 'Delivery address', 'عنوان التوصيل'), exact: true }).waitFor();
      const radios = page.getByRole('radiogroup').getByRole('radio');
      await expect.poll(() => radios.count()).toBe(1); // the demo's saved address
      await page.getByRole('button', { name: say(lang, 'Add new address', 'إضافة عنوان جديد'), exact: true }).click();
      const addDialog = page.getByRole('dialog', { name: say(lang, 'Add new address', 'إضافة عنوان جديد') });
      await addDialog.waitFor();
      const title = say(lang, 'Office', 'المكتب');
      const governorate = say(lang, 'Alexandria', 'الإسكندرية');
      await field(addDialog, say(lang, 'Title', 'اسم العنوان')).fill(title);
      await field(addDialog, say(lang, 'Address', 'العنوان')).fill(say(lang, '14 Fouad St, Raml Station', '١٤ شارع فؤاد، محطة الرمل'));
      await field(addDialog, say(lang, 'Phone', 'رقم الهاتف')).fill('01234567890');
      await field(addDialog, say(lang, 'City', 'المدينة')).fill(say(lang, 'Alexandria', 'الإسكندرية'));
      await field(addDialog, say(lang, 'Governorate', 'المحافظة')).selectOption({ label: governorate });
      await axeClean(page);
      await addDialog.getByRole('button', { name: say(lang, 'Save address', 'حفظ العنوان'), exact: true }).click();
      await addDialog.waitFor({ state: 'detached' });
      // The new address is listed, in the active language, and chosen.
      const newAddress = page.getByRole('radio', { name: new RegExp(`^${title}.*${governorate}`) });
      await newAddress.waitFor();
      expect(await newAddress.isChecked()).toBe(true);
      expect(await radios.count()).toBe(2);
      await nextButton(page, lang).click();

      await page.waitForURL((url) => url.pathname === '/payment-session/shipping');
      await page.getByRole('heading', { level: 2, name: say(lang, 'Shipping method', 'طريقة الشحن'), exact: true }).waitFor();
      await page.getByRole('radio', { name: new RegExp(`^${say(lang, 'Scheduled delivery', 'توصيل في موعد تختاره')}`) }).check();
      // The day picker: the server's days named in words (Eastern digits in Arabic), keyboard-operable.
      const days = page.getByRole('group', { name: say(lang, 'Delivery date', 'تاريخ التوصيل'), exact: true });
      expect(await days.getByRole('radio').count()).toBe(cart.delivery_days.length);
      if (lang === 'ar') expect(plain(await days.textContent())).not.toMatch(/[0-9]/);
      await days.getByRole('radio', { name: plain(formatShortDay(cart.delivery_days[2], lang)), exact: true }).check();
      await page.keyboard.press('ArrowDown');
      const day = cart.delivery_days[3];
      const chosen = days.getByRole('radio', { name: plain(formatShortDay(day, lang)), exact: true });
      expect(await chosen.isChecked()).toBe(true);
      expect(await chosen.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByText(say(lang, `Delivery on ${formatLongDay(day, lang)}`, `التوصيل يوم ${formatLongDay(day, lang)}`), { exact: true }).waitFor();
      await axeClean(page);
      await nextButton(page, lang).click();

      await page.waitForURL((url) => url.pathname === '/payment-session/payment');
      await page.getByRole('heading', { level: 2, name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true }).waitFor();
      await field(page, say(lang, 'Payment method', 'طريقة الدفع')).selectOption({ label: say(lang, 'Vodafone Cash', 'فودافون كاش') });
      await page.getByText(say(lang, 'Pay with Vodafone Cash', 'الدفع عبر فودافون كاش'), { exact: true }).waitFor();
      // In the page's digits, like every number (Eastern Arabic in Arabic).
      expect(plain(await page.getByTestId('wallet-phone').textContent())).toBe(lang === 'ar' ? eastern(cart.phone) : cart.phone);
      const summary = page.getByRole('region', { name: say(lang, 'Order summary', 'ملخص الطلب') });
      expect(plain(await definition(summary, say(lang, 'Delivery date', 'تاريخ التوصيل')).textContent())).toBe(plain(formatLongDay(day, lang)));
      expect(plain(await definition(summary, say(lang, 'Shipping', 'الشحن')).textContent())).toBe(say(lang, 'Scheduled', 'موعد محدد'));
      expect(money(await definition(summary, say(lang, 'Amount to pay', 'المبلغ المطلوب دفعه')).textContent())).toBe(cart.summary.totalAfterShiping);
      await axeClean(page);
      await confirmOrderButton(page, lang).click();

      // 5. Order done: the number and the amount are the order's.
      await page.waitForURL((url) => url.pathname === '/order-is-done');
      const done = page.getByRole('region', { name: say(lang, 'Thank you for your order!', 'شكرًا لطلبك!') });
      await done.getByRole('heading', { level: 1 }).waitFor();
      const { orders } = await apiGet<Orders>(shop.url, '/orders', token, lang);
      expect(orders).toHaveLength(1);
      const order = await apiGet<{ order: OrderDetail }>(shop.url, `/orders/${orders[0].id}`, token, lang).then((d) => d.order);
      expect(order).toMatchObject({
        number: orders[0].number, total: cart.summary.totalAfterShiping, status: 'pending', payment: 'cach',
        shiping: 'date', delivery_date: day, coupon: 'WELCOME10', points_used: 1200,
        address: { title, government: governorate },
      });
      expect(plain(await definition(done, say(lang, 'Order number', 'رقم الطلب')).textContent())).toBe(order.number);
      expect(money(await definition(done, say(lang, 'Amount', 'المبلغ')).textContent())).toBe(order.total);
      expect(plain(await done.getByTestId('wallet-phone').textContent())).toBe(lang === 'ar' ? eastern(order.wallet_phone) : order.wallet_phone);
      await expectBadge(page, 0);
      expect((await cartNow()).product_in_card).toEqual([]);
      await axeClean(page);

      // …then in myOrders: number, 'pending' chip, total.
      await done.getByRole('link', { name: say(lang, 'My orders', 'طلباتي'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/myOrders');
      await page.getByRole('heading', { level: 1, name: say(lang, 'My orders', 'طلباتي'), exact: true }).waitFor();
      const row = page.getByRole('listitem', { name: say(lang, `Order ${order.number}`, `الطلب ${order.number}`), exact: true });
      await row.waitFor();
      expect(await page.getByRole('list', { name: say(lang, 'Orders', 'الطلبات') }).getByRole('listitem').count()).toBe(1);
      expect(plain(await definition(row, say(lang, 'Status', 'الحالة')).textContent()).trim()).toBe(say(lang, 'Pending', 'قيد الانتظار'));
      expect(money(await definition(row, say(lang, 'Total', 'الإجمالي')).textContent())).toBe(order.total);
      await axeClean(page);

      // 6. The shop confirms it; the tracking page shows the new status, reached when the shop said.
      const moved = await shopCommand(shop, 'order:status', order.number, 'confirmed');
      expect(moved.code, moved.output).toBe(0);
      await row.getByRole('link', { name: say(lang, `Track order ${order.number}`, `تتبّع الطلب ${order.number}`), exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/trackOrders/${order.id}/${order.number}`);
      await page.getByRole('heading', { level: 1, name: say(lang, `Order ${order.number}`, `الطلب ${order.number}`), exact: true }).waitFor();
      const history = (await apiGet<{ order: OrderDetail }>(shop.url, `/orders/${order.id}`, token, lang)).order.status_history;
      const at = (status: string) => plain(formatTimestamp(history.find((h) => h.status === status)!.at, lang));
      const current = page.locator('[aria-current="step"]');
      await current.getByText(say(lang, 'Confirmed (current step)', 'تم التأكيد (المرحلة الحالية)'), { exact: true }).waitFor();
      expect(plain(await current.textContent())).toContain(at('confirmed'));
      await page.getByText(say(lang, 'Pending (done)', 'قيد الانتظار (تمت)'), { exact: true }).waitFor();
      await page.getByText(say(lang, 'On the way (not yet)', 'في الطريق (لم تتم بعد)'), { exact: true }).waitFor();
      expect(plain(await page.getByRole('main').textContent())).toContain(at('pending'));
      const progress = page.getByRole('list', { name: say(lang, 'Order progress', 'مراحل الطلب') });
      expect(await progress.locator(':scope > li').count()).toBe(5);
      expect(await listMarkers(progress)).toEqual([]);
      await axeClean(page);

      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('a visitor opening /cart sees the sign-in prompt, which brings them back to the cart', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/cart');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Cart', 'السلة'), exact: true }).waitFor();
      await page.getByText(say(lang, 'Sign in to see your cart and check out.', 'سجّل الدخول لترى سلتك وتُتمّ طلبك.'), { exact: true }).waitFor();
      expect(await proceedButton(page, lang).count()).toBe(0);
      await axeClean(page);
      await page.getByRole('main').getByRole('link', { name: say(lang, 'Sign in', 'تسجيل الدخول'), exact: true }).click();
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      expect(new URL(page.url()).pathname).toBe('/cart');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Cart', 'السلة'), exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/payment-session/payment opened directly in another tab sends the shopper to /', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await cartToInfo(page, lang, env.shop.url);
      await fillInfo(page, lang);
      // A new tab: signed in (the token is shared) and the cart proceeded, but not in this tab.
      const other = await context.newPage();
      other.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
      await other.goto(env.shop.url + '/payment-session/payment');
      await other.waitForURL((url) => url.pathname === '/');
      await other.getByRole('heading', { level: 1 }).waitFor();
      await other.close();
      // The tab that proceeded keeps its step across a reload.
      await page.reload();
      await page.getByRole('heading', { level: 2, name: say(lang, 'Delivery address', 'عنوان التوصيل'), exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/payment-session/address');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a double click on Confirm Order places one order', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await cartToInfo(page, lang, env.shop.url);
      await fillInfo(page, lang);
      await page.getByRole('radio', { name: /^Home/ }).check(); // the demo's saved address
      await nextButton(page, lang).click();
      await page.waitForURL((url) => url.pathname === '/payment-session/shipping');
      await page.getByRole('radio', { name: new RegExp(`^${say(lang, 'Free delivery', 'توصيل مجاني')}`) }).check();
      await nextButton(page, lang).click();
      await page.waitForURL((url) => url.pathname === '/payment-session/payment');
      await field(page, say(lang, 'Payment method', 'طريقة الدفع')).selectOption({ label: say(lang, 'Cash on delivery', 'الدفع عند الاستلام') });

      const token = await storedToken(page);
      const before = (await apiGet<Orders>(env.shop.url, '/orders', token)).meta.total;
      const checkouts: string[] = [];
      page.on('request', (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkout') checkouts.push(r.headers()['idempotency-key'] ?? ''); });
      await confirmOrderButton(page, lang).dblclick();
      await page.waitForURL((url) => url.pathname === '/order-is-done');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Thank you for your order!', 'شكرًا لطلبك!'), exact: true }).waitFor();

      const after = await apiGet<Orders>(env.shop.url, '/orders', token);
      expect(after.meta.total).toBe(before + 1);
      // However many requests went, they were one attempt.
      expect(checkouts.length).toBeGreaterThanOrEqual(1);
      expect(new Set(checkouts).size).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
