// The whole way from the owner's back office to a shopper's order, in English and Arabic, axe on
// every back-office screen it opens, no console error (docs/rules.md, "The owner's catalog",
// "Coupons", "A price that changed since it was added"):
//   1. the owner signs in, adds a product from the back office's menu (names in both languages,
//      three smells), gives it two photos from files, and makes a coupon;
//   2. the demo shopper finds the product by the search box under either language's name, sees its
//      photo as WebP, chooses a smell and adds it; the owner raises its price meanwhile; the
//      shopper's cart, open all along, then shows the new price and says it changed; the coupon
//      applied, the order is placed at the server's totals for the new price less the coupon;
//   3. the back office counts the coupon's one use.
// The three steps share one shop per language, in this order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { plain, useShopAndBrowser, visit } from './harness.ts';
import {
  addProduct, apiGet, axeClean, changePrice, checkoutToPayment, COUPONS, couponCard, createCoupon, expectBadge, field, gradientPhoto, money,
  openOwnerScreen, ownerMenuTo, priceChanged, PRODUCTS, say, settledBadge, signInDemo, takenOver, type Lang,
} from './journey-helpers.ts';
import type { CartData } from '../../src/lib/contract.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-e2e-journey-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The price the owner sets, then the raised one (EGP); after the coupon still above free delivery's 1,500. */
const PRICE = 2000;
const RAISED = 2400;
const SMELLS = [['Amber', 'عنبر'], ['Musk', 'مسك'], ['Sandalwood', 'صندل']] as const;

/** The shop's search box on /products: the names of the cards it finds for `words`, once they are that search's. */
async function searchShop(page: Page, lang: Lang, words: string) {
  const search = page.getByRole('searchbox', { name: say(lang, 'Search products', 'ابحث في المنتجات'), exact: true });
  await search.fill(words);
  await page.waitForURL((url) => url.searchParams.get('q') === words);
  return page.locator('section[aria-labelledby="product-grid-count"]').getByRole('heading', { level: 3 });
}

