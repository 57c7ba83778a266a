// What search engines and link previews read (docs/seo.md; server/plugins/external/page-head.ts):
// the server's first HTML, with JavaScript off, carries the page's own title, description and
// addresses in the language its URL names; with the app running, the head stays right as the
// shopper navigates, and the page's JSON-LD breaks no rule of the Content-Security-Policy.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShopAndBrowser, visit } from './harness.ts';
import { catalogGet } from './journey-helpers.ts';

const env = useShopAndBrowser();

interface Details { OverView_Product: { name: string } }

async function head(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    alternates: Object.fromEntries([...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
    data: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as { '@type': string; name?: string }),
  }));
}

describe('the head search engines read', () => {
  it('with JavaScript off, a product page\'s first HTML has its own title and description, in both languages by ?lang=', async () => {
    const id = 1;
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      for (const lang of ['en', 'ar'] as const) {
        const name = (await catalogGet<Details>(env.shop.url, `/products/details/${id}`, lang)).OverView_Product.name;
        const res = await page.goto(`${env.shop.url}/products/product-details/${id}?lang=${lang}`);
        expect(res!.status()).toBe(200);
        const shown = await head(page);
        expect(shown.lang).toBe(lang);
        expect(shown.title).toBe(`${name} | ${lang === 'ar' ? 'عطّار' : 'Attar'}`);
        expect(shown.description!.length).toBeGreaterThan(20);
        expect(shown.description).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /^[\x20-\x7e…]+$/);
        expect(shown.descriptions).toBe(1);
        // The shop's address (PUBLIC_URL: the server's own here), never the browser's Host.
        expect(shown.canonical).toMatch(new RegExp(`/products/product-details/${id}\\?lang=${lang}$`));
        expect(Object.keys(shown.alternates).sort()).toEqual(['ar', 'en', 'x-default']);
        expect(shown.data.find((d) => d['@type'] === 'Product')?.name).toBe(name);
      }
      // ?lang=ar became the shopper's choice (the cookie): the next page without it is Arabic too.
      await page.goto(`${env.shop.url}/offers`);
      expect((await head(page)).title).toBe('العروض | عطّار');
    } finally {
      await context.close();
    }
  });

  it('with the app running, the head follows the shopper, and the JSON-LD meets the CSP', async () => {
    const { page, context, problems } = await visit(env.browser, 'en');
    try {
      await page.goto(`${env.shop.url}/products/product-details/1?lang=ar`);
      const name = (await catalogGet<Details>(env.shop.url, '/products/details/1', 'ar')).OverView_Product.name;
      // The app has taken the page over (its h1 is the app's, no longer inert).
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
      const first = await head(page);
      expect(first.title).toBe(`${name} | عطّار`);
      expect(first.descriptions).toBe(1);
      await page.goto(`${env.shop.url}/offers?lang=ar`);
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
      await page.getByRole('link', { name: 'الأكثر مبيعاً' }).first().click();
      await page.waitForURL(/\/bestSeller$/);
      await page.waitForFunction(() => document.title === 'الأكثر مبيعاً | عطّار');
      const moved = await head(page);
      expect(moved.description).toBe('العطور والعود والبخور الأكثر طلبًا من زبائن عطّار، بتوصيل لكل مصر.');
      // Reached by a link, the bare address: its own canonical (x-default), naming both languages.
      expect(moved.canonical).toBe(`${new URL(first.canonical!).origin}/bestSeller`);
      expect(moved.alternates.ar).toBe(`${new URL(first.canonical!).origin}/bestSeller?lang=ar`);
      expect(moved.alternates.en).toBe(`${new URL(first.canonical!).origin}/bestSeller?lang=en`);
      // The server's structured data and preview tags were the offers page's: gone with it.
      expect(moved.data).toEqual([]);
      expect(await page.locator('meta[property^="og:"]').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a product that does not exist answers 404, and the app still shows its own "not found"', async () => {
    const { page, context, problems } = await visit(env.browser, 'ar');
    try {
      const res = await page.goto(`${env.shop.url}/products/product-details/999999`);
      expect(res!.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'المنتج غير موجود' }).waitFor();
      expect(await page.title()).toBe('المنتج غير موجود | عطّار');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
