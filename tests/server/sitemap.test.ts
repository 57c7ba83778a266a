// /robots.txt and /sitemap.xml (server/plugins/external/sitemap.ts, docs/seo.md): served with or
// without a storefront build, addresses from PUBLIC_URL, both languages with their alternates,
// archived products left out, and a sitemap index of parts once the products outgrow one file.
// On SQLite (server) and PostgreSQL (server-pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { makeApp } from './helpers.ts';
import { DISALLOWED, SITEMAP_PAGES, Sitemap } from '../../server/plugins/external/sitemap.ts';
import { ROUTES, pathsOf } from '../../src/app/route-manifest.ts';

const BASE = 'https://attar.example';

/** The sitemap's addresses: each <url>'s <loc> and its alternates by hreflang. */
function urls(xml: string) {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.querySelector('parsererror')).toBeNull();
  return [...doc.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0].textContent!,
    alternates: Object.fromEntries([...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((l) => [l.getAttribute('hreflang')!, l.getAttribute('href')!])),
  }));
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('robots.txt and the sitemap', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // No storefront build (makeApp's distDir is empty): both are the server's own.
    app = await makeApp({}, { publicUrl: BASE });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('robots.txt keeps crawlers off the account, the cart, checkout and the back office, and names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(disallowed).toEqual([...DISALLOWED]);
    // A rule covers a path it starts (robots.txt's prefix match).
    const blocked = (path: string) => disallowed.some((rule) => path.startsWith(rule));
    const privateRoutes = ROUTES.filter((r) => r.guard || r.gate || ['cart', 'wishlist', 'reset-password'].includes(r.screen));
    for (const route of privateRoutes) for (const path of pathsOf(route)) expect(blocked(path), path).toBe(true);
    for (const path of ['/admin', '/admin/orders', '/payment-session/info']) expect(blocked(path), path).toBe(true);
    for (const route of ROUTES.filter((r) => r.serverRendered || r.screen === 'contact')) expect(blocked(route.path), route.path).toBe(false);
    for (const path of ['/products/product-details/1', '/api/products', '/media/products/x.svg', '/sitemap.xml']) expect(blocked(path), path).toBe(false);
  });

  it('lists the list pages, the categories with products and every product on sale, in both languages', async () => {
    const archived = await app.db.selectFrom('products').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await app.db.updateTable('products').set({ archived_at: new Date().toISOString() }).where('id', '=', archived.id).execute();
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/);
    const listed = urls(res.body);
    const onSale = (await app.db.selectFrom('products').select('id').where('archived_at', 'is', null).orderBy('id').execute()).map((p) => p.id);
    const withProducts = (await app.db.selectFrom('categories').innerJoin('products', 'products.category_id', 'categories.id')
      .where('products.archived_at', 'is', null).select('categories.id').distinct().execute()).map((c) => c.id);
    const paths = [...SITEMAP_PAGES, ...withProducts.map((id) => `/products/category/${id}`), ...onSale.map((id) => `/products/product-details/${id}`)];
    expect(listed).toHaveLength(paths.length * 2);
    for (const path of paths) {
      const sep = '?';
      const alternates = { en: `${BASE}${path}${sep}lang=en`, ar: `${BASE}${path}${sep}lang=ar`, 'x-default': `${BASE}${path}` };
      for (const lang of ['en', 'ar'] as const) {
        const entry = listed.find((u) => u.loc === alternates[lang]);
        expect(entry, `${path} ${lang}`).toBeDefined();
        expect(entry!.alternates).toEqual(alternates);
      }
    }
    expect(res.body).not.toContain(`/products/product-details/${archived.id}?`);
    // One file: no parts.
    expect((await app.inject({ url: '/sitemap-2.xml' })).statusCode).toBe(404);
  });

  it('past a part\'s products, an index of numbered parts, each product in one part, none over the limit', async () => {
    const perPart = 4;
    const sitemap = new Sitemap(app, perPart);
    const last = await app.catalog.lastProductId();
    const parts = await sitemap.parts();
    expect(parts).toBe(Math.ceil(last / perPart));
    expect(parts).toBeGreaterThan(2);
    const index = new JSDOM(await text(await sitemap.main()), { contentType: 'application/xml' }).window.document;
    expect(index.documentElement.tagName).toBe('sitemapindex');
    expect([...index.getElementsByTagName('loc')].map((l) => l.textContent)).toEqual(Array.from({ length: parts }, (_, i) => `${BASE}/sitemap-${i + 1}.xml`));
    const seen: string[] = [];
    for (let n = 1; n <= parts; n += 1) {
      const products = urls(await text(sitemap.part(n))).map((u) => u.loc).filter((loc) => loc.includes('/product-details/'));
      expect(products.length).toBeLessThanOrEqual(perPart * 2);
      seen.push(...products);
    }
    const onSale = (await app.db.selectFrom('products').select('id').where('archived_at', 'is', null).orderBy('id').execute()).map((p) => p.id);
    expect(seen.sort()).toEqual(onSale.flatMap((id) => ['en', 'ar'].map((lang) => `${BASE}/products/product-details/${id}?lang=${lang}`)).sort());
    // The lists and categories are in the first part only.
    expect(urls(await text(sitemap.part(1))).some((u) => u.loc === `${BASE}/offers?lang=ar`)).toBe(true);
    expect(urls(await text(sitemap.part(2))).some((u) => u.loc.includes('/offers'))).toBe(false);
  });
});
