// Journey: the demo shopper's own actions on their orders (docs/rules.md,
// "Payment status", "Order statuses"): a Vodafone Cash order placed through
// checkout and its transfer reported on its tracking page, and a pending order cancelled from My orders
// with its confirmation dialog, its stock back in the shop.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Static } from 'typebox';
import { plain, seriousViolations, useShopAndBrowser, visit } from './harness.ts';
import { apiGet, apiPost, apiSignIn, checkoutForSetUp, checkoutToPayment, eastern, field, say, settled, signInForSetUp, stockNow, type Lang } from './journey-helpers.ts';
import type { CartData } from '../../src/lib/contract.ts';
import type { OrderDetail as OrderDetailSchema } from '../../server/contract/checkout.ts';

type OrderDetail = Static<typeof OrderDetailSchema>;


/** Product 3 of the seed: no smells, no gift; one unit is a complete cart. */
const PRODUCT = 3;

async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * Places an order of one unit of product 3 through the API, as checkout does (the journeys of
 * checkout.test.ts walk the screens; here the order is the set-up): the order, and the product's
 * stock as the cart said it before and the units ordered.
 */
async function placeOrder(shopUrl: string, token: string, payment: 'cach' | 'delivery', lang: Lang): Promise<{ order: OrderDetail; stockBefore: number; qty: number }> {
  await apiPost(shopUrl, '/addToCard', token, { product_id: PRODUCT });
  const cart = await apiGet<CartData>(shopUrl, '/showCard', token, lang);
  const line = cart.product_in_card.find((l) => l.product_id === PRODUCT);
  if (!line) throw new Error('product 3 is not in the cart');
  const placed = await checkoutForSetUp(shopUrl, token, lang, payment);
  const order = (await apiGet<{ order: OrderDetail }>(shopUrl, `/orders/${placed.id}`, token, lang)).order;
  return { order, stockBefore: line.stock, qty: line.product_qty };
}

describe.each(['en', 'ar'] as const)('my order, in %s', (lang) => {
  const env = useShopAndBrowser();

  it('places a Vodafone Cash order, reports the transfer on its tracking page and reads it back in words', async () => {
    const { shop } = env;
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      // 1. Signed in (the set-up; checkout.test.ts walks the form); one unit of product 3 in the cart; checkout through its screens with Vodafone Cash.
      const token = await signInForSetUp(page, shop.url, 'demo@attar.eg', 'attar123');
      await apiPost(shop.url, '/addToCard', token, { product_id: PRODUCT });
      await page.goto(shop.url + '/cart');
      await checkoutToPayment(page, lang, 'wallet');
      await page.getByRole('button', { name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/order-is-done');

      // 2. Its tracking page, from the thank-you screen.
      await page.getByRole('link', { name: say(lang, 'Track this order', 'تتبّع هذا الطلب'), exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/trackOrders/'));
      const id = Number(new URL(page.url()).pathname.split('/')[2]);
      const order = (await apiGet<{ order: OrderDetail }>(shop.url, `/orders/${id}`, token)).order;
      expect(order).toMatchObject({ payment: 'cach', payment_status: 'awaiting', status: 'pending' });
      const payment = page.getByRole('region', { name: say(lang, 'Payment', 'الدفع'), exact: true });
      await payment.getByText(say(lang, 'Awaiting your transfer', 'في انتظار تحويلك'), { exact: true }).waitFor();
      // The shop's wallet in the page's digits.
      const wallet = lang === 'ar' ? eastern(order.wallet_phone) : order.wallet_phone;
      expect(plain(await payment.textContent())).toContain(wallet);
      await axeClean(page);

      await field(payment, say(lang, 'Wallet you sent from', 'المحفظة التي حوّلت منها')).fill(lang === 'ar' ? eastern('01011112222') : '01011112222');
      await field(payment, say(lang, 'Transfer reference', 'رقم مرجع التحويل')).fill('VC-778899');
      await payment.getByRole('button', { name: say(lang, 'Report transfer', 'أبلغ عن التحويل'), exact: true }).click();
      await payment.getByText(say(lang, 'Transfer reported, being checked', 'تم الإبلاغ عن التحويل، جارٍ التحقق منه'), { exact: true }).waitFor();
      await payment.getByText('VC-778899', { exact: true }).waitFor();
      expect(plain(await payment.textContent())).toContain(lang === 'ar' ? eastern('01011112222') : '01011112222');
      await axeClean(page);

      const stored = (await apiGet<{ order: OrderDetail }>(shop.url, `/orders/${id}`, token)).order;
      expect(stored).toMatchObject({ payment_status: 'reported', payment_sender_phone: '01011112222', payment_reference: 'VC-778899' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('cancels a pending order from My orders with the dialog, and its stock comes back', async () => {
    const { shop } = env;
    const token = await apiSignIn(shop.url);
    const { order, stockBefore, qty } = await placeOrder(shop.url, token, 'delivery', lang);
    expect(await stockNow(shop.url, token, PRODUCT)).toBe(stockBefore - qty);
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await signInForSetUp(page, shop.url, 'demo@attar.eg', 'attar123');
      await page.goto(shop.url + '/myOrders');
      const row = page.getByRole('listitem', { name: say(lang, `Order ${order.number}`, `الطلب ${order.number}`) });
      await row.getByText(say(lang, 'Pay on delivery', 'يُدفع عند الاستلام'), { exact: true }).waitFor();
      const opener = row.getByRole('button', { name: say(lang, `Cancel order ${order.number}`, `إلغاء الطلب ${order.number}`), exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: say(lang, `Cancel order ${order.number}?`, `إلغاء الطلب ${order.number}؟`) });
      await dialog.waitFor();
      await axeClean(page);

      // Escape closes it, nothing sent, the focus back on the button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

      await opener.click();
      await dialog.waitFor();
      await field(dialog, say(lang, 'Reason (optional)', 'السبب (اختياري)')).fill(say(lang, 'Ordered twice', 'طلبته مرتين'));
      await dialog.getByRole('button', { name: say(lang, 'Cancel order', 'إلغاء الطلب'), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText(say(lang, 'Cancelled', 'ملغي'), { exact: true }).waitFor();
      await expect.poll(() => opener.count()).toBe(0);
      // The button went with the pending status: the focus is on the row's Track link.
      const track = row.getByRole('link', { name: say(lang, `Track order ${order.number}`, `تتبّع الطلب ${order.number}`), exact: true });
      await expect.poll(() => track.evaluate((el) => el === document.activeElement)).toBe(true);
      await axeClean(page);

      const stored = (await apiGet<{ order: OrderDetail }>(shop.url, `/orders/${order.id}`, token)).order;
      expect(stored.status).toBe('cancelled');
      expect(stored.status_history.at(-1)).toMatchObject({ status: 'cancelled', reason: say(lang, 'Ordered twice', 'طلبته مرتين') });
      expect(await stockNow(shop.url, token, PRODUCT)).toBe(stockBefore);

      // The tracking page says why.
      await page.goto(`${shop.url}/trackOrders/${order.id}/${order.number}`);
      await page.getByText(say(lang, 'Ordered twice', 'طلبته مرتين'), { exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
