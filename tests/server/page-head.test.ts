// Each storefront page's head as the server sends it (server/plugins/external/page-head.ts,
// docs/seo.md): title, description, addresses in both languages, Open Graph, and schema.org data,
// worked out from the database, in the plain shell (here: index.html as it is, with no render; the
// render's page gets the same head: tests/server/storefront-render.test.ts, tests/e2e/seo.test.ts).
// On SQLite (server) and PostgreSQL (server-pg).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { makeApp } from './helpers.ts';
import { PAGE_TEXTS, SHOP_NAME, categoryDescription, productDescription } from '../../server/i18n/page-heads.ts';
import { DESCRIPTION_MAX } from '../../server/contract/html-text.ts';
import { ROUTES, matchRoute } from '../../src/app/route-manifest.ts';
import type { Lang } from '../../server/contract/lang.ts';

const BASE = 'https://attar.example';
const LANGS: Lang[] = ['en', 'ar'];

interface Head {
  status: number;
  document: Document;
  title: string;
  description: string | null;
  canonical: string | null;
  alternates: Record<string, string>;
  og: Record<string, string[]>;
  twitter: Record<string, string>;
  data: Record<string, unknown>[];
  setCookie: string | string[] | undefined;
}

/**
 * The schema.org Product shape search engines read (their rich results' required and
 * recommended properties): every problem with `data`, none when it is right.
 */
export function productProblems(data: Record<string, unknown>, reviewed: boolean): string[] {
  const problems: string[] = [];
  const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+\/\S*$/.test(value);
  const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  const object = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null);
  if (data['@context'] !== 'https://schema.org') problems.push('@context is not https://schema.org');
  if (data['@type'] !== 'Product') problems.push('@type is not Product');
  if (!text(data.name)) problems.push('no name');
  const images = Array.isArray(data.image) ? data.image : [data.image];
  if (images.length === 0 || !images.every(isUrl)) problems.push('image is not a URL or a list of URLs');
  if (!text(data.description) || /<[a-z/!]/i.test(String(data.description))) problems.push('description is not plain text');
  if (!text(data.sku)) problems.push('no sku');
  const brand = object(data.brand);
  if (!brand || brand['@type'] !== 'Brand' || !text(brand.name)) problems.push('brand is not a Brand with a name');
  const offers = object(data.offers);
  if (!offers || offers['@type'] !== 'Offer') problems.push('offers is not an Offer');
  else {
    const price = offers.price;
    if (!((typeof price === 'number' && price >= 0) || (typeof price === 'string' && /^\d+(\.\d+)?$/.test(price)))) problems.push('offers.price is not a number');
    if (offers.priceCurrency !== 'EGP') problems.push('offers.priceCurrency is not EGP');
    if (!['https://schema.org/InStock', 'https://schema.org/OutOfStock'].includes(String(offers.availability))) problems.push('offers.availability is not a schema.org availability');
    if (!isUrl(offers.url)) problems.push('offers.url is not a URL');
  }
  const rating = object(data.aggregateRating);
  if (reviewed) {
    if (!rating || rating['@type'] !== 'AggregateRating') problems.push('no AggregateRating for a reviewed product');
    else {
      const value = Number(rating.ratingValue);
      if (typeof rating.ratingValue !== 'number' || value <= 0 || value > 5) problems.push('ratingValue is not a rating from 0 to 5');
      if (!Number.isInteger(rating.reviewCount) || Number(rating.reviewCount) < 1) problems.push('reviewCount is not a positive count');
    }
  } else if ('aggregateRating' in data) problems.push('an aggregateRating without reviews');
  return problems;
}

function breadcrumbNames(data: Record<string, unknown>[]): string[] {
  const list = data.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { '@type': string; position: number; name: string; item: string }[] } | undefined;
  if (!list) return [];
  list.itemListElement.forEach((item, i) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(i + 1);
    expect(item.item).toMatch(/^https:\/\/attar\.example\//);
  });
  return list.itemListElement.map((item) => item.name);
}

