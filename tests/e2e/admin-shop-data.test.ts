// Journeys through the owner's shop data (docs/rules.md, "Coupons" and "Back office: the shop's
// data"), in English and Arabic, axe on every screen and dialog, no console error:
//   1. the owner makes a coupon in the back office (a percent of 150 refused first, on its field);
//      the demo shopper types it into the cart's coupon field, sees the discount, and checks out
//      with it; the back office then counts its use;
//   2. the owner changes the banner in both languages, and the shop's next page load shows it;
//      the owner moves a category up, and the home page lists it higher.
import { describe, expect, it } from 'vitest';
import { plain, useShopAndBrowser, visit } from './harness.ts';
import {
  apiGet, apiPost, axeClean, catalogGet, checkoutToPayment, COUPONS, couponCard, createCoupon, eastern, field, money, openOwnerScreen, ownerMenuTo,
  say, signInDemo, takenOver, type Lang,
} from './journey-helpers.ts';
import type { CartData } from '../../src/lib/contract.ts';

/** Product 3 of the seed (Royal Oud Gift Box, 2,650 EGP): no smells, no gift; one unit is a complete cart. */
const PRODUCT = 3;

describe.each(['en', 'ar'] as const)('the owner\'s shop data (%s)', (lang: Lang) => {
  const env = useShopAndBrowser();

  const code = `EID${lang.toUpperCase()}25`;

  it('the owner makes a coupon in the back office, a percent of 150 refused first on its field', async () => {
    const { shop } = env;
    const owner = await visit(env.browser, lang);
    try {
      const { page } = owner;
      await openOwnerScreen(page, shop.url, lang, COUPONS);
      await page.getByRole('heading', { level: 2, name: 'WELCOME10' }).waitFor();
      await axeClean(page);

      const card = await createCoupon(page, lang, { code, percent: 25, minimum: 500, oncePerCustomer: true }, async (dialog) => {
        const discount = field(dialog, say(lang, 'Discount', 'الخصم'));
        // Typed in the page's digits: Eastern Arabic in Arabic.
        await discount.fill(lang === 'ar' ? eastern('150') : '150');
        await dialog.getByRole('button', { name: say(lang, 'Create the coupon', 'إنشاء الكوبون'), exact: true }).click();
        // Refused before it is sent, on the field, which takes the focus.
        const tooMuch = say(lang, 'A percentage is a whole number from 1 to 100.', 'النسبة المئوية عدد صحيح من ١ إلى ١٠٠.');
        await dialog.getByText(tooMuch, { exact: true }).waitFor();
        expect(await discount.getAttribute('aria-invalid')).toBe('true');
        await expect.poll(() => discount.evaluate((el) => el === document.activeElement)).toBe(true);
        await axeClean(page);
        await discount.fill(lang === 'ar' ? eastern('25') : '25');
      });
      expect(plain(await card.textContent())).toContain(say(lang, 'Used 0 times, no limit', 'لم يُستخدم بعد، دون حد أقصى'));
      await axeClean(page);
      expect(owner.problems).toEqual([]);
    } finally {
      await owner.context.close();
    }
  });

  it('the demo shopper applies it in the cart, sees the discount and checks out with it; the back office counts the use', async () => {
    const { shop } = env;
    const shopper = await visit(env.browser, lang);
    try {
      const { page } = shopper;
      const token = await signInDemo(page, shop.url);
      // The set-up: one unit of product 3 in the cart (the cart's screens are checkout.test.ts's journey).
      await apiPost(shop.url, '/addToCard', token, { product_id: PRODUCT });
      await page.goto(`${shop.url}/cart`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'Cart', 'السلة'), exact: true }).waitFor();
      await field(page, say(lang, 'Coupon code', 'رمز الكوبون')).fill(code.toLowerCase());
      await page.getByRole('button', { name: say(lang, 'Apply', 'تطبيق'), exact: true }).click();
      await page.getByRole('button', { name: say(lang, `Remove coupon ${code}`, `إزالة الكوبون ${code}`), exact: true }).waitFor();
      const cart = await apiGet<CartData>(shop.url, '/showCard', token, lang);
      expect(cart).toMatchObject({ coupon: code, coupon_problem: null, coupon_discount: 662.5, price_after_coupon: 2650 - 662.5 });
      // The discount as the cart's summary shows it: 25 % of 2,650.00.
      await expect.poll(async () => money(await page.getByTestId('summary-coupon-discount').textContent())).toBe(662.5);
      expect(money(await page.getByTestId('summary-total').textContent())).toBe(cart.summary.total);
      await axeClean(page);

      // Checkout: the info, the saved address, free delivery, cash on delivery.
      await checkoutToPayment(page, lang);
      await page.getByRole('button', { name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/order-is-done');
      const done = page.getByRole('region', { name: say(lang, 'Thank you for your order!', 'شكرًا لطلبك!') });
      await done.getByRole('heading', { level: 1 }).waitFor();
      const { orders } = await apiGet<{ orders: { id: number }[] }>(shop.url, '/orders', token, lang);
      const order = (await apiGet<{ order: { coupon: string | null; coupon_discount: number; total: number } }>(shop.url, `/orders/${orders[0].id}`, token, lang)).order;
      expect(order).toMatchObject({ coupon: code, coupon_discount: 662.5, total: 2650 - 662.5 });
      await axeClean(page);
      expect(shopper.problems).toEqual([]);
    } finally {
      await shopper.context.close();
    }

    // The back office counts the use.
    const again = await visit(env.browser, lang);
    try {
      await openOwnerScreen(again.page, shop.url, lang, COUPONS);
      const card = couponCard(again.page, code);
      await expect.poll(async () => plain(await card.textContent())).toContain(say(lang, 'Used 1 time, no limit', 'استُخدم مرة واحدة، دون حد أقصى'));
      expect(again.problems).toEqual([]);
    } finally {
      await again.context.close();
    }
  });

  it('the owner changes the banner and moves a category; the shop shows both on its next page load', async () => {
    const { shop } = env;
    const banner = say(lang, `Eid offers: 20% off oud ${crypto.randomUUID().slice(0, 6)}`, `عروض العيد: خصم ٢٠٪ على العود ${crypto.randomUUID().slice(0, 6)}`);
    const other = lang === 'ar' ? 'en' : 'ar';
    const visitor = await visit(env.browser, lang);
    try {
      // A visitor has the shop open (its service worker and its saved copy of home too).
      await visitor.page.goto(shop.url);
      await takenOver(visitor.page);
      const before = (await catalogGet<{ Data_home_page: { message_nav: string } }>(shop.url, '/home', lang)).Data_home_page.message_nav;
      await visitor.page.getByRole('complementary', { name: before }).waitFor();

      const owner = await visit(env.browser, lang);
      try {
        const { page } = owner;
        await openOwnerScreen(page, shop.url, lang, { en: 'Shop texts', ar: 'نصوص المتجر' });
        const mine = field(page, say(lang, `Banner in ${lang === 'en' ? 'English' : 'Arabic'}`, `الشريط ${lang === 'en' ? 'بالإنجليزية' : 'بالعربية'}`));
        expect(await mine.inputValue()).toBe(before);
        expect(await field(page, say(lang, 'Banner in Arabic', 'الشريط بالعربية')).getAttribute('dir')).toBe('rtl');
        await axeClean(page);
        await mine.fill(banner);
        await field(page, say(lang, `Banner in ${other === 'en' ? 'English' : 'Arabic'}`, `الشريط ${other === 'en' ? 'بالإنجليزية' : 'بالعربية'}`)).fill(`${banner} (${other})`);
        // A javascript: link is refused on its field before anything is sent.
        const facebook = field(page, say(lang, 'Facebook link', 'رابط فيسبوك'));
        const facebookBefore = await facebook.inputValue();
        await facebook.fill('javascript:alert(1)');
        const save = page.getByRole('button', { name: say(lang, 'Save the texts', 'حفظ النصوص'), exact: true });
        await save.click();
        await page.getByText(say(lang, 'Enter a full https:// address.', 'أدخل عنواناً كاملاً يبدأ بـ https://.'), { exact: true }).waitFor();
        await expect.poll(() => facebook.evaluate((el) => el === document.activeElement)).toBe(true);
        await axeClean(page);
        await facebook.fill(facebookBefore);
        await save.click();
        await page.getByRole('status').filter({ hasText: say(lang, 'The shop\'s texts were saved.', 'تم حفظ نصوص المتجر.') }).waitFor();
        await axeClean(page);

        // A category moved up one place: "Move … up" keeps the focus on that category.
        await ownerMenuTo(page, lang, { en: 'Categories', ar: 'الأقسام' });
        const home = await catalogGet<{ categories: { id: number; name: string }[] }>(shop.url, '/home', lang);
        const second = home.categories[1];
        const up = page.getByRole('button', { name: say(lang, `Move ${second.name} up`, `تحريك ${second.name} لأعلى`), exact: true });
        await axeClean(page);
        await up.click();
        await page.getByRole('status').filter({ hasText: say(lang, `${second.name} is now number 1.`, `أصبح ${second.name} في الترتيب ١.`) }).waitFor();
        await expect.poll(() => page.getByRole('button', { name: say(lang, `Move ${second.name} down`, `تحريك ${second.name} لأسفل`), exact: true })
          .evaluate((el) => el === document.activeElement)).toBe(true);
        await axeClean(page);
        // The category's dialog, looked at too.
        await page.getByRole('button', { name: say(lang, `Edit ${second.name}`, `تعديل ${second.name}`), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: say(lang, 'Edit category', 'تعديل القسم') });
        await dialog.waitFor();
        expect(await field(dialog, say(lang, 'Name in Arabic', 'الاسم بالعربية')).getAttribute('dir')).toBe('rtl');
        await axeClean(page);
        await dialog.getByRole('button', { name: say(lang, 'Cancel', 'إلغاء'), exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(owner.problems).toEqual([]);

        // The visitor's next page load: the new banner, the category first.
        await visitor.page.reload();
        await takenOver(visitor.page);
        await visitor.page.getByRole('complementary', { name: banner }).waitFor();
        const tiles = visitor.page.getByRole('region', { name: say(lang, 'Categories', 'الأقسام') }).getByRole('link');
        await expect.poll(async () => plain(await tiles.first().textContent()).trim()).toBe(second.name);
        // And in the other language, from the server.
        expect((await catalogGet<{ Data_home_page: { message_nav: string } }>(shop.url, '/home', other)).Data_home_page.message_nav).toBe(`${banner} (${other})`);
        expect(visitor.problems).toEqual([]);
      } finally {
        await owner.context.close();
      }
    } finally {
      await visitor.context.close();
    }
  });
});