describe.each(['en', 'ar'] as const)('from the owner\'s new product to a shopper\'s order (%s)', (lang: Lang) => {
  const env = useShopAndBrowser();
  const other: Lang = lang === 'en' ? 'ar' : 'en';
  const name = { en: `Amber Night ${lang}`, ar: `ليلة العنبر ${lang === 'en' ? 'أ' : 'ب'}` };
  const code = `JOURNEY${lang.toUpperCase()}10`;
  let id = 0;

  it('the owner adds a product with three smells from the menu, gives it two photos from files, and makes a coupon', async () => {
    const { shop } = env;
    const files = [path.join(folder, `front-${lang}.jpg`), path.join(folder, `side-${lang}.jpg`)];
    await gradientPhoto(files[0], 1200, 1200, lang === 'en' ? 30 : 120);
    await gradientPhoto(files[1], 900, 1200, lang === 'en' ? 60 : 150);
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await openOwnerScreen(page, shop.url, lang, PRODUCTS);
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      await axeClean(page);
      id = await addProduct(page, lang, { name, price: PRICE, stock: 20, code: `AMB-${lang.toUpperCase()}-1`, smells: SMELLS });

      // From the product's page, its photos: none yet, then both files, listed.
      await page.getByRole('link', { name: say(lang, 'Photos', 'الصور'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, `Photos of ${name[lang]}`, `صور ${name[lang]}`) }).waitFor();
      await page.getByText(say(lang, 'This product has no photos yet. The shop shows a placeholder until you add one.',
        'لا توجد صور لهذا المنتج بعد. يعرض المتجر صورة بديلة حتى تضيف صورة.'), { exact: true }).waitFor();
      await axeClean(page);
      await page.locator('#photo-files').setInputFiles(files);
      const uploads = page.getByRole('list', { name: say(lang, 'Uploads', 'الملفات المرفوعة') });
      await expect.poll(() => uploads.getByText(say(lang, 'Added', 'تمت الإضافة'), { exact: true }).count()).toBe(2);
      const cards = page.getByRole('list', { name: say(lang, 'Photos', 'الصور'), exact: true }).getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(2);
      await cards.nth(1).getByText(lang === 'en' ? '900 × 1,200' : '٩٠٠ × ١٬٢٠٠').waitFor();
      await axeClean(page);

      // A coupon: 10 % off, no minimum.
      await ownerMenuTo(page, lang, COUPONS);
      await page.getByRole('heading', { level: 2, name: 'WELCOME10' }).waitFor();
      await axeClean(page);
      const card = await createCoupon(page, lang, { code, percent: 10 });
      expect(plain(await card.textContent())).toContain(say(lang, 'Used 0 times, no limit', 'لم يُستخدم بعد، دون حد أقصى'));
      await axeClean(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a shopper finds it by either name, adds it with a smell; the owner raises its price; the cart says so and the order is at the new price less the coupon', async () => {
    const { shop } = env;
    expect(id).toBeGreaterThan(0);
    const shopper = await visit(env.browser, lang);
    try {
      const { page } = shopper;
      const token = await signInDemo(page, shop.url);

      // The search box finds it by its name in the other language too, first (its name holds every
      // word whole); the card reads the shopper's. Other products may follow ("Amber Nights").
      await page.goto(`${shop.url}/products`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'Products', 'المنتجات'), exact: true }).waitFor();
      for (const words of [name[lang], name[other]]) {
        const found = await searchShop(page, lang, words);
        await expect.poll(async () => (await found.allTextContents()).map((n) => plain(n).trim())[0]).toBe(name[lang]);
      }
      await page.locator('section[aria-labelledby="product-grid-count"]').getByRole('heading', { level: 3, name: name[lang] }).click();
      await page.waitForURL((url) => url.pathname === `/products/product-details/${id}`);
      await page.getByRole('heading', { level: 1, name: name[lang], exact: true }).waitFor();

      // Its main picture: the first photo, as WebP in the width it needs, with its size (no layout shift).
      const picture = page.getByRole('img', { name: name[lang], exact: true }).first();
      await picture.waitFor();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const seen = await picture.evaluate((img: HTMLImageElement) => ({
        currentSrc: img.currentSrc, width: img.getAttribute('width'), height: img.getAttribute('height'), srcset: img.getAttribute('srcset'),
      }));
      expect(seen.currentSrc).toMatch(/\/media\/products\/[0-9a-f]{16}-\d+\.webp$/);
      expect([seen.width, seen.height]).toEqual(['1200', '1200']);
      expect(seen.srcset).toMatch(/^\S+\.webp \d+w(?:, \S+\.webp \d+w)+$/);

      // A smell chosen, the unit added.
      await takenOver(page);
      const before = await settledBadge(page, shop.url, lang);
      const smell = SMELLS[1][lang === 'en' ? 0 : 1];
      await page.getByRole('main').getByRole('combobox', { name: say(lang, 'Smell', 'الرائحة'), exact: true }).selectOption({ label: smell });
      await page.getByRole('main').getByRole('button', { name: say(lang, 'Add to cart', 'أضف إلى السلة'), exact: true }).click();
      await expectBadge(page, before + 1);
      const line = (cart: CartData) => cart.product_in_card.find((l) => l.product_id === id);
      // The smell goes once the add is answered (the badge moves with that answer).
      await expect.poll(async () => line(await apiGet<CartData>(shop.url, '/showCard', token, lang))?.smell).toEqual([smell]);

      // The cart, open while the owner raises the price in the back office.
      await page.goto(`${shop.url}/cart`);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: name[lang] }) });
      await row.waitFor();
      expect(money(await row.getByTestId('unit-price').textContent())).toBe(PRICE);
      expect(await row.getByTestId('price-changed').count()).toBe(0);
      const owner = await visit(env.browser, lang);
      try {
        await openOwnerScreen(owner.page, shop.url, lang, PRODUCTS);
        await owner.page.goto(`${shop.url}/admin/products/${id}`);
        await owner.page.getByRole('heading', { level: 1, name: name[lang] }).waitFor();
        await changePrice(owner.page, lang, PRICE, RAISED);
        await axeClean(owner.page);
        expect(owner.problems).toEqual([]);
      } finally {
        await owner.context.close();
      }

      // Reloaded: the new price, pointed out on the line.
      await page.reload();
      await row.getByTestId('price-changed').waitFor();
      expect(plain(await row.getByTestId('price-changed').textContent())).toBe(priceChanged(lang, PRICE, RAISED));
      expect(money(await row.getByTestId('unit-price').textContent())).toBe(RAISED);

      // The coupon, typed as a shopper types it, applied at the new price.
      await field(page, say(lang, 'Coupon code', 'رمز الكوبون')).fill(code.toLowerCase());
      await page.getByRole('button', { name: say(lang, 'Apply', 'تطبيق'), exact: true }).click();
      await page.getByRole('button', { name: say(lang, `Remove coupon ${code}`, `إزالة الكوبون ${code}`), exact: true }).waitFor();
      const cart = await apiGet<CartData>(shop.url, '/showCard', token, lang);
      expect(cart).toMatchObject({ coupon: code, coupon_problem: null });
      expect(line(cart)).toMatchObject({ product_price: RAISED, previous_price: PRICE });
      expect(cart.coupon_discount).toBeGreaterThan(0);
      await expect.poll(async () => money(await page.getByTestId('summary-coupon-discount').textContent())).toBe(cart.coupon_discount);
      expect(money(await page.getByTestId('summary-total').textContent())).toBe(cart.summary.total);

      // Checkout with the saved address, free delivery and cash on delivery.
      await checkoutToPayment(page, lang);
      await page.getByRole('button', { name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/order-is-done');
      await page.getByRole('region', { name: say(lang, 'Thank you for your order!', 'شكرًا لطلبك!') }).getByRole('heading', { level: 1 }).waitFor();
      const { orders } = await apiGet<{ orders: { id: number }[] }>(shop.url, '/orders', token, lang);
      const order = (await apiGet<{ order: { items: { product_id: number; price: number; smell: string[] }[]; subtotal: number; coupon: string | null; coupon_discount: number; shipping_fee: number; total: number } }>(
        shop.url, `/orders/${orders[0].id}`, token, lang)).order;
      expect(order.items).toEqual([expect.objectContaining({ product_id: id, price: RAISED, smell: [smell] })]);
      expect(order).toMatchObject({
        coupon: code, coupon_discount: cart.coupon_discount, subtotal: cart.subtotal, shipping_fee: 0, total: cart.summary.total,
      });
      expect(shopper.problems).toEqual([]);
    } finally {
      await shopper.context.close();
    }
  });

  it('the back office counts the coupon\'s one use', async () => {
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await openOwnerScreen(page, env.shop.url, lang, COUPONS);
      const card = couponCard(page, code);
      await expect.poll(async () => plain(await card.textContent())).toContain(say(lang, 'Used 1 time, no limit', 'استُخدم مرة واحدة، دون حد أقصى'));
      await axeClean(page);
      // And the dashboard, the day's order on it, looked at too.
      await ownerMenuTo(page, lang, { en: 'Dashboard', ar: 'لوحة المتابعة' });
      await axeClean(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
