// Search over the seeded catalog as Egyptians type it (docs/search.md): the
// index behind GET /products?q=, on SQLite and PostgreSQL alike, and kept in
// step with the back office's writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { call, loginDemo, loginOwner, makeApp, placeOrder, seededProduct } from './helpers.ts';
import { planOf, wholeTableReads } from './db-inspect.ts';
import { searchMatches } from '../../server/db/search-index.ts';
import { searchQuery } from '../../server/contract/search-text.ts';
import type { Static } from 'typebox';
import type { Suggestions } from '../../server/contract/catalog.ts';

let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  app = await makeApp();
  owner = await loginOwner(app);
});
afterAll(() => app?.close());

/** The names found for what was typed, in the order shown (English names unless `lang`). */
async function found(typed: string, lang: 'en' | 'ar' = 'en', extra = ''): Promise<string[]> {
  const res = await call(app, 'GET', `/products?per_page=48&q=${encodeURIComponent(typed)}${extra}`, { lang });
  expect(res.statusCode, res.raw).toBe(200);
  expect(res.body.data.meta.total).toBe(res.body.data.products.length);
  return res.body.data.products.map((c: { name: string }) => c.name);
}

describe('search as it is typed', () => {
  it.each([
    // The four that found nothing with a plain LIKE.
    ['مسك الطهاره', 'White Musk Tahara'],
    ['اكوا', 'Aqua Sport'],
    ['المبخر', 'Mubakhar Oud Oil'],
    ['noir elegance', 'Noir Élégance'],
    // And more of how people type.
    ['طهاره', 'White Musk Tahara'],
    ['الطهار', 'White Musk Tahara'],
    ['بالعود', 'Bakhoor Al Oud'],
    ['ايريس', 'Monsieur Iris'],
    ['ايريس', 'Iris Poudré'],
    ['vetiver', 'Vétiver Royal'],
    ['VÉTIVER', 'Vétiver Royal'],
    ['elegance noir', 'Noir Élégance'],
    ['ملكي عود', 'Royal Oud Intense'],
    ['عود ملكي', 'Royal Oud Gift Box'],
    ['الزعفران', 'Saffron Majlis'],
    ['زعفران', 'Saffron Majlis'],
    ['مُسْك', 'Sultan Musk'],
    ['عـــود', 'Cambodian Black Oud'],
    ['ياسمين', 'Jasmine Bloom'],
    ['زهر الياسمين', 'Jasmine Bloom'],
    ['royal', 'Vétiver Royal'],
    ['B0ATR10458', 'Royal Oud Intense'],
    ['atr-oud-001', 'Royal Oud Intense'],
    ['atroud001', 'Royal Oud Intense'],
  ])('"%s" finds %s', async (typed, name) => {
    expect(await found(typed)).toContain(name);
  });

  it('finds by a word\'s start, every word in any order, and nothing for a word no product has', async () => {
    expect(await found('sul mu')).toContain('Sultan Musk');
    expect(await found('musk zzzz')).toEqual([]);
    expect(await found('ساكو')).toContain('Sakura Dream');
    expect(await found('akura')).toEqual([]);
  });

  it('finds an English name typed in the Arabic shop, and shows the Arabic name', async () => {
    expect((await found('bleu horizon', 'ar'))[0]).toBe('بلو هورايزن');
    expect(await found('بلو', 'en')).toContain('Bleu Horizon');
  });

  it('finds by category and by smell', async () => {
    const gifts = await found('هدايا');
    for (const name of ['His & Hers Gift Set', 'Discovery Set', 'Ramadan Lantern Gift Set']) expect(gifts).toContain(name);
    const smell = (await app.db.selectFrom('product_smells as s').innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.name_en', 'p.name_en as product']).orderBy('s.id').executeTakeFirstOrThrow());
    expect(await found(smell.name_en)).toContain(smell.product);
  });

  it('takes Arabic-Indic digits as digits', async () => {
    expect(await found('ATR-OUD-٠٠١', 'ar')).toContain('عود ملكي إنتنس');
    expect(await found('atr oud ۰۰۱')).toContain('Royal Oud Intense');
  });

  it('ranks a name before a description, and a whole word before a start', async () => {
    const cat = (await app.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    let code = 0;
    const make = async (name_en: string, description_en: string) => {
      code += 1;
      const res = await call(app, 'POST', '/admin/products', {
        token: owner,
        body: {
          name_en, name_ar: 'منتج تجربة', overview_en: '<p>Plain.</p>', overview_ar: '<p>عادي.</p>',
          description_en, description_ar: '<p>وصف.</p>', how_to_use_en: '<p>Spray.</p>', how_to_use_ar: '<p>رش.</p>',
          price: 100, price_after_sale: null, typesale: 'normal', category_id: cat, smells: [], gifts: [],
          product_code: `RANK-${process.pid}-${code}`, model_number: 'R-1', stock: 3,
        },
      });
      expect(res.statusCode, res.raw).toBe(201);
      return res.body.data.product.id as number;
    };
    // Made in this order so "newest first" alone would give the reverse.
    await make('Zephyrine Whole', '<p>Plain.</p>');
    await make('Zephyrines Start', '<p>Plain.</p>');
    const inText = await make('Quiet Bottle', '<p>Smells of zephyrine at dawn.</p>');
    expect(await found('zephyrine')).toEqual(['Zephyrine Whole', 'Zephyrines Start', 'Quiet Bottle']);
    // A chosen order comes first; the best match orders what it leaves equal.
    expect(await found('zephyrine', 'en', '&sort=newest')).toEqual(['Quiet Bottle', 'Zephyrines Start', 'Zephyrine Whole']);

    // The back office's edit is searchable at once, and its old words are gone.
    const res = await call(app, 'PUT', `/admin/products/${inText}`, {
      token: owner,
      body: {
        name_en: 'Zephyrine Quiet', name_ar: 'منتج تجربة', overview_en: '<p>Plain.</p>', overview_ar: '<p>عادي.</p>',
        description_en: '<p>Plain.</p>', description_ar: '<p>وصف.</p>', how_to_use_en: '<p>Spray.</p>', how_to_use_ar: '<p>رش.</p>',
        price: 100, price_after_sale: null, typesale: 'normal', category_id: cat, smells: [{ en: 'Marigold', ar: 'قطيفة' }], gifts: [],
        product_code: `RANK-${process.pid}-3`, model_number: 'R-1', stock: 3,
      },
    });
    expect(res.statusCode, res.raw).toBe(200);
    expect(await found('zephyrine quiet')).toEqual(['Zephyrine Quiet']);
    expect(await found('dawn')).not.toContain('Zephyrine Quiet');
    expect(await found('قطيفه', 'ar')).toHaveLength(1);

    // Archived: out of the results, as from every list.
    expect((await call(app, 'POST', `/admin/products/${inText}/archive`, { token: owner, body: { archived: true } })).statusCode).toBeLessThan(300);
    expect(await found('zephyrine quiet')).toEqual([]);
  });

  it('finds a category\'s products by its new name once the owner renames it', async () => {
    const category = await app.db.selectFrom('categories').select(['id', 'name_en', 'name_ar', 'image', 'sort']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await found('Quillwort')).toEqual([]);
    const res = await call(app, 'PUT', `/admin/categories/${category.id}`, {
      token: owner, body: { name_en: 'Quillwort Corner', name_ar: category.name_ar, image: category.image },
    });
    expect(res.statusCode, res.raw).toBe(200);
    const inCategory = await app.db.selectFrom('products').select('id').where('category_id', '=', category.id).where('archived_at', 'is', null).execute();
    expect((await found('quillwort')).length).toBe(inCategory.length);
    const back = await call(app, 'PUT', `/admin/categories/${category.id}`, {
      token: owner, body: { name_en: category.name_en, name_ar: category.name_ar, image: category.image },
    });
    expect(back.statusCode, back.raw).toBe(200);
    expect(await found('quillwort')).toEqual([]);
  });

  it('pages through the results with the same total, past the last page too', async () => {
    const all = await call(app, 'GET', '/products?per_page=48&q=oud');
    const total = all.body.data.meta.total;
    expect(total).toBeGreaterThan(4);
    const names: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const res = await call(app, 'GET', `/products?per_page=2&page=${page}&q=oud`);
      expect(res.body.data.meta).toEqual({ page, per_page: 2, total, last_page: Math.ceil(total / 2) });
      names.push(...res.body.data.products.map((c: { name: string }) => c.name));
    }
    expect(names).toEqual(all.body.data.products.map((c: { name: string }) => c.name));
    const past = await call(app, 'GET', '/products?per_page=2&page=999&q=oud');
    expect(past.body.data.products).toEqual([]);
    expect(past.body.data.meta.total).toBe(total);
  });

  it('shows what changed in a search already asked: a product selling out leaves "in stock" at once', async () => {
    const saffron = await seededProduct(app, 4);
    await app.db.updateTable('products').set({ stock: 1 }).where('id', '=', saffron.id).execute();
    // Asked before and after the stock went down to 1: kept, and still right.
    expect(await found('saffron', 'en', '&in_stock=true')).toContain('Saffron Majlis');
    expect(await found('saffron', 'en', '&in_stock=true')).toContain('Saffron Majlis');
    await placeOrder(app, await loginDemo(app), [{ index: 4, qty: 1 }]);
    expect(await found('saffron', 'en', '&in_stock=true')).not.toContain('Saffron Majlis');
    expect(await found('saffron')).toContain('Saffron Majlis');
  });

  it('answers nothing for a search of no words, and an error for none of its characters', async () => {
    expect(await found('!!!')).toEqual([]);
    expect(await found('\u200F')).toEqual([]);
  });
});

describe('GET /products/suggest', () => {
  const suggest = async (typed: string, lang: 'en' | 'ar' = 'en') => {
    const res = await call(app, 'GET', `/products/suggest?q=${encodeURIComponent(typed)}`, { lang });
    expect(res.statusCode, res.raw).toBe(200);
    return res.body.data as Static<typeof Suggestions>;
  };

  it('suggests at most 6 products, the best match first, with their picture and price', async () => {
    const { products } = await suggest('مس', 'ar');
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(6);
    for (const p of products) {
      expect(p.image).toMatch(/^\/media\//);
      expect(p.price_after_sale).toBeLessThanOrEqual(p.price);
    }
    expect((await suggest('مسك الطهاره', 'ar')).products[0].name).toBe('مسك الطهارة الأبيض');
    expect((await suggest('noir el')).products[0].name).toBe('Noir Élégance');
  });

  it('suggests the categories whose name matches, in the shopper\'s language', async () => {
    expect((await suggest('هدا', 'ar')).categories.map((c) => c.name)).toEqual(['أطقم الهدايا']);
    expect((await suggest('gift')).categories.map((c) => c.name)).toEqual(['Gift Sets']);
    expect((await suggest('بخور')).categories.map((c) => c.name)).toEqual(['Incense & Bakhoor']);
  });

  it('names the closest category when nothing matches every word', async () => {
    const none = await suggest('بخور zzzz', 'ar');
    expect(none.products).toEqual([]);
    expect(none.closest_category?.name).toBe('البخور والمباخر');
    expect((await suggest('gift')).closest_category?.name).toBe('Gift Sets');
    expect((await suggest('zzzz')).closest_category).toBeNull();
  });

  it('suggests nothing for no words, and refuses what is too long', async () => {
    expect(await suggest('...')).toEqual({ products: [], categories: [], closest_category: null });
    const long = await call(app, 'GET', `/products/suggest?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    const missing = await call(app, 'GET', '/products/suggest');
    expect(missing.statusCode).toBe(200);
    expect(missing.body.data).toEqual({ products: [], categories: [], closest_category: null });
  });
});

describe('the search index', () => {
  it('is read by its index, never by scanning the products or the index', async () => {
    for (const typed of ['عود', 'مسك الطهاره', 'noir elegance', 'ب']) {
      const lines = await planOf(app, app.db.selectFrom(searchMatches(searchQuery(typed)).as('s')).selectAll().compile());
      const plan = `${typed}:\n${lines.join('\n')}`;
      if (app.dbDialect === 'postgres') {
        expect(wholeTableReads(lines, 't'), plan).toEqual([]);
        expect(wholeTableReads(lines, 'product_search'), plan).toEqual([]);
        continue;
      }
      expect(lines.filter((l) => /^SCAN (t|product_search)\b/.test(l)), plan).toEqual([]);
      expect(lines.join(' '), plan).toMatch(/SEARCH t USING (COVERING )?INDEX/);
    }
    // The suggestions' names-only search reads the small index of name terms.
    const lines = await planOf(app, app.db.selectFrom(searchMatches(searchQuery('مس'), { namesOnly: true }).as('s')).selectAll().compile());
    if (app.dbDialect === 'postgres') expect(wholeTableReads(lines, 't'), lines.join('\n')).toEqual([]);
    else expect(lines.join(' '), lines.join('\n')).toMatch(/SEARCH t USING (COVERING )?INDEX product_search_names/);
  });

  it('reads a newest-first page of the lists in its order from products_created_idx, without sorting', async () => {
    const page = app.catalog.products().where(sql<boolean>`p.archived_at is null`).select('p.id')
      .orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(12).offset(24).compile();
    if (app.dbDialect === 'postgres') {
      // On a test's few rows PostgreSQL would rather sort them: with sorting priced out, a plan that still
      // sorts means no index can give the order (a row count of a grown shop makes it choose the index).
      const lines = await app.db.transaction().execute(async (trx) => {
        await sql`set local enable_sort = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${page.sql}`, [...page.parameters]));
        return plan.rows.map((r) => r['QUERY PLAN'].trim());
      });
      expect(lines.join(' '), lines.join('\n')).toMatch(/Index Only Scan Backward using products_created_idx/);
      expect(lines.filter((l) => /\bSort\b/.test(l)), lines.join('\n')).toEqual([]);
      return;
    }
    const lines = await planOf(app, page);
    expect(lines.join(' '), lines.join('\n')).toMatch(/USING COVERING INDEX products_created_idx/);
    expect(lines.filter((l) => /TEMP B-TREE FOR ORDER BY/.test(l)), lines.join('\n')).toEqual([]);
  });

  it('holds every product on sale', async () => {
    const missing = await app.db.selectFrom('products as p')
      .select('p.id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('product_search as t').select('t.product_id').whereRef('t.product_id', '=', 'p.id'))))
      .execute();
    expect(missing).toEqual([]);
  });
});
