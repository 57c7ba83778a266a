import { describe, expect, it } from 'vitest';
import { footerLink, plain, seriousViolations, useShopAndBrowser, visit } from './harness.ts';

const env = useShopAndBrowser();

describe.each(['en', 'ar'] as const)('home and shell, in %s', (lang) => {
  it('shows the shell and the home sections in the shopper\'s language, accessible and without errors', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(
        lang === 'ar' ? ['ar', 'rtl'] : ['en', 'ltr'],
      );
      // Banner: message_nav 23 times (the track holds them twice, for a seamless loop).
      expect(await page.locator('[data-testid="banner-copies"]').first().locator('> span').count()).toBe(23);
      // Navigation in the language; the toggle names the other one.
      await page.getByRole('link', { name: lang === 'ar' ? 'المنتجات' : 'Products' }).first().waitFor();
      expect(await page.getByTestId('language-toggle').textContent()).toBe(lang === 'ar' ? 'English' : 'العربية');
      // Sections with cards and prices in the language's digits.
      for (const heading of lang === 'ar' ? ['الأقسام', 'العروض', 'الأكثر مبيعاً', 'وصل حديثاً'] : ['Categories', 'Offers', 'Best sellers', 'New arrivals']) {
        await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      }
      const price = plain(await page.getByTestId('price').first().textContent());
      expect(price).toMatch(lang === 'ar' ? /^[٠-٩٬٫]+ ج\.م\.$/ : /^EGP [\d,]+\.\d{2}$/);
      // Footer from /products/bestseller.
      await footerLink(page, lang === 'ar' ? 'تيك توك' : 'TikTok');
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches language mid-visit without a reload, staying on the page, and keeps the choice', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const other = lang === 'ar' ? 'en' : 'ar';
      const firstHeading = await page.getByRole('heading', { level: 1 }).textContent();
      await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
      await page.getByTestId('language-toggle').click();
      await page.waitForFunction((dir) => document.documentElement.dir === dir, other === 'ar' ? 'rtl' : 'ltr');
      await page.waitForFunction((h) => document.querySelector('h1')?.textContent !== h, firstHeading);
      // No reload happened, and the page is the same.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('link', { name: other === 'ar' ? 'المنتجات' : 'Products' }).first().waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(other === 'ar' ? 'rtl' : 'ltr');
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
