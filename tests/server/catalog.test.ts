// The catalog as a shopper sees it: home, best sellers, product details,
// listing, search, filters, offers, wishlist and reviews. Every expectation is checked against the seeded database.
import type { Lang } from '../../server/contract/lang.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, registerShopper, seededProduct, makeApp } from './helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const ARABIC = /[\u0600-\u06FF]/;
const CARD_KEYS = [
  'id', 'name', 'price', 'price_after_sale', 'image', 'overview', 'category_id', 'category_name',
  'rate', 'reviews_count', 'typesale_name', 'in_stock', 'is_fav',
].sort();

/** EGP with at most two decimals. */
function expectMoney(value: unknown) {
  expect(typeof value).toBe('number');
  const piastres = (value as number) * 100;
  expect(Math.abs(piastres - Math.round(piastres))).toBeLessThan(1e-6);
  expect(value as number).toBeGreaterThanOrEqual(0);
}

/** A ProductCard exactly as the contract lists it, with the right types. */
function expectCard(card: any) {
  expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
  expect(Number.isInteger(card.id)).toBe(true);
  expect(typeof card.name).toBe('string');
  expect(card.name.length).toBeGreaterThan(0);
  expectMoney(card.price);
  expectMoney(card.price_after_sale);
  expect(card.price_after_sale).toBeLessThanOrEqual(card.price);
  expect(card.image).toMatch(/^\/media\/.+/);
  expect(typeof card.overview).toBe('string');
  expect(card.overview.length).toBeGreaterThan(0);
  expect(card.overview).not.toMatch(/<[a-z/][^>]*>/i); // plain text
  expect(Number.isInteger(card.category_id)).toBe(true);
  expect(typeof card.category_name).toBe('string');
  expect(typeof card.rate).toBe('number');
  expect(card.rate).toBeGreaterThanOrEqual(0);
  expect(card.rate).toBeLessThanOrEqual(5);
  expect(Math.abs(card.rate * 10 - Math.round(card.rate * 10))).toBeLessThan(1e-6); // one decimal
  expect(Number.isInteger(card.reviews_count)).toBe(true);
  expect(['normal', 'buy 2 get 1']).toContain(card.typesale_name);
  expect(typeof card.in_stock).toBe('boolean');
  expect(typeof card.is_fav).toBe('boolean');
}

async function productRows() {
  return app.db.selectFrom('products').selectAll().execute();
}