describe('page heads from the server', () => {
  let app: FastifyInstance;
  let dist: string;
  const shell = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-seo-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), shell);
    app = await makeApp({}, { publicUrl: `${BASE}/`, distDir: dist });
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  async function head(url: string, headers: Record<string, string> = {}): Promise<Head> {
    const res = await app.inject({ method: 'GET', url, headers });
    const { document } = new JSDOM(res.body).window;
    const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
    const og: Record<string, string[]> = {};
    for (const meta of document.querySelectorAll('meta[property^="og:"]')) (og[meta.getAttribute('property')!] ??= []).push(meta.getAttribute('content')!);
    return {
      status: res.statusCode,
      document,
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      alternates: Object.fromEntries([...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang')!, l.getAttribute('href')!])),
      og,
      twitter: Object.fromEntries([...document.querySelectorAll('meta[name^="twitter:"]')].map((m) => [m.getAttribute('name')!, m.getAttribute('content')!])),
      data: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as Record<string, unknown>),
      setCookie: res.headers['set-cookie'],
    };
  }

  /**
   * What every indexed page's head holds, in `lang`, at `path` (its canonical path): asked with
   * `?lang=` (addressed), the canonical is that language's address; asked bare, the bare address.
   */
  function expectAddressed(page: Head, path: string, lang: Lang, title: string, description: string, addressed = true) {
    const sep = path.includes('?') ? '&' : '?';
    expect(page.status).toBe(200);
    expect(page.document.documentElement.lang).toBe(lang);
    expect(page.document.documentElement.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(page.title).toBe(title);
    expect(page.description).toBe(description);
    expect(page.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    // One of each: index.html's own are taken out.
    expect(page.document.querySelectorAll('title, meta[name="description"], link[rel="canonical"]')).toHaveLength(3);
    expect(page.canonical).toBe(addressed ? `${BASE}${path}${sep}lang=${lang}` : `${BASE}${path}`);
    expect(page.alternates).toEqual({ en: `${BASE}${path}${sep}lang=en`, ar: `${BASE}${path}${sep}lang=ar`, 'x-default': `${BASE}${path}` });
    expect(page.og['og:url']).toEqual([page.canonical]);
    expect(page.og['og:title']).toEqual([title]);
    expect(page.og['og:description']).toEqual([description]);
    expect(page.og['og:site_name']).toEqual([SHOP_NAME[lang]]);
    expect(page.og['og:locale']).toEqual([lang === 'ar' ? 'ar_EG' : 'en_US']);
    expect(page.og['og:locale:alternate']).toEqual([lang === 'ar' ? 'en_US' : 'ar_EG']);
    expect(page.og['og:image']?.[0]).toMatch(/^https:\/\/attar\.example\/\S+\.(png|jpe?g|webp)$/);
    expect(page.twitter).toEqual({ 'twitter:card': 'summary', 'twitter:title': title, 'twitter:description': description, 'twitter:image': page.og['og:image'][0] });
    expect(page.document.querySelector('meta[name="robots"]')).toBeNull();
  }

  const listPages: { path: string; kind: keyof typeof PAGE_TEXTS; crumbs: boolean }[] = [
    { path: '/', kind: 'home', crumbs: false },
    { path: '/products', kind: 'products', crumbs: true },
    { path: '/offers', kind: 'offers', crumbs: true },
    { path: '/bestSeller', kind: 'bestSeller', crumbs: true },
    { path: '/contact-us', kind: 'contact', crumbs: true },
  ];

  for (const lang of LANGS) {
    it(`gives each list page its own head, in ${lang} by ?lang= and by the cookie`, async () => {
      for (const { path, kind, crumbs } of listPages) {
        const texts = PAGE_TEXTS[kind];
        const title = `${texts.title[lang]} | ${SHOP_NAME[lang]}`;
        const byQuery = await head(`${path}?lang=${lang}`, { cookie: `lang=${lang === 'ar' ? 'en' : 'ar'}` });
        expectAddressed(byQuery, path, lang, title, texts.description[lang]);
        expect(byQuery.og['og:type']).toEqual(['website']);
        expect(breadcrumbNames(byQuery.data)).toEqual(crumbs ? [SHOP_NAME[lang], texts.title[lang]] : []);
        // The bare address, in the cookie's language, is a page of its own: x-default, its own canonical.
        const byCookie = await head(path, { cookie: `lang=${lang}` });
        expectAddressed(byCookie, path, lang, title, texts.description[lang], false);
      }
    });

    it(`gives a product its own head and Product data, in ${lang}`, async () => {
      const row = await app.db.selectFrom('products').innerJoin('categories as c', 'c.id', 'products.category_id')
        .select(['products.id', 'products.name_en', 'products.name_ar', 'overview_en', 'overview_ar', 'price', 'sale_price', 'product_code', 'reviews_count', 'c.id as category_id', 'c.name_en as category_en', 'c.name_ar as category_ar'])
        .where('reviews_count', '>', 0).orderBy('products.id').executeTakeFirstOrThrow();
      const name = lang === 'ar' ? row.name_ar : row.name_en;
      const page = await head(`/products/product-details/${row.id}?lang=${lang}`);
      const description = page.description!;
      expect(description.length).toBeGreaterThan(20);
      // The overview as plain text.
      expect((lang === 'ar' ? row.overview_ar : row.overview_en).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ')).toContain(description.replace(/…$/, ''));
      expectAddressed(page, `/products/product-details/${row.id}`, lang, `${name} | ${SHOP_NAME[lang]}`, description);
      expect(page.og['og:type']).toEqual(['product']);
      const product = page.data.find((d) => d['@type'] === 'Product')!;
      expect(productProblems(product, true)).toEqual([]);
      expect(product.name).toBe(name);
      expect(product.sku).toBe(row.product_code);
      expect((product.offers as { price: string }).price).toBe(((row.sale_price ?? row.price) / 100).toFixed(2));
      expect((product.offers as { url: string }).url).toBe(page.canonical);
      expect((product.aggregateRating as { reviewCount: number }).reviewCount).toBe(row.reviews_count);
      // The product's picture, where link previews can draw it; the demo's SVG ones give the shop's icon.
      const picture = (product.image as string[])[0];
      expect(page.og['og:image'][0]).toBe(picture.endsWith('.svg') ? 'https://attar.example/icons/icon-512.png' : picture);
      const category = lang === 'ar' ? row.category_ar : row.category_en;
      expect(breadcrumbNames(page.data)).toEqual([SHOP_NAME[lang], PAGE_TEXTS.products.title[lang], category, name]);

      const categoryPage = await head(`/products/category/${row.category_id}?lang=${lang}`);
      expectAddressed(categoryPage, `/products/category/${row.category_id}`, lang, `${category} | ${SHOP_NAME[lang]}`, categoryDescription(category, lang));
      expect(breadcrumbNames(categoryPage.data)).toEqual([SHOP_NAME[lang], PAGE_TEXTS.products.title[lang], category]);
    });

    it(`gives about its owner's title and words, in ${lang}`, async () => {
      const page = await head(`/about-us?lang=${lang}`);
      const title = await app.content.get('about_title', lang);
      expect(title).not.toBe('');
      expectAddressed(page, '/about-us', lang, `${title} | ${SHOP_NAME[lang]}`, page.description!);
      expect(page.description).not.toMatch(/[<>]/);
      expect(page.description!.length).toBeGreaterThan(20);
    });
  }

  it('a product without reviews has no rating; sold out or archived, it is out of stock', async () => {
    const row = await app.db.selectFrom('products').select(['id', 'name_en']).where('reviews_count', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    let product = (await head(`/products/product-details/${row.id}?lang=en`)).data.find((d) => d['@type'] === 'Product')!;
    expect(productProblems(product, false)).toEqual([]);
    expect((product.offers as { availability: string }).availability).toBe('https://schema.org/InStock');
    await app.db.updateTable('products').set({ stock: 0 }).where('id', '=', row.id).execute();
    app.catalog.forgetCached(row.id);
    product = (await head(`/products/product-details/${row.id}?lang=en`)).data.find((d) => d['@type'] === 'Product')!;
    expect(productProblems(product, false)).toEqual([]);
    expect((product.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
    await app.db.updateTable('products').set({ stock: 5, archived_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    app.catalog.forgetCached(row.id);
    const archived = await head(`/products/product-details/${row.id}?lang=en`);
    // Its page stays (orders and shared links lead to it), offering nothing to buy.
    expect(archived.status).toBe(200);
    product = archived.data.find((d) => d['@type'] === 'Product')!;
    expect((product.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it('a product with no overview is described by its name', async () => {
    const row = await app.db.selectFrom('products').select(['id', 'name_en', 'name_ar']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await app.db.updateTable('products').set({ overview_en: '', description_en: '<p> </p>' }).where('id', '=', row.id).execute();
    app.catalog.forgetCached(row.id);
    const page = await head(`/products/product-details/${row.id}?lang=en`);
    expect(page.description).toBe(productDescription(row.name_en, 'en'));
    expect(productProblems(page.data.find((d) => d['@type'] === 'Product')!, false).filter((p) => !p.includes('aggregateRating') && !p.includes('AggregateRating'))).toEqual([]);
  });

  it('keeps a hostile product name inert, and reads it back exactly', async () => {
    const hostile = '</script><script>alert(1)</script> "><img src=x onerror=alert(1)> \'quoted\' <!-- \u2028 & done';
    const row = await app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    await app.db.updateTable('products').set({ name_en: hostile, overview_en: `<b>${hostile.replace(/</g, '&lt;')}</b>` }).where('id', '=', row.id).execute();
    app.catalog.forgetCached(row.id);
    const plain = await head('/products?lang=en');
    const page = await head(`/products/product-details/${row.id}?lang=en`);
    // Nothing the name holds became an element: the same scripts and images as a plain page.
    const count = (doc: Document, selector: string) => doc.querySelectorAll(selector).length;
    expect(count(page.document, 'script:not([type="application/ld+json"])')).toBe(count(plain.document, 'script:not([type="application/ld+json"])'));
    expect(count(page.document, 'img')).toBe(count(plain.document, 'img'));
    expect(count(page.document, 'script[type="application/ld+json"]')).toBe(2);
    expect(page.title).toBe(`${hostile} | Attar`);
    expect(page.og['og:title']).toEqual([`${hostile} | Attar`]);
    const product = page.data.find((d) => d['@type'] === 'Product')!;
    expect(product.name).toBe(hostile);
    expect(breadcrumbNames(page.data).at(-1)).toBe(hostile);
    const raw = (await app.inject({ url: `/products/product-details/${row.id}?lang=en` })).body;
    for (const block of raw.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(block[1]).not.toMatch(/<|\u2028/);
  });

  it('a product or category that does not exist: 404, the page still there, a head that says so, not indexed', async () => {
    for (const lang of LANGS) {
      for (const [url, kind] of [['/products/product-details/999999', 'productNotFound'], ['/products/product-details/abc', 'productNotFound'], ['/products/category/999999', 'categoryNotFound']] as const) {
        const page = await head(`${url}?lang=${lang}`);
        expect(page.status, url).toBe(404);
        // The shopper's app still loads there and shows its own "not found".
        expect(page.document.getElementById('root')).not.toBeNull();
        expect(page.title).toBe(`${PAGE_TEXTS[kind].title[lang]} | ${SHOP_NAME[lang]}`);
        expect(page.description).toBe(PAGE_TEXTS[kind].description[lang]);
        expect(page.canonical).toBeNull();
        expect(page.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      }
    }
  });

  it('pages not to be found (cart, account, checkout) have the shop\'s name and no address', async () => {
    for (const url of ['/cart', '/myAccount', '/payment-session/info', '/sign-in', '/no-such-page']) {
      const page = await head(`${url}?lang=ar`);
      expect(page.status, url).toBe(200);
      expect(page.title).toBe(SHOP_NAME.ar);
      expect(page.canonical).toBeNull();
      expect(page.alternates).toEqual({});
      expect(page.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    }
  });

  it('every page the server renders, and contact, has a head with addresses; the route manifest agrees', async () => {
    const paths = ['/', '/products', '/offers', '/bestSeller', '/products/category/1', '/products/product-details/1', '/about-us', '/contact-us'];
    expect(paths.map((p) => matchRoute(p)!.screen).sort()).toEqual([...ROUTES.filter((r) => r.serverRendered).map((r) => r.screen), 'contact'].sort());
    for (const path of paths) expect((await head(`${path}?lang=en`)).canonical, path).toBe(`${BASE}${path}?lang=en`);
  });

  it('a list\'s page number is its own page; its filters and sort are not', async () => {
    const page = await head('/products?page=2&sort=price_asc&q=oud&lang=ar');
    expect(page.canonical).toBe(`${BASE}/products?page=2&lang=ar`);
    expect(page.alternates['x-default']).toBe(`${BASE}/products?page=2`);
    expect((await head('/offers?page=1')).canonical).toBe(`${BASE}/offers`);
  });

  it('?lang= sets the shopper\'s language (the cookie) and is never kept by a shared cache', async () => {
    const res = await app.inject({ url: '/offers?lang=ar', headers: { cookie: 'lang=en' } });
    expect(res.headers['set-cookie']).toBe('lang=ar; path=/; max-age=31536000; samesite=lax');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    // Without it: the cookie's language, no cookie set, and the answer varies by the cookie.
    const plain = await app.inject({ url: '/offers', headers: { cookie: 'lang=ar' } });
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toMatch(/Cookie/);
    expect(plain.body).toContain('<title>العروض | عطّار</title>');
    // Another value is no language: the cookie's.
    const other = await app.inject({ url: '/offers?lang=fr', headers: { cookie: 'lang=ar' } });
    expect(other.headers['set-cookie']).toBeUndefined();
    expect(other.body).toContain('<title>العروض | عطّار</title>');
  });

  it('takes every address from PUBLIC_URL, never from the request\'s Host', async () => {
    const res = await app.inject({ url: '/products/product-details/1?lang=en', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`<link rel="canonical" href="${BASE}/products/product-details/1?lang=en">`);
  });

  it('says what the storefront says: the same titles and descriptions in its Arabic catalog', () => {
    const po = fs.readFileSync(path.join(import.meta.dirname, '../../locales/ar/messages.po'), 'utf8');
    const arabic = (english: string) => {
      const found = new RegExp(`msgid ${JSON.stringify(english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nmsgstr (".*")`).exec(po);
      return found ? JSON.parse(found[1]) as string : `(no msgid ${english})`;
    };
    for (const [kind, { title, description }] of Object.entries(PAGE_TEXTS)) {
      expect(arabic(title.en)).toBe(title.ar);
      // A missing product's or category's description is the server's alone: the app shows the screen's own words.
      if (!kind.endsWith('NotFound')) expect(arabic(description.en)).toBe(description.ar);
    }
    expect(arabic(categoryDescription('{name}', 'en'))).toBe(categoryDescription('{name}', 'ar'));
    expect(arabic(productDescription('{name}', 'en'))).toBe(productDescription('{name}', 'ar'));
    expect(arabic(SHOP_NAME.en)).toBe(SHOP_NAME.ar);
  });
});
