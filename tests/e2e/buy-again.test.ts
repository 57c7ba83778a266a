// Journey: buy an order again from My orders (docs/rules.md, "Buy again"): the demo shopper's
// order of two units of a product with smells (each its own) and one of a product without, put
// back in the emptied cart with the same smells; and a product's Share, which copies the link on
// a browser without the Web Share API. Both languages, axe clean.
import { describe, expect, it } from 'vitest';
import { plain, useShopAndBrowser, visit } from './harness.ts';
import { apiGet, apiPost, apiSignIn, axeClean, checkoutForSetUp, say, signInForSetUp, type Lang } from './journey-helpers.ts';
import type { CartData } from '../../src/lib/contract.ts';

/** Product 1 of the seed has smells; product 3 has none. */
const WITH_SMELLS = 1;
const PLAIN = 3;

/** The demo shopper's order, placed through the API: two units of product 1 in two smells, one of product 3. */
async function placeOrder(shopUrl: string, token: string, lang: Lang) {
  for (const id of [WITH_SMELLS, WITH_SMELLS, PLAIN]) await apiPost(shopUrl, '/addToCard', token, { product_id: id });
  const cart = await apiGet<CartData>(shopUrl, '/showCard', token, lang);
  const line = cart.product_in_card.find((l) => l.product_id === WITH_SMELLS)!;
  const smells = [line.product_smell[1], line.product_smell[0]];
  await apiPost(shopUrl, `/add/smell/${line.id}`, token, { smell: smells }, lang);
  const order = await checkoutForSetUp(shopUrl, token, lang);
  return { order, smells };
}

describe.each(['en', 'ar'] as const)('buy again and share, in %s', (lang) => {
  const env = useShopAndBrowser();

  it('buys an order again from My orders: the cart fills with the same products and smells', async () => {
    const { shop } = env;
    const token = await apiSignIn(shop.url);
    // Whatever the demo cart held goes with this order: the cart is empty after it.
    const { order, smells } = await placeOrder(shop.url, token, lang);
    expect((await apiGet<CartData>(shop.url, '/showCard', token, lang)).card_count).toBe(0);
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await signInForSetUp(page, shop.url, 'demo@attar.eg', 'attar123');
      await page.goto(shop.url + '/myOrders');
      const row = page.getByRole('listitem', { name: say(lang, `Order ${order.number}`, `الطلب ${order.number}`) });
      const button = row.getByRole('button', { name: say(lang, `Buy again, order ${order.number}`, `اطلبه تاني، الطلب ${order.number}`), exact: true });
      await button.waitFor();
      await axeClean(page);
      await button.click();

      // What was added, by name, in the page's language (read once the press has reached the server).
      await expect.poll(async () => (await apiGet<CartData>(shop.url, '/showCard', token, lang)).card_count).toBe(3);
      const cart = await apiGet<CartData>(shop.url, '/showCard', token, lang);
      const oils = cart.product_in_card.find((l) => l.product_id === WITH_SMELLS)!;
      const plainOne = cart.product_in_card.find((l) => l.product_id === PLAIN)!;
      const told = say(lang, `Added to your cart: ${oils.product_name} (×2) and ${plainOne.product_name}.`, `أضفنا إلى سلتك: ${oils.product_name} (×٢) و${plainOne.product_name}.`);
      await page.getByText(told, { exact: true }).waitFor();
      await axeClean(page);

      expect(cart.card_count).toBe(3);
      expect(oils.smell).toEqual(smells);
      expect(plainOne).toMatchObject({ product_qty: 1, smell: [null] });
      // The bar's badge follows the cart the answer brought.
      await expect.poll(async () => plain(await page.getByRole('link', { name: /^(Cart|السلة)/ }).first().getAttribute('aria-label'))).toBe(
        say(lang, 'Cart, 3 items', 'السلة، ٣ منتجات'),
      );

      // Offline: it waits in the cart's queue, the button says so, and a second press queues nothing more.
      await context.setOffline(true);
      await page.getByTestId('offline-status').getByText(say(lang, 'You are offline', 'أنت غير متصل بالإنترنت'), { exact: true }).waitFor();
      await button.click();
      await page.getByText(say(lang, 'You are offline. This change will be sent when you are back online.', 'أنت غير متصل بالإنترنت. سيُرسل هذا التغيير عند عودة الاتصال.'), { exact: true }).first().waitFor();
      const waiting = row.getByRole('button', { name: say(lang, `Waiting for a connection, order ${order.number}`, `في انتظار الاتصال، الطلب ${order.number}`), exact: true });
      await waiting.waitFor();
      await axeClean(page);
      await waiting.click();
      // Back online: sent once, and what was added is said then (the stock allows one more order).
      await context.setOffline(false);
      await button.waitFor();
      await expect.poll(async () => (await apiGet<CartData>(shop.url, '/showCard', token, lang)).card_count).toBe(6);
      expect((await apiGet<CartData>(shop.url, '/showCard', token, lang)).product_in_card.find((l) => l.product_id === WITH_SMELLS)!.smell)
        .toEqual([...smells, ...smells]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shares a product\'s link: on a browser without the Web Share API, Copy link puts it on the clipboard and says so', async () => {
    const { shop } = env;
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
      // Chromium on Linux has no share sheet; taken away anyway, so the test says what it covers.
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
        Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true });
      });
      await page.goto(`${shop.url}/products/product-details/${PLAIN}`);
      const copy = page.getByRole('button', { name: say(lang, 'Copy link', 'نسخ الرابط'), exact: true });
      await copy.click();
      await page.getByText(say(lang, 'Link copied to clipboard!', 'تم نسخ الرابط إلى الحافظة!'), { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${shop.url}/products/product-details/${PLAIN}`);
      await axeClean(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