async function productRow(id: number) {
  return app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const effective = (p: { price: number; sale_price: number | null }) => p.sale_price ?? p.price;

/** rate, reviews_count, per-star percentages and average, computed from the reviews table. */
async function reviewStats(productId: number) {
  const rows = await app.db.selectFrom('reviews').select('rate_halves').where('product_id', '=', productId).execute();
  const n = rows.length;
  const sum = rows.reduce((s, r) => s + r.rate_halves, 0);
  const avg = n ? Math.round(((sum / n) / 2) * 10) / 10 : 0;
  const counts = [0, 0, 0, 0, 0];
  // A half star counts with the star it rounds (half up) to: 4.5 → 5, 0.5 → 1.
  for (const r of rows) counts[Math.min(5, Math.max(1, Math.round(r.rate_halves / 2))) - 1]++;
  const pct = counts.map((c) => (n ? (c / n) * 100 : 0));
  return { n, avg, pct };
}

/** A card's fields against its database row (the seed is the truth). */
async function expectCardMatchesDb(card: any, lang: Lang = 'en') {
  const row = await productRow(card.id);
  expect(card.name).toBe(lang === 'ar' ? row.name_ar : row.name_en);
  expect(card.price).toBe(row.price / 100);
  expect(card.price_after_sale).toBe(effective(row) / 100);
  expect(card.category_id).toBe(row.category_id);
  expect(card.typesale_name).toBe(row.sale_type);
  expect(card.in_stock).toBe(row.stock > 0);
  const stats = await reviewStats(card.id);
  expect(card.reviews_count).toBe(stats.n);
  expect(card.rate).toBe(stats.avg);
}

function isOffer(card: any) {
  return card.price_after_sale < card.price || card.typesale_name === 'buy 2 get 1';
}

async function allProducts(query = '', options: { token?: string; lang?: Lang } = {}) {
  const res = await call(app, 'GET', `/products?per_page=48${query}`, options);
  expect(res.statusCode).toBe(200);
  return res.body.data.products as any[];
}

describe('GET /home', () => {
  it('answers the envelope with the banner, the hero image (served) and the categories', async () => {
    const res = await call(app, 'GET', '/home');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['Data_home_page', 'best_sellers', 'categories', 'new_arrivals', 'offers']);
    const banner = data.Data_home_page;
    expect(Object.keys(banner).sort()).toEqual(['hero_image', 'hero_subtitle', 'hero_title', 'message_nav']);
    expect(banner.message_nav.trim().length).toBeGreaterThan(0);
    expect(banner.hero_title.trim().length).toBeGreaterThan(0);
    expect(banner.hero_subtitle.trim().length).toBeGreaterThan(0);
    expect(banner.hero_image).toMatch(/^\/media\//);

    const image = await app.inject({ method: 'GET', url: banner.hero_image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('<svg');

    const counts = await app.db.selectFrom('products').select(['category_id']).select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('category_id').execute();
    expect(data.categories.length).toBeGreaterThanOrEqual(5);
    let sum = 0;
    for (const c of data.categories) {
      expect(Object.keys(c).sort()).toEqual(['id', 'image', 'name', 'products_count']);
      expect(c.image).toMatch(/^\/media\//);
      expect(c.products_count).toBe(Number(counts.find((r) => r.category_id === c.id)?.n ?? 0));
      sum += c.products_count;
    }
    expect(sum).toBe(44);
  });

  it('lists 8 offers, 8 best sellers and 8 new arrivals as complete product cards', async () => {
    const { data } = (await call(app, 'GET', '/home')).body;
    for (const list of ['offers', 'best_sellers', 'new_arrivals']) {
      expect(data[list]).toHaveLength(8);
      for (const card of data[list]) {
        expectCard(card);
        expect(card.is_fav).toBe(false); // no token
        await expectCardMatchesDb(card);
      }
    }
    // A card image is served too.
    const img = await app.inject({ method: 'GET', url: data.best_sellers[0].image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('orders best sellers by units sold and new arrivals newest first; offers are only sales or buy 2 get 1', async () => {
    const { data } = (await call(app, 'GET', '/home')).body;
    const rows = await productRows();
    const byId = new Map(rows.map((r) => [r.id, r]));

    // Ranked by units sold among what can be bought; a lead equal to the offers' is given up to the second.
    const ranked = rows.filter((r) => r.stock > 0).sort((a, b) => b.units_sold - a.units_sold || a.id - b.id).slice(0, 8).map((r) => r.id);
    if (ranked[0] === data.offers[0].id) ranked.splice(0, 2, ranked[1], ranked[0]);
    expect(data.best_sellers.map((c: any) => c.id)).toEqual(ranked);

    const created = data.new_arrivals.map((c: any) => byId.get(c.id)!.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const newest = rows.map((r) => r.created_at).sort().reverse().slice(0, 8);
    expect(created).toEqual(newest);

    for (const card of data.offers) {
      expect(isOffer(card)).toBe(true);
      const row = byId.get(card.id)!;
      expect(row.sale_price !== null || row.sale_type === 'buy 2 get 1').toBe(true);
    }
  });

  it('answers in Arabic with lang: ar, and in English for an unknown language', async () => {
    const en = (await call(app, 'GET', '/home')).body;
    const ar = await call(app, 'GET', '/home', { lang: 'ar' });
    expect(ar.statusCode).toBe(200);
    expect(ar.body.message).not.toBe(en.message);
    const a = ar.body.data;
    expect(a.Data_home_page.message_nav).toMatch(ARABIC);
    expect(a.Data_home_page.hero_title).toMatch(ARABIC);
    expect(a.Data_home_page.hero_title).not.toBe(en.data.Data_home_page.hero_title);
    for (const [i, c] of a.categories.entries()) {
      expect(c.id).toBe(en.data.categories[i].id);
      expect(c.name).toMatch(ARABIC);
      expect(c.name).not.toBe(en.data.categories[i].name);
    }
    for (const list of ['offers', 'best_sellers', 'new_arrivals']) {
      for (const [i, card] of a[list].entries()) {
        const english = en.data[list][i];
        expect(card.id).toBe(english.id);
        expect(card.name).toMatch(ARABIC);
        expect(card.name).not.toBe(english.name);
        expect(card.category_name).toMatch(ARABIC);
        expect(card.overview).toMatch(ARABIC);
        await expectCardMatchesDb(card, 'ar');
      }
    }
    expect(en.data.best_sellers[0].name).not.toMatch(ARABIC);

    const unknown = await call(app, 'GET', '/home', { headers: { lang: 'fr' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toEqual(en);
  });
});

describe('GET /products/bestseller', () => {
  it('lists the top 12 in stock by units sold, with the footer and the social links beside data', async () => {
    const res = await call(app, 'GET', '/products/bestseller');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    const cards = res.body.data;
    expect(cards).toHaveLength(12);
    cards.forEach(expectCard);
    const rows = await productRows();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const sold = cards.map((c: any) => byId.get(c.id)!.units_sold);
    expect(sold).toEqual(rows.filter((r) => r.stock > 0).map((r) => r.units_sold).sort((a, b) => b - a).slice(0, 12));
    expect(new Set(cards.map((c: any) => c.id)).size).toBe(12);

    expect(res.body.footer.description).toMatch(/<p>.+<\/p>/s);
    expect(Object.keys(res.body.linkfooter).sort()).toEqual(['link_facebook', 'link_instegram', 'link_twitter']);
    for (const link of Object.values(res.body.linkfooter)) expect(link).toMatch(/^https:\/\/\S+$/);
  });

  it('writes the footer and the cards in Arabic with lang: ar', async () => {
    const en = (await call(app, 'GET', '/products/bestseller')).body;
    const ar = (await call(app, 'GET', '/products/bestseller', { lang: 'ar' })).body;
    expect(ar.footer.description).toMatch(ARABIC);
    expect(ar.footer.description).not.toBe(en.footer.description);
    expect(ar.footer.description).toMatch(/<p>/);
    expect(en.footer.description).not.toMatch(ARABIC);
    expect(ar.data.map((c: any) => c.id)).toEqual(en.data.map((c: any) => c.id));
    for (const c of ar.data) expect(c.name).toMatch(ARABIC);
    expect(ar.linkfooter).toEqual(en.linkfooter);
  });
});

describe('GET /products/details/{id}', () => {
  it('answers every field of the details page for the product on sale', async () => {
    const p = await seededProduct(app, 0);
    const res = await call(app, 'GET', `/products/details/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    const d = res.body.data;
    expect(d).toEqual(expect.objectContaining({
      OverView_Product: expect.any(Object), Product_details: expect.any(Object), How_to_use: expect.any(Object),
      realted_product: expect.any(Array), review_rate: expect.any(Object), reviews_count: expect.any(Number), review: expect.any(Array),
    }));

    const o = d.OverView_Product;
    for (const key of ['name', 'overview', 'main_image', 'images', 'product_after_sale', 'price', 'link', 'description']) {
      expect(o).toHaveProperty(key);
    }
    expect(o.name).toBe(p.name_en);
    expect(o.overview).toBe(p.overview_en);
    expect(o.overview).toMatch(/<p>/); // HTML
    expect(o.description).toBe(p.description_en);
    expect(o.description).toMatch(/<\w+>/);
    expect(o.main_image).toBe(p.main_image);
    expect(o.price).toBe(p.price / 100);
    expect(o.product_after_sale).toBe(p.sale_price! / 100);
    expect(o.product_after_sale).toBeLessThan(o.price);
    expect(typeof o.link).toBe('string');
    expect(o.link).toContain(String(p.id));

    const gallery = await app.db.selectFrom('product_images').select(['id', 'image']).where('product_id', '=', p.id)
      .where('kind', '=', 'gallery').orderBy('sort').orderBy('id').execute();
    expect(gallery.length).toBeGreaterThan(0);
    // The main picture is the first of the product's pictures (migration 007): main_image, not repeated in images.
    expect(gallery[0]).toMatchObject({ id: p.main_image_id, image: p.main_image });
    expect(o.images).toEqual(gallery.slice(1).map((g) => ({ product_image_id: g.id, product_image: g.image })));
    const galleryImage = await app.inject({ method: 'GET', url: o.images[0].product_image });
    expect(galleryImage.statusCode).toBe(200);

    const pd = d.Product_details;
    for (const key of ['product_id', 'smell', 'product_code', 'model_number', 'category_name', 'reviews']) {
      expect(pd).toHaveProperty(key);
    }
    expect(pd.product_id).toBe(p.id);
    expect(pd.product_code).toBe(p.product_code);
    expect(pd.model_number).toBe(p.model_number);
    const category = await app.db.selectFrom('categories').selectAll().where('id', '=', p.category_id).executeTakeFirstOrThrow();
    expect(pd.category_name).toBe(category.name_en);
    const smells = await app.db.selectFrom('product_smells').select('name_en').where('product_id', '=', p.id).orderBy('sort').execute();
    expect(smells.length).toBe(4);
    const listed = Array.isArray(pd.smell) ? pd.smell.join('|') : String(pd.smell);
    for (const s of smells) expect(listed).toContain(s.name_en);

    const how = d.How_to_use;
    expect(how.how_to_use).toBe(p.how_to_use_en);
    expect(how.how_to_use).toMatch(/<(ol|p)>/);
    const howImages = await app.db.selectFrom('product_images').select('image').where('product_id', '=', p.id)
      .where('kind', '=', 'how_to_use').orderBy('sort').orderBy('id').execute();
    expect(howImages.length).toBeGreaterThan(0);
    expect(how.images).toEqual(howImages.map((i) => i.image));
    // Gallery and how-to-use images are not mixed.
    for (const img of how.images) expect(o.images.map((g: any) => g.product_image)).not.toContain(img);
  });

  it('lists related products of the same category, never the product itself', async () => {
    const p = await seededProduct(app, 0);
    const d = (await call(app, 'GET', `/products/details/${p.id}`)).body.data;
    expect(d.realted_product.length).toBeGreaterThan(0);
    for (const r of d.realted_product) {
      for (const key of ['id', 'name', 'price', 'overview', 'image']) expect(r).toHaveProperty(key);
      expect(r.id).not.toBe(p.id);
      const row = await productRow(r.id);
      expect(row.category_id).toBe(p.category_id);
      expect(r.name).toBe(row.name_en);
      expect(r.price).toBe(row.price / 100);
      expect(r.image).toBe(row.main_image);
      expect(r.overview).not.toMatch(/<[a-z/][^>]*>/i);
    }
  });

  it('computes the star breakdown, the average and the review list from the reviews', async () => {
    for (const index of [0, 1, 2]) {
      const p = await seededProduct(app, index);
      const d = (await call(app, 'GET', `/products/details/${p.id}`)).body.data;
      const stats = await reviewStats(p.id);
      expect(stats.n).toBeGreaterThan(0);
      expect(Object.keys(d.review_rate).sort()).toEqual(['1', '2', '3', '4', '5']);
      const total = Object.values(d.review_rate as Record<string, number>).reduce((s, v) => s + v, 0);
      expect(Math.abs(total - 100)).toBeLessThanOrEqual(2);
      for (let star = 1; star <= 5; star++) {
        expect(Math.abs(d.review_rate[String(star)] - stats.pct[star - 1])).toBeLessThanOrEqual(1);
      }
      expect(d.Product_details.reviews).toBe(stats.avg);

      const reviews = await app.db.selectFrom('reviews as r').innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.rate_halves', 'r.comment', 'u.first_name']).where('r.product_id', '=', p.id).execute();
      expect(d.reviews_count).toBe(reviews.length);
      // The newest first page (the seeded products have fewer reviews than a page).
      expect(d.review).toHaveLength(Math.min(reviews.length, 5));
      const times = d.review.map((r: any) => r.created_at);
      expect(times).toEqual([...times].sort().reverse());
      for (const r of d.review) {
        expect(r.verified).toBe(false);
        expect(typeof r.user_name).toBe('string');
        expect(typeof r.comment).toBe('string');
        expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
        const match = reviews.find((x) => x.comment === r.comment);
        expect(match).toBeDefined();
        expect(r.rate).toBe(match!.rate_halves / 2);
        expect(r.user_name).toContain(match!.first_name);
      }
    }
  });

  it('lists no smells for a product without options', async () => {
    const p = await seededProduct(app, 2);
    const d = (await call(app, 'GET', `/products/details/${p.id}`)).body.data;
    const smell = d.Product_details.smell;
    expect(Array.isArray(smell) ? smell.length : String(smell).trim().length).toBe(0);
    expect(d.OverView_Product.product_after_sale).toBe(d.OverView_Product.price);
  });

  it('answers the details in Arabic', async () => {
    const p = await seededProduct(app, 0);
    const d = (await call(app, 'GET', `/products/details/${p.id}`, { lang: 'ar' })).body.data;
    expect(d.OverView_Product.name).toBe(p.name_ar);
    expect(d.OverView_Product.description).toBe(p.description_ar);
    expect(d.How_to_use.how_to_use).toBe(p.how_to_use_ar);
    expect(d.Product_details.category_name).toMatch(ARABIC);
    const smells = await app.db.selectFrom('product_smells').select('name_ar').where('product_id', '=', p.id).execute();
    const listed = Array.isArray(d.Product_details.smell) ? d.Product_details.smell.join('|') : String(d.Product_details.smell);
    for (const s of smells) expect(listed).toContain(s.name_ar);
    for (const r of d.realted_product) expect(r.name).toMatch(ARABIC);
  });

  it('answers 404 in the shopper\'s language for an unknown product, 422 for an id that is not a number', async () => {
    const en = await call(app, 'GET', '/products/details/999999');
    expect(en.statusCode).toBe(404);
    expect(en.body).toEqual({ status: 404, message: 'This product was not found.' });
    const ar = await call(app, 'GET', '/products/details/999999', { lang: 'ar' });
    expect(ar.statusCode).toBe(404);
    expect(ar.body.status).toBe(404);
    expect(ar.body.message).toBe('لم يتم العثور على هذا المنتج.');

    const bad = await call(app, 'GET', '/products/details/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.body.status).toBe(422);
    expect(bad.body.errors.id).toEqual([expect.any(String)]);
  });
});

describe('GET /categories', () => {
  it('lists every category with its product count, in both languages', async () => {
    const res = await call(app, 'GET', '/categories');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    const rows = await app.db.selectFrom('categories').selectAll().execute();
    expect(res.body.data).toHaveLength(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const total = res.body.data.reduce((s: number, c: any) => s + c.products_count, 0);
    expect(total).toBe(44);
    for (const c of res.body.data) {
      expect(Object.keys(c).sort()).toEqual(['id', 'image', 'name', 'products_count']);
      expect(c.name).toBe(rows.find((r) => r.id === c.id)!.name_en);
    }
    const ar = await call(app, 'GET', '/categories', { lang: 'ar' });
    for (const c of ar.body.data) expect(c.name).toBe(rows.find((r) => r.id === c.id)!.name_ar);
  });
});

describe('GET /products', () => {
  it('pages through all 44 products', async () => {
    const first = await call(app, 'GET', '/products?per_page=10');
    expect(first.statusCode).toBe(200);
    expect(first.body.data.meta).toEqual({ page: 1, per_page: 10, total: 44, last_page: 5 });
    first.body.data.products.forEach(expectCard);
    const ids: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await call(app, 'GET', `/products?per_page=10&page=${page}`);
      expect(res.body.data.meta.page).toBe(page);
      expect(res.body.data.products).toHaveLength(page < 5 ? 10 : 4);
      ids.push(...res.body.data.products.map((c: any) => c.id));
    }
    expect(new Set(ids).size).toBe(44);
    const all = await allProducts();
    expect(all).toHaveLength(44);
    expect(all.map((c) => c.id)).toEqual(ids);

    const beyond = await call(app, 'GET', '/products?per_page=10&page=6');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.body.data.products).toEqual([]);
    expect(beyond.body.data.meta.total).toBe(44);
    expect(beyond.body.data.meta.last_page).toBe(5);

    const defaults = await call(app, 'GET', '/products');
    expect(defaults.body.data.meta.page).toBe(1);
    expect(defaults.body.data.products.length).toBe(defaults.body.data.meta.per_page);
  });

  it('refuses per_page over 48 and an unknown sort with 422 field errors', async () => {
    const big = await call(app, 'GET', '/products?per_page=49');
    expect(big.statusCode).toBe(422);
    expect(big.body.status).toBe(422);
    expect(big.body.errors.per_page.length).toBeGreaterThan(0);
    const ok48 = await call(app, 'GET', '/products?per_page=48');
    expect(ok48.statusCode).toBe(200);

    const sort = await call(app, 'GET', '/products?sort=cheapest');
    expect(sort.statusCode).toBe(422);
    expect(sort.body.message).toBe('Please check the highlighted fields.');
    expect(sort.body.errors.sort.length).toBeGreaterThan(0);
    const said = sort.body.errors.sort.join(' ');
    for (const s of ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated']) expect(said).toContain(s);
    const ar = await call(app, 'GET', '/products?sort=cheapest', { lang: 'ar' });
    expect(ar.statusCode).toBe(422);
    expect(ar.body.message).toMatch(ARABIC);
    expect(ar.body.errors.sort.join(' ')).toMatch(ARABIC);

    for (const bad of ['page=0', 'per_page=0', 'min_price=-5', 'category_id=abc']) {
      const res = await call(app, 'GET', `/products?${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.body.errors), bad).toContain(bad.split('=')[0]);
    }
  });

  it('sorts newest, by price both ways, best selling and top rated', async () => {
    const byId = new Map((await productRows()).map((r) => [r.id, r]));
    const newest = await allProducts('&sort=newest');
    const created = newest.map((c) => byId.get(c.id)!.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect((await allProducts()).map((c) => c.id)).toEqual(newest.map((c) => c.id)); // the default

    const asc = (await allProducts('&sort=price_asc')).map((c) => c.price_after_sale);
    expect(asc).toHaveLength(44);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await allProducts('&sort=price_desc')).map((c) => c.price_after_sale);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(desc[43]);

    const best = (await allProducts('&sort=best_selling')).map((c) => byId.get(c.id)!.units_sold);
    expect(best).toEqual([...best].sort((a, b) => b - a));

    const top = await allProducts('&sort=top_rated');
    const rates = top.map((c) => c.rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(rates[0]).toBeGreaterThan(rates[43]);
    for (const c of top.slice(0, 5)) await expectCardMatchesDb(c);
  });

  it('filters by category', async () => {
    const categories = (await call(app, 'GET', '/categories')).body.data;
    for (const c of categories) {
      const res = await call(app, 'GET', `/products?per_page=48&category_id=${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body.data.meta.total).toBe(c.products_count);
      expect(res.body.data.products).toHaveLength(c.products_count);
      for (const p of res.body.data.products) {
        expect(p.category_id).toBe(c.id);
        expect(p.category_name).toBe(c.name);
      }
    }
  });

  it('filters by the price after sale, in EGP', async () => {
    const sale = await seededProduct(app, 0); // 1850 EGP, 1480 after sale
    expect(sale.sale_price).not.toBeNull();
    const min = 1000;
    const max = 1500;
    expect(sale.price / 100).toBeGreaterThan(max);
    expect(sale.sale_price! / 100).toBeLessThanOrEqual(max);
    const res = await call(app, 'GET', `/products?per_page=48&min_price=${min}&max_price=${max}`);
    expect(res.statusCode).toBe(200);
    const cards = res.body.data.products;
    const expected = (await productRows()).filter((r) => effective(r) >= min * 100 && effective(r) <= max * 100);
    expect(expected.length).toBeGreaterThan(1);
    expect(res.body.data.meta.total).toBe(expected.length);
    expect(cards.map((c: any) => c.id).sort((a: number, b: number) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    for (const c of cards) {
      expect(c.price_after_sale).toBeGreaterThanOrEqual(min);
      expect(c.price_after_sale).toBeLessThanOrEqual(max);
    }
    expect(cards.map((c: any) => c.id)).toContain(sale.id);

    // A product whose list price is in range but whose sale price is below it stays out.
    const below = await call(app, 'GET', `/products?per_page=48&min_price=${sale.sale_price! / 100 + 1}`);
    expect(below.body.data.products.map((c: any) => c.id)).not.toContain(sale.id);
    expect(below.body.data.products.every((c: any) => c.price_after_sale >= sale.sale_price! / 100 + 1)).toBe(true);

    const onlyMax = await call(app, 'GET', '/products?per_page=48&max_price=300');
    expect(onlyMax.body.data.products.length).toBeGreaterThan(0);
    expect(onlyMax.body.data.products.every((c: any) => c.price_after_sale <= 300)).toBe(true);
  });

  it('searches English names case-insensitively', async () => {
    const lower = await call(app, 'GET', '/products?per_page=48&q=oud');
    expect(lower.statusCode).toBe(200);
    const upper = await call(app, 'GET', '/products?per_page=48&q=OUD');
    const mixed = await call(app, 'GET', '/products?per_page=48&q=' + encodeURIComponent('  Oud '));
    const ids = lower.body.data.products.map((c: any) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(44);
    expect(upper.body.data.products.map((c: any) => c.id)).toEqual(ids);
    expect(mixed.body.data.products.map((c: any) => c.id)).toEqual(ids);
    expect(lower.body.data.meta.total).toBe(ids.length);
    // A name with the word comes before a product that has it only in its texts.
    const namedFirst = lower.body.data.products.map((c: any) => /\boud/i.test(c.name));
    expect(namedFirst).toEqual([...namedFirst].sort((a, b) => Number(b) - Number(a)));
    // Every product with a word of its name starting with the term is found.
    const named = (await productRows()).filter((r) => /\boud/i.test(r.name_en)).map((r) => r.id);
    for (const id of named) expect(ids).toContain(id);

    const one = await call(app, 'GET', '/products?q=' + encodeURIComponent('bleu horizon'));
    expect(one.body.data.products[0].name).toBe('Bleu Horizon');
    const none = await call(app, 'GET', '/products?q=zzzqqq');
    expect(none.body.data.products).toEqual([]);
    expect(none.body.data.meta.total).toBe(0);
  });

  it('searches Arabic names', async () => {
    const term = 'عود';
    const res = await call(app, 'GET', '/products?per_page=48&q=' + encodeURIComponent(term), { lang: 'ar' });
    expect(res.statusCode).toBe(200);
    const cards = res.body.data.products;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(44);
    const named = (await productRows()).filter((r) => r.name_ar.includes(term)).map((r) => r.id);
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(cards.map((c: any) => c.id)).toContain(id);
    const bleu = await call(app, 'GET', '/products?per_page=48&q=' + encodeURIComponent('بلو هورايزن'));
    expect(bleu.body.data.products[0].name).toBe('Bleu Horizon');
  });

  it('treats % and _ in a search as separators, not wildcards', async () => {
    for (const q of ['%', '_', '%%', '%_%', '\\']) {
      const res = await call(app, 'GET', `/products?per_page=48&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.body.data.meta.total, q).toBe(0);
      expect(res.body.data.products, q).toEqual([]);
    }
  });

  it('combines search, category, price and sort', async () => {
    const oudCategory = (await seededProduct(app, 0)).category_id;
    const res = await call(app, 'GET', `/products?per_page=48&q=oud&category_id=${oudCategory}&max_price=2000&sort=price_asc`);
    expect(res.statusCode).toBe(200);
    const cards = res.body.data.products;
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) {
      expect(c.category_id).toBe(oudCategory);
      expect(c.price_after_sale).toBeLessThanOrEqual(2000);
    }
    const prices = cards.map((c: any) => c.price_after_sale);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
  });
});

describe('GET /products/category/{id}', () => {
  it('answers the category head and only its products', async () => {
    const categories = await app.db.selectFrom('categories').selectAll().orderBy('id').execute();
    const c = categories[1];
    const res = await call(app, 'GET', `/products/category/${c.id}?per_page=48`);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data.category).toEqual({ id: c.id, name: c.name_en, image: c.image });
    const expected = (await productRows()).filter((r) => r.category_id === c.id);
    expect(res.body.data.meta.total).toBe(expected.length);
    expect(res.body.data.products.map((p: any) => p.id).sort((a: number, b: number) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    res.body.data.products.forEach(expectCard);

    const paged = await call(app, 'GET', `/products/category/${c.id}?per_page=3&page=2&sort=price_desc`);
    expect(paged.body.data.meta).toEqual({ page: 2, per_page: 3, total: expected.length, last_page: Math.ceil(expected.length / 3) });
    expect(paged.body.data.products.every((p: any) => p.category_id === c.id)).toBe(true);

    // The path's category wins over a category_id in the query.
    const other = await call(app, 'GET', `/products/category/${c.id}?per_page=48&category_id=${categories[0].id}`);
    expect(other.body.data.products.every((p: any) => p.category_id === c.id)).toBe(true);

    const ar = await call(app, 'GET', `/products/category/${c.id}`, { lang: 'ar' });
    expect(ar.body.data.category.name).toBe(c.name_ar);
  });

  it('answers 404 for an unknown category', async () => {
    const res = await call(app, 'GET', '/products/category/999999');
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'This category was not found.' });
    const ar = await call(app, 'GET', '/products/category/999999', { lang: 'ar' });
    expect(ar.statusCode).toBe(404);
    expect(ar.body.message).toBe('لم يتم العثور على هذا القسم.');
  });
});

describe('GET /offers', () => {
  it('lists only products on sale or buy 2 get 1, paginated', async () => {
    const rows = await productRows();
    const expected = rows.filter((r) => r.sale_price !== null || r.sale_type === 'buy 2 get 1');
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(44);
    const all = await call(app, 'GET', '/offers?per_page=48');
    expect(all.statusCode).toBe(200);
    expect(all.body.data.meta.total).toBe(expected.length);
    expect(all.body.data.products.map((c: any) => c.id).sort((a: number, b: number) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    for (const c of all.body.data.products) {
      expectCard(c);
      expect(isOffer(c)).toBe(true);
    }
    const lastPage = Math.ceil(expected.length / 5);
    const page1 = await call(app, 'GET', '/offers?per_page=5');
    expect(page1.body.data.meta).toEqual({ page: 1, per_page: 5, total: expected.length, last_page: lastPage });
    expect(page1.body.data.products).toHaveLength(5);
    const last = await call(app, 'GET', `/offers?per_page=5&page=${lastPage}`);
    expect(last.body.data.products).toHaveLength(expected.length - 5 * (lastPage - 1));
    const beyond = await call(app, 'GET', `/offers?per_page=5&page=${lastPage + 1}`);
    expect(beyond.body.data.products).toEqual([]);

    const cheap = await call(app, 'GET', '/offers?per_page=48&sort=price_asc&max_price=700');
    const prices = cheap.body.data.products.map((c: any) => c.price_after_sale);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(cheap.body.data.products.every((c: any) => isOffer(c) && c.price_after_sale <= 700)).toBe(true);
  });
});

describe('Wishlist', () => {
  it('needs a token', async () => {
    const p = await seededProduct(app, 0);
    for (const [method, url] of [['POST', `/fav/add/${p.id}`], ['GET', `/fav/remove/${p.id}`], ['GET', '/fav/show']] as const) {
      const res = await call(app, method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).toEqual({ status: 401, message: 'Please log in first.' });
    }
    const ar = await call(app, 'POST', `/fav/add/${p.id}`, { lang: 'ar' });
    expect(ar.body).toEqual({ status: 401, message: 'يُرجى تسجيل الدخول أولاً.' });
    const badToken = await call(app, 'POST', `/fav/add/${p.id}`, { token: 'x'.repeat(43) });
    expect(badToken.statusCode).toBe(401);
  });

  it('adds once, shows the hearts to that shopper only, and removes', async () => {
    const { token } = await registerShopper(app);
    const other = await registerShopper(app);
    const home = (await call(app, 'GET', '/home')).body.data;
    const id = home.best_sellers[0].id as number;

    const add = await call(app, 'POST', `/fav/add/${id}`, { token });
    expect(add.statusCode).toBe(200);
    expect(add.body.status).toBe(200);
    expect(add.body.message).toBe('Added to your wishlist.');
    const again = await call(app, 'POST', `/fav/add/${id}`, { token, lang: 'ar' });
    expect(again.statusCode).toBe(200);
    expect(again.body.message).toBe('تمت الإضافة إلى قائمة أمنياتك.');

    const show = await call(app, 'GET', '/fav/show', { token });
    expect(show.statusCode).toBe(200);
    expect(show.body.data).toHaveLength(1);
    expectCard(show.body.data[0]);
    expect(show.body.data[0].id).toBe(id);
    expect(show.body.data[0].is_fav).toBe(true);
    expect((await call(app, 'GET', '/fav/show', { token: other.token })).body.data).toEqual([]);

    const isFavOn = async (opts: { token?: string }) => {
      const products = (await allProducts('', opts)).find((c) => c.id === id).is_fav;
      const homeCard = (await call(app, 'GET', '/home', opts)).body.data.best_sellers.find((c: any) => c.id === id).is_fav;
      // The product page is everyone's (cached, compressed once): hearts come from /fav/show.
      const page = (await call(app, 'GET', `/products/details/${id}`, opts)).raw;
      const details = page === (await call(app, 'GET', `/products/details/${id}`)).raw && !page.includes('is_fav');
      const others = (await allProducts('', opts)).filter((c) => c.id !== id).some((c) => c.is_fav);
      return { products, homeCard, details, others };
    };
    expect(await isFavOn({ token })).toEqual({ products: true, homeCard: true, details: true, others: false });
    expect(await isFavOn({ token: other.token })).toEqual({ products: false, homeCard: false, details: true, others: false });
    expect(await isFavOn({})).toEqual({ products: false, homeCard: false, details: true, others: false });

    const remove = await call(app, 'GET', `/fav/remove/${id}`, { token });
    expect(remove.statusCode).toBe(200);
    expect(remove.body.message).toBe('Removed from your wishlist.');
    expect((await call(app, 'GET', '/fav/show', { token })).body.data).toEqual([]);
    expect(await isFavOn({ token })).toEqual({ products: false, homeCard: false, details: true, others: false });
  });

  it('keeps several products, one entry each', async () => {
    const { token, user } = await registerShopper(app);
    const ids = [(await seededProduct(app, 0)).id, (await seededProduct(app, 1)).id, (await seededProduct(app, 2)).id];
    for (const id of ids) expect((await call(app, 'POST', `/fav/add/${id}`, { token })).statusCode).toBe(200);
    const show = (await call(app, 'GET', '/fav/show', { token, lang: 'ar' })).body.data;
    expect(show.map((c: any) => c.id).sort()).toEqual([...ids].sort());
    for (const c of show) {
      expect(c.is_fav).toBe(true);
      expect(c.name).toMatch(ARABIC);
    }
    await call(app, 'POST', `/fav/add/${ids[0]}`, { token });
    const rows = await app.db.selectFrom('favorites').select('product_id').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.product_id).sort()).toEqual([...ids].sort());
  });

  it('answers 404 for an unknown product', async () => {
    const { token } = await registerShopper(app);
    const add = await call(app, 'POST', '/fav/add/999999', { token });
    expect(add.statusCode).toBe(404);
    expect(add.body).toEqual({ status: 404, message: 'This product was not found.' });
    const remove = await call(app, 'GET', '/fav/remove/999999', { token, lang: 'ar' });
    expect(remove.statusCode).toBe(404);
    expect(remove.body.message).toBe('لم يتم العثور على هذا المنتج.');
    expect((await call(app, 'GET', '/fav/show', { token })).body.data).toEqual([]);
  });
});

describe('POST /review/send', () => {
  it('needs a token', async () => {
    const p = await seededProduct(app, 0);
    const res = await call(app, 'POST', '/review/send', { body: { product_id: p.id, comment: 'Lovely', rate: 5 } });
    expect(res.statusCode).toBe(401);
    expect(res.body.status).toBe(401);
  });

  it('accepts half stars from 0.5 to 5', async () => {
    const p = await seededProduct(app, 3);
    const stored: number[] = [];
    for (const rate of [0.5, 1, 2.5, 5]) {
      const { token, user } = await registerShopper(app);
      const res = await call(app, 'POST', '/review/send', { token, body: { product_id: p.id, comment: `Rated ${rate}`, rate } });
      expect(res.statusCode, String(rate)).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'Thank you for your review.', data: null });
      const row = await app.db.selectFrom('reviews').select('rate_halves').where('product_id', '=', p.id)
        .where('user_id', '=', user.id).executeTakeFirstOrThrow();
      stored.push(row.rate_halves / 2);
    }
    expect(stored).toEqual([0.5, 1, 2.5, 5]);
  });

  it('refuses a rate off the half-star scale, an empty comment and an unknown product', async () => {
    const p = await seededProduct(app, 4);
    const { token } = await registerShopper(app);
    const before = await reviewStats(p.id);
    for (const rate of [0, 5.5, 1.3, -1, 10, 5.3, 1e300]) {
      const res = await call(app, 'POST', '/review/send', { token, body: { product_id: p.id, comment: 'Nice', rate } });
      expect(res.statusCode, String(rate)).toBe(422);
      expect(res.body.status).toBe(422);
      // One message, the rate's own, whichever rule the value broke (the schema's or the route's).
      expect(res.body.errors.rate, String(rate)).toEqual(['Rate from 0.5 to 5, in half stars.']);
    }
    const ar = await call(app, 'POST', '/review/send', { token, lang: 'ar', body: { product_id: p.id, comment: 'Nice', rate: 1.3 } });
    expect(ar.body.errors.rate).toEqual(['التقييم من ٠٫٥ إلى ٥ بأنصاف النجوم.']);

    for (const comment of ['', '   ']) {
      const res = await call(app, 'POST', '/review/send', { token, body: { product_id: p.id, comment, rate: 4 } });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.comment).toEqual([expect.any(String)]);
      expect(res.body.errors.rate).toBeUndefined();
    }
    const missing = await call(app, 'POST', '/review/send', { token, body: { product_id: p.id } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['comment', 'rate']));

    const unknown = await call(app, 'POST', '/review/send', { token, body: { product_id: 999999, comment: 'Nice', rate: 4 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('This product was not found.');

    expect(await reviewStats(p.id)).toEqual(before);
  });

  it('shows a new review on the (cached) details page at once, in both languages', async () => {
    const p = await seededProduct(app, 1);
    const { token, user } = await registerShopper(app);
    // Warm the cache in both languages.
    const enBefore = (await call(app, 'GET', `/products/details/${p.id}`)).body.data;
    const arBefore = (await call(app, 'GET', `/products/details/${p.id}`, { lang: 'ar' })).body.data;
    const statsBefore = await reviewStats(p.id);
    expect(enBefore.reviews_count).toBe(statsBefore.n);
    expect(arBefore.reviews_count).toBe(statsBefore.n);

    const comment = `Smells like the sea ${Date.now()}`;
    const res = await call(app, 'POST', '/review/send', { token, lang: 'ar', body: { product_id: p.id, comment, rate: 1.5 } });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('شكراً لتقييمك.');

    const stats = await reviewStats(p.id);
    expect(stats.n).toBe(statsBefore.n + 1);
    expect(stats.avg).not.toBe(statsBefore.avg);
    for (const lang of ['en', 'ar'] as const) {
      const d = (await call(app, 'GET', `/products/details/${p.id}`, { lang })).body.data;
      expect(d.reviews_count, lang).toBe(stats.n);
      // The newest review comes first.
      const mine = d.review[0];
      expect(mine.comment, lang).toBe(comment);
      expect(mine, lang).toBeDefined();
      expect(mine.rate).toBe(1.5);
      expect(mine.user_name).toContain(user.first_name);
      expect(d.Product_details.reviews, lang).toBe(stats.avg);
      for (let star = 1; star <= 5; star++) {
        expect(Math.abs(d.review_rate[String(star)] - stats.pct[star - 1]), `${lang} ${star}`).toBeLessThanOrEqual(1);
      }
      expect(d.review_rate['2']).toBeGreaterThan(0); // 1.5 stars counts as 2
      expect(d.review_rate).not.toEqual(lang === 'en' ? enBefore.review_rate : arBefore.review_rate);
    }
    // The product card agrees.
    const card = (await allProducts()).find((c) => c.id === p.id);
    expect(card.reviews_count).toBe(stats.n);
    expect(card.rate).toBe(stats.avg);
  });
});
