// Journey: the wishlist heart and add to cart from a product card, with the
// cart badge; a visitor is sent to sign in.
import { describe, expect, it } from 'vitest';
import { plain, seriousViolations, useShopAndBrowser, visit } from './harness.ts';
import { badgeCount, expectBadge, failedLoad, say, settled, settledBadge, signInWithForm } from './journey-helpers.ts';

const env = useShopAndBrowser();

describe.each(['en', 'ar'] as const)('wishlist and cart, in %s', (lang) => {
  it('as the demo user: the heart shows as added, /wishlist lists it, the badge counts the units', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/sign-in');
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      await page.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية') })
        .getByRole('link', { name: say(lang, 'Products', 'المنتجات'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/products');
      const grid = page.locator('section[aria-labelledby="product-grid-count"]');
      // Each language takes its own card: the two runs share the demo account.
      const card = grid.getByTestId('product-card').nth(lang === 'ar' ? 1 : 0);
      const heading = card.getByRole('heading', { level: 3 });
      await heading.waitFor();
      const name = plain(await heading.textContent()).trim();

      // The heart.
      const heart = card.getByRole('button', { name: say(lang, `Add ${name} to wishlist`, `أضف ${name} إلى قائمة الأمنيات`), exact: true });
      expect(await heart.getAttribute('data-fav')).toBe('false');
      await heart.click();
      const added = card.getByRole('button', { name: say(lang, `Remove ${name} from wishlist`, `أزل ${name} من قائمة الأمنيات`), exact: true });
      await added.waitFor();
      expect(await added.getAttribute('data-fav')).toBe('true');

      // Add to cart twice: the badge counts units.
      const before = await settledBadge(page, env.shop.url, lang);
      const addToCart = card.getByRole('button', { name: say(lang, `Add to cart: ${name}`, `أضف إلى السلة: ${name}`), exact: true });
      await addToCart.click();
      await expectBadge(page, before + 1);
      await addToCart.click();
      await expectBadge(page, before + 2);
      if (lang === 'en') expect(before).toBe(0); // the demo cart starts empty: add twice → 2

      // /wishlist lists the product; the heart is still filled after the trip.
      await page.getByRole('link', { name: say(lang, 'Wishlist', 'قائمة الأمنيات'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/wishlist');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Wishlist', 'قائمة الأمنيات'), exact: true }).waitFor();
      await page.getByRole('main').getByRole('heading', { level: 3, name, exact: true }).waitFor();
      await expectBadge(page, before + 2);

      // A reload keeps the badge (the shell fetches the cart's count).
      await page.reload();
      await page.getByRole('main').getByRole('heading', { level: 3, name, exact: true }).waitFor();
      await expectBadge(page, before + 2);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('as a visitor: add to cart sends to /sign-in with "Please Login First"', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/products');
      const card = page.locator('section[aria-labelledby="product-grid-count"]').getByTestId('product-card').first();
      const heading = card.getByRole('heading', { level: 3 });
      await heading.waitFor();
      const name = plain(await heading.textContent()).trim();
      expect(await badgeCount(page)).toBe(0);
      await card.getByRole('button', { name: say(lang, `Add to cart: ${name}`, `أضف إلى السلة: ${name}`), exact: true }).click();

      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByText(say(lang, 'Please Login First', 'يُرجى تسجيل الدخول أولًا'), { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Sign in', 'تسجيل الدخول'), exact: true }).waitFor();
      expect(await badgeCount(page)).toBe(0);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      // The refused POST /api/addToCard is the one console error Chromium must log here.
      const [refused, ...others] = problems;
      expect(refused).toMatch(failedLoad(401));
      expect(others).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
