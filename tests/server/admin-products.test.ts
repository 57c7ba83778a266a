// The owner's catalog (/api/admin/products, /api/admin/gifts): on a real SQLite database, in both
// languages and both roles; every refusal named by its field with nothing written; archived products
// leave the shop but stay in orders; the catalog as CSV out and back in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  addAddress, call, checkoutBody, completeCart, loginOwner, makeApp, makeStaff, registerShopper, seededProduct, toAnswer,
} from './helpers.ts';
import { planOf, wholeTableReads } from './db-inspect.ts';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../server/contract/admin-products.ts';
import { parseCsv, toCsv } from '../../server/domain/csv.ts';
import { formatMoney, t } from '../../server/i18n/messages.ts';

/** "The sale price must be below the price (EGP 100.00)." as the server writes it (Intl's spaces and marks). */
const saleNotBelow = (lang: 'en' | 'ar', egp: number) => t(lang, 'sale_price_not_below', { price: formatMoney(lang, egp * 100) });

let app: FastifyInstance;
let owner: string;
let staff: string;
let categoryId: number;
let giftIds: number[];

beforeAll(async () => {
  app = await makeApp();
  owner = await loginOwner(app);
  staff = (await makeStaff(app)).token;
  categoryId = (await app.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  giftIds = (await app.db.selectFrom('gifts').select('id').orderBy('id').execute()).map((g) => g.id);
});
afterAll(() => app?.close());

let codes = 0;
/** A valid body for a new product; every call a fresh code. */
function productBody(overrides: Record<string, unknown> = {}) {
  codes += 1;
  return {
    name_en: 'Amber Night', name_ar: 'ليلة العنبر',
    overview_en: '<p>Warm amber.</p>', overview_ar: '<p>عنبر دافئ.</p>',
    description_en: '<p>Long lasting.</p>', description_ar: '<p>يدوم طويلاً.</p>',
    how_to_use_en: '<ol><li>Spray.</li></ol>', how_to_use_ar: '<ol><li>رُش.</li></ol>',
    price: 450, price_after_sale: null, typesale: 'normal', category_id: categoryId,
    smells: [{ en: 'Amber', ar: 'عنبر' }, { en: 'Musk', ar: 'مسك' }, { en: 'Rose', ar: 'ورد' }],
    gifts: [], product_code: `TST-${process.pid}-${codes}`, model_number: 'AN-50', stock: 12,
    ...overrides,
  };
}

const create = async (overrides: Record<string, unknown> = {}, lang?: 'en' | 'ar') =>
  call(app, 'POST', '/admin/products', { token: owner, body: productBody(overrides), lang });

const created = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(overrides);
  expect(res.statusCode, res.raw).toBe(201);
  return res.body.data.product;
};

const productCount = async () => Number((await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const lastAudit = () => app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

async function importCsv(csv: string | Buffer, options: { dryRun?: boolean; lang?: 'en' | 'ar'; token?: string } = {}) {
  const res = await app.inject({
    method: 'POST', url: `/api/admin/products/import${options.dryRun ? '?dry_run=true' : ''}`, payload: csv,
    headers: { 'content-type': 'text/csv; charset=utf-8', authorization: `Bearer ${options.token ?? owner}`, ...(options.lang ? { lang: options.lang } : {}) },
  });
  return toAnswer(res);
}

async function exportCsv() {
  const res = await app.inject({ method: 'GET', url: '/api/admin/products/export', headers: { authorization: `Bearer ${owner}` } });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('who may', () => {
  it('only the owner: 401 without a token, 403 for staff, in the caller\'s language', async () => {
    const routes: [('GET' | 'POST' | 'PUT'), string][] = [
      ['GET', '/admin/products'], ['POST', '/admin/products'], ['GET', '/admin/products/1'], ['PUT', '/admin/products/1'],
      ['POST', '/admin/products/1/archive'], ['GET', '/admin/products/export'], ['POST', '/admin/products/import'], ['GET', '/admin/gifts'],
    ];
    for (const [method, url] of routes) {
      expect((await call(app, method, url)).statusCode, url).toBe(401);
      for (const lang of ['en', 'ar'] as const) {
        const res = await call(app, method, url, { token: staff, lang, body: method === 'GET' ? undefined : {} });
        expect(res.statusCode, url).toBe(403);
        expect(res.body.message).toBe(lang === 'en' ? 'You do not have access to this.' : 'ليست لديك صلاحية الوصول إلى هذا.');
      }
    }
    expect((await call(app, 'GET', '/admin/products', { token: owner })).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('pages the seeded catalog newest first, with stock, prices, smells, gifts and photos', async () => {
    const total = await productCount();
    const res = await call(app, 'GET', '/admin/products?archived=false', { token: owner });
    expect(res.statusCode).toBe(200);
    const { products, meta } = res.body.data;
    expect(meta).toMatchObject({ page: 1, per_page: 20, last_page: Math.ceil(meta.total / 20) });
    expect(meta.total).toBe(total - Number((await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('archived_at', 'is not', null).executeTakeFirstOrThrow()).n));
    expect(products).toHaveLength(20);
    const ids = products.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const buy2 = await seededProduct(app, 1);
    const one = (await call(app, 'GET', `/admin/products/${buy2.id}`, { token: owner })).body.data.product;
    expect(one).toMatchObject({ id: buy2.id, typesale: 'buy 2 get 1', stock: buy2.stock, archived: false, price_after_sale: null });
    expect(one.smells).toHaveLength(3);
    expect(one.smells[0]).toEqual({ en: expect.any(String), ar: expect.stringMatching(/[\u0600-\u06FF]/) });
    expect(one.gifts).toHaveLength(3);
    expect(one.images[0]).toEqual({ id: expect.any(Number), url: buy2.main_image, width: null, height: null, variants: [] });
    expect(one.images.length).toBeGreaterThan(1);
  });

  it('searches the name in English or Arabic and the code; filters by category and low stock', async () => {
    const p = await created({ name_en: 'Zanzibar Vetiver', name_ar: 'نجيل زنجبار', stock: 2 });
    for (const q of ['zanzibar vet', 'زنجبار', p.product_code.toLowerCase()]) {
      const found = (await call(app, 'GET', `/admin/products?q=${encodeURIComponent(q)}`, { token: owner })).body.data.products;
      expect(found.map((x: { id: number }) => x.id), q).toEqual([p.id]);
    }
    // Arabic as it is typed, folded as the shop's search folds it: no hamza, ه for ة.
    const aqua = await app.db.selectFrom('products').select('id').where('name_en', '=', 'Aqua Sport').executeTakeFirstOrThrow();
    const tahara = await app.db.selectFrom('products').select('id').where('name_en', '=', 'White Musk Tahara').executeTakeFirstOrThrow();
    for (const [q, id] of [['اكوا', aqua.id], ['مسك الطهاره', tahara.id]] as const) {
      const found = (await call(app, 'GET', `/admin/products?q=${encodeURIComponent(q)}`, { token: owner })).body.data.products;
      expect(found.map((x: { id: number }) => x.id), q).toContain(id);
    }
    const inCategory = (await call(app, 'GET', `/admin/products?category_id=${categoryId}&archived=false`, { token: owner })).body.data;
    expect(inCategory.products.every((x: { category_id: number }) => x.category_id === categoryId)).toBe(true);
    const low = (await call(app, 'GET', '/admin/products?low_stock=true&archived=false', { token: owner })).body.data.products;
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((x: { stock: number }) => x.stock <= 5)).toBe(true);
    expect(low.map((x: { stock: number }) => x.stock)).toEqual(low.map((x: { stock: number }) => x.stock).sort((a: number, b: number) => a - b));
    expect(low.map((x: { id: number }) => x.id)).toContain(p.id);
  });

  it('is read through indexes, not the whole table, for every filter but the word search', async () => {
    const plan = (filter: Record<string, unknown>) => planOf(app, app.productAdmin.listPageQuery(filter, 1).compile());
    const countPlan = (filter: Record<string, unknown>) => planOf(app, app.productAdmin.listQuery(filter).select((eb) => eb.fn.countAll<number>().as('n')).compile());
    for (const filter of [{ archived: false }, { archived: true }, { category_id: 1 }, { category_id: 1, archived: false }, { low_stock: true }, { low_stock: true, archived: false }]) {
      const lines = await plan(filter);
      if (app.dbDialect === 'postgres') {
        expect(wholeTableReads(lines, 'products'), `${JSON.stringify(filter)}\n${lines.join('\n')}`).toEqual([]);
        expect(wholeTableReads(await countPlan(filter), 'products'), JSON.stringify(filter)).toEqual([]);
        continue;
      }
      expect(lines.filter((l) => /^SCAN|TEMP B-TREE/.test(l)), JSON.stringify(filter)).toEqual([]);
      expect(lines.join(' '), JSON.stringify(filter)).toMatch(/USING (COVERING )?INDEX products_/);
      expect((await countPlan(filter)).filter((l) => /^SCAN p$/.test(l)), JSON.stringify(filter)).toEqual([]);
    }
    if (app.dbDialect === 'postgres') return;
    // All products, newest first: the table's own order (its primary key), walked backwards and stopped after a page.
    expect(await plan({})).toEqual([expect.stringMatching(/^SCAN p$/)]);
  });
});

describe('adding a product', () => {
  it('201 with the whole product: placeholder photo, a slug from the English name, sanitized HTML, audited, in the shop at once', async () => {
    const res = await create({
      name_en: 'Royal Oud 50 ml', name_ar: 'عود ملكي ٥٠ مل',
      description_en: '<p onclick="alert(1)">Deep <b>oud</b></p><script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">x</a>',
    });
    expect(res.statusCode, res.raw).toBe(201);
    expect(res.body.message).toBe('The product was added.');
    const p = res.body.data.product;
    expect(p).toMatchObject({
      name_en: 'Royal Oud 50 ml', name_ar: 'عود ملكي ٥٠ مل', price: 450, price_after_sale: null, stock: 12, archived: false,
      main_image: PRODUCT_PLACEHOLDER_IMAGE, images: [], slug: 'royal-oud-50-ml',
      smells: [{ en: 'Amber', ar: 'عنبر' }, { en: 'Musk', ar: 'مسك' }, { en: 'Rose', ar: 'ورد' }],
    });
    expect(p.description_en).toBe('<p>Deep <b>oud</b></p><a>x</a>');
    const again = (await create({ name_en: 'Royal Oud 50 ml' })).body.data.product;
    expect(again.slug).toBe('royal-oud-50-ml-2');

    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'product.create', target: `product ${again.id}`, before_json: null });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ name_en: 'Royal Oud 50 ml', price: 450 });

    for (const lang of ['en', 'ar'] as const) {
      const details = (await call(app, 'GET', `/products/details/${p.id}`, { lang })).body.data;
      expect(details.OverView_Product).toMatchObject({ name: lang === 'en' ? 'Royal Oud 50 ml' : 'عود ملكي ٥٠ مل', main_image: PRODUCT_PLACEHOLDER_IMAGE, in_stock: true });
      const search = (await call(app, 'GET', `/products?q=${encodeURIComponent(lang === 'en' ? 'royal oud 50' : 'عود ملكي ٥٠')}`, { lang })).body.data.products;
      expect(search.map((x: { id: number }) => x.id)).toContain(p.id);
    }
  });

  it('the placeholder is a picture the server serves', async () => {
    const res = await app.inject({ method: 'GET', url: PRODUCT_PLACEHOLDER_IMAGE });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<svg /);
  });

  const refusals: [string, Record<string, unknown>, string, { en: string; ar: string }][] = [
    ['a sale price above the price', { price: 100, price_after_sale: 120 }, 'price_after_sale', { en: saleNotBelow('en', 100), ar: saleNotBelow('ar', 100) }],
    ['a sale price equal to the price', { price: 100, price_after_sale: 100 }, 'price_after_sale', { en: saleNotBelow('en', 100), ar: saleNotBelow('ar', 100) }],
    ['a negative stock', { stock: -1 }, 'stock', { en: 'Stock must be a whole number, 0 or more.', ar: 'يجب أن يكون المخزون عدداً صحيحاً، صفراً أو أكثر.' }],
    ['no Arabic name', { name_ar: '  ' }, 'name_ar', { en: 'Please write the name in Arabic.', ar: 'يُرجى كتابة الاسم بالعربية.' }],
    ['no English name', { name_en: '' }, 'name_en', { en: 'Please write the name in English.', ar: 'يُرجى كتابة الاسم بالإنجليزية.' }],
    ['an unknown category', { category_id: 99999 }, 'category_id', { en: 'Please choose one of the shop\'s categories.', ar: 'يُرجى اختيار أحد أقسام المتجر.' }],
    ['a buy 2 get 1 without a gift', { typesale: 'buy 2 get 1', gifts: [] }, 'gifts',
      { en: 'A "buy 2 get 1" product needs at least one gift to offer.', ar: 'عرض "اشترِ ٢ واحصل على ١" يحتاج إلى هدية واحدة على الأقل.' }],
    ['an unknown gift', { typesale: 'buy 2 get 1', gifts: [99999] }, 'gifts', { en: 'There is no gift number 99,999.', ar: 'لا توجد هدية برقم ٩٩٬٩٩٩.' }],
    ['a price of 0', { price: 0 }, 'price', { en: 'Enter a price above 0 EGP, with at most 2 decimals.', ar: 'أدخل سعراً أكبر من صفر جنيه، بحد أقصى رقمين بعد العلامة العشرية.' }],
    ['a price with 3 decimals', { price: 10.005 }, 'price', { en: 'Enter a price above 0 EGP, with at most 2 decimals.', ar: 'أدخل سعراً أكبر من صفر جنيه، بحد أقصى رقمين بعد العلامة العشرية.' }],
    ['a smell without its Arabic name', { smells: [{ en: 'Amber', ar: '' }] }, 'smells.0.ar', { en: 'Write the smell in both languages.', ar: 'اكتب الرائحة باللغتين.' }],
    ['a smell twice', { smells: [{ en: 'Amber', ar: 'عنبر' }, { en: 'amber', ar: 'عنبر أصفر' }] }, 'smells', { en: 'The smell "amber" is listed twice.', ar: 'الرائحة "amber" مكررة.' }],
    ['a smell with a separator', { smells: [{ en: 'Amber; Musk', ar: 'عنبر' }] }, 'smells.0.en', { en: 'A smell cannot contain ; or |.', ar: 'لا يمكن أن تحتوي الرائحة على ; أو |.' }],
    ['a code with a space', { product_code: 'AB 12' }, 'product_code',
      { en: 'Use up to 40 letters and digits (and . _ / - inside), no spaces.', ar: 'استخدم حتى ٤٠ حرفاً ورقماً إنجليزياً (ويُسمح بـ . _ / - في الوسط)، بلا مسافات.' }],
  ];

  it.each(refusals)('refuses %s: 422, the field named in the owner\'s language, nothing written', async (_name, overrides, field, message) => {
    const before = await productCount();
    for (const lang of ['en', 'ar'] as const) {
      const res = await create(overrides, lang);
      expect(res.statusCode, res.raw).toBe(422);
      expect(res.body.errors[field], res.raw).toEqual([message[lang]]);
    }
    expect(await productCount()).toBe(before);
  });

  it('refuses a code another product has, naming it', async () => {
    const seeded = await seededProduct(app, 0);
    const before = await productCount();
    const res = await create({ product_code: seeded.product_code }, 'ar');
    expect(res.statusCode).toBe(422);
    expect(res.body.errors.product_code).toEqual([`الكود ${seeded.product_code} مستخدم بالفعل للمنتج "${seeded.name_ar}".`]);
    expect(await productCount()).toBe(before);
  });

  it('a body never sets what it should not: an id, archived, photos, sales or slug are refused by name', async () => {
    const before = await productCount();
    const res = await call(app, 'POST', '/admin/products', {
      token: owner, body: { ...productBody(), id: 1, archived: true, images: [], main_image: '/x.svg', units_sold: 9, slug: 'x', created_at: '2000-01-01' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['archived', 'created_at', 'id', 'images', 'main_image', 'slug', 'units_sold']);
    expect(await productCount()).toBe(before);
  });
});

describe('editing a product', () => {
  it('replaces its fields, audits only what changed, and the shop shows the change at once', async () => {
    const p = await created();
    // The shop's page is cached after a first read.
    expect((await call(app, 'GET', `/products/details/${p.id}`)).body.data.OverView_Product.price).toBe(450);
    const body = { ...productBody({ product_code: p.product_code }), price: 399.5, price_after_sale: 350 };
    const res = await call(app, 'PUT', `/admin/products/${p.id}`, { token: owner, body, lang: 'ar' });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('تم حفظ المنتج.');
    expect(res.body.data.product).toMatchObject({ price: 399.5, price_after_sale: 350 });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'product.update', target: `product ${p.id}` });
    expect(JSON.parse(audit.before_json!)).toEqual({ price: 450, price_after_sale: null });
    expect(JSON.parse(audit.after_json!)).toEqual({ price: 399.5, price_after_sale: 350 });
    const page = (await call(app, 'GET', `/products/details/${p.id}`)).body.data.OverView_Product;
    expect(page).toMatchObject({ price: 399.5, product_after_sale: 350 });

    // The same body again changes nothing and audits nothing.
    const count = (await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect((await call(app, 'PUT', `/admin/products/${p.id}`, { token: owner, body })).statusCode).toBe(200);
    expect((await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(count);
  });

  it('a smell kept under its name keeps a cart\'s choice; a buy 2 get 1 gets its gifts', async () => {
    const p = await created({ stock: 50 });
    const shopper = await registerShopper(app);
    expect((await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } })).statusCode).toBe(200);
    const line = (await call(app, 'GET', '/showCard', { token: shopper.token })).body.data.product_in_card[0];
    await call(app, 'POST', `/add/smell/${line.id}`, { token: shopper.token, body: { smell: ['Musk'] } });
    const body = productBody({
      product_code: p.product_code, typesale: 'buy 2 get 1', gifts: [giftIds[1], giftIds[0]],
      smells: [{ en: 'Musk', ar: 'مسك أبيض' }, { en: 'Oud', ar: 'عود' }],
    });
    const res = await call(app, 'PUT', `/admin/products/${p.id}`, { token: owner, body });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.data.product).toMatchObject({ typesale: 'buy 2 get 1', gifts: [giftIds[0], giftIds[1]].sort((a, b) => a - b) });
    const cart = (await call(app, 'GET', '/showCard', { token: shopper.token, lang: 'ar' })).body.data.product_in_card[0];
    expect(cart.smell).toEqual(['مسك أبيض']);
    expect(cart.product_smell).toEqual(['مسك أبيض', 'عود']);
  });

  it('404 for a product that does not exist, 422 for a bad body, nothing written', async () => {
    const res = await call(app, 'PUT', '/admin/products/999999', { token: owner, body: productBody(), lang: 'ar' });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('لم يتم العثور على هذا المنتج.');
    const p = await created();
    const bad = await call(app, 'PUT', `/admin/products/${p.id}`, { token: owner, body: productBody({ product_code: p.product_code, name_ar: '', price_after_sale: 999 }) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name_ar', 'price_after_sale']);
    // The schema's own refusals (a stock below 0) come before the product's rules are read.
    expect((await call(app, 'PUT', `/admin/products/${p.id}`, { token: owner, body: productBody({ product_code: p.product_code, stock: -5 }) })).body.errors).toEqual({ stock: ['Stock must be a whole number, 0 or more.'] });
    expect((await call(app, 'GET', `/admin/products/${p.id}`, { token: owner })).body.data.product).toMatchObject({ stock: 12, price_after_sale: null });
  });
});

describe('archiving', () => {
  it('takes it out of the shop\'s lists, searches and home rows and off carts, keeps it in orders, and puts it back', async () => {
    const p = await created({ name_en: 'Quince Musk', name_ar: 'مسك السفرجل', stock: 30 });
    const shopper = await registerShopper(app);
    const addressId = await addAddress(app, shopper.token);
    // An order with it, and a cart holding it.
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });
    await completeCart(app, shopper.token);
    const cartId = (await call(app, 'GET', '/showCard', { token: shopper.token })).body.data.card_id;
    const order = await call(app, 'POST', '/checkout', { token: shopper.token, body: checkoutBody(cartId, addressId) });
    expect(order.statusCode, order.raw).toBe(200);
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });

    const inShop = async () => {
      const ids = (list: { id: number }[]) => list.map((x) => x.id);
      const home = (await call(app, 'GET', '/home')).body.data;
      return {
        list: ids((await call(app, 'GET', `/products?per_page=48&sort=newest`)).body.data.products).includes(p.id),
        search: ids((await call(app, 'GET', '/products?q=quince')).body.data.products).includes(p.id),
        home: ids(home.new_arrivals).includes(p.id),
        category: ids((await call(app, 'GET', `/products/category/${categoryId}?per_page=48`)).body.data.products).includes(p.id),
      };
    };
    expect(await inShop()).toEqual({ list: true, search: true, home: true, category: true });

    for (const lang of ['en', 'ar'] as const) {
      const res = await call(app, 'POST', `/admin/products/${p.id}/archive`, { token: owner, body: { archived: true }, lang });
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe(lang === 'en' ? 'The product was archived: the shop no longer shows it.' : 'تمت أرشفة المنتج: لم يعد يظهر في المتجر.');
      expect(res.body.data.product).toMatchObject({ archived: true, archived_at: expect.any(String) });
    }
    // Archiving twice is recorded once.
    const entries = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'product.archive').where('target', '=', `product ${p.id}`).execute();
    expect(entries.map((e) => [JSON.parse(e.before_json!), JSON.parse(e.after_json!)])).toEqual([[{ archived: false }, { archived: true }]]);

    expect(await inShop()).toEqual({ list: false, search: false, home: false, category: false });
    const page = (await call(app, 'GET', `/products/details/${p.id}`)).body.data;
    expect(page.OverView_Product.in_stock).toBe(false);
    const add = await call(app, 'POST', '/addToCard', { token: (await registerShopper(app)).token, body: { product_id: p.id }, lang: 'ar' });
    expect(add.statusCode).toBe(422);
    expect(add.body.message).toBe('نفدت كمية مسك السفرجل.');
    const cart = (await call(app, 'GET', '/showCard', { token: shopper.token })).body.data;
    expect(cart.product_in_card.find((l: { product_id: number }) => l.product_id === p.id)).toMatchObject({ stock: 0 });
    const checkout = await call(app, 'POST', '/checkout', { token: shopper.token, body: checkoutBody(cart.card_id, addressId) });
    expect(checkout.statusCode).toBe(422);
    const mine = (await call(app, 'GET', `/orders/${order.body.data.order.id}`, { token: shopper.token })).body.data.order;
    expect(mine.items.map((i: { product_id: number }) => i.product_id)).toContain(p.id);
    const archivedList = (await call(app, 'GET', '/admin/products?archived=true', { token: owner })).body.data.products;
    expect(archivedList[0].id).toBe(p.id);

    const back = await call(app, 'POST', `/admin/products/${p.id}/archive`, { token: owner, body: { archived: false } });
    expect(back.body.data.product.archived).toBe(false);
    expect(await inShop()).toEqual({ list: true, search: true, home: true, category: true });
  });

  it('404 for an unknown product; the body is a boolean', async () => {
    expect((await call(app, 'POST', '/admin/products/999999/archive', { token: owner, body: { archived: true } })).statusCode).toBe(404);
    expect((await call(app, 'POST', '/admin/products/1/archive', { token: owner, body: { archived: 'maybe' } })).statusCode).toBe(422);
  });
});

describe('the catalog as CSV', () => {
  it('exports every product, one line each, both languages, UTF-8 with a BOM', async () => {
    await created({ name_en: 'Comma, "quote" and\nnew line', description_ar: '<p>سطر، وفاصلة "واقتباس"</p>' });
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="attar-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(res.body);
    expect(records[0].fields.slice(0, 6)).toEqual(['id', 'product_code', 'model_number', 'category_id', 'name_en', 'name_ar']);
    expect(records).toHaveLength(1 + await productCount());
    const tricky = records.find((r) => r.fields[4].startsWith('Comma'))!;
    expect(tricky.fields[4]).toBe('Comma, "quote" and\nnew line');
    const buy2 = await seededProduct(app, 1);
    const line = records.find((r) => r.fields[0] === String(buy2.id))!.fields;
    expect(line[records[0].fields.indexOf('smells')]).toMatch(/^[^|;]+ \| [^|;]+; [^|;]+ \| [^|;]+; [^|;]+ \| [^|;]+$/);
    expect(line[records[0].fields.indexOf('gifts')]).toMatch(/^\d+; \d+; \d+$/);
  });

  it('export then import changes nothing: every line matched, updated = n, no product or audit of one changed', async () => {
    const snapshot = async () => JSON.stringify([
      await app.db.selectFrom('products').selectAll().orderBy('id').execute(),
      await app.db.selectFrom('product_smells').selectAll().orderBy('id').execute(),
      await app.db.selectFrom('product_gifts').selectAll().orderBy('product_id').orderBy('gift_id').execute(),
    ]);
    const before = await snapshot();
    const csv = (await exportCsv()).rawPayload;
    const n = await productCount();
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.statusCode, dry.raw).toBe(200);
    expect(dry.body.data).toEqual({ created: 0, updated: n, errors: [] });
    const auditBefore = (await lastAudit()).id;
    const res = await importCsv(csv);
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.data).toEqual({ created: 0, updated: n, errors: [] });
    expect(await snapshot()).toBe(before);
    const entries = await app.db.selectFrom('audit_log').selectAll().where('id', '>', auditBefore).execute();
    expect(entries.map((e) => e.action)).toEqual(['product.import']);
  });

  /** The export's header and one line for a new product, with its cells changed. */
  async function csvWith(lines: Record<string, string>[]) {
    const header = parseCsv((await exportCsv()).body)[0].fields;
    const base: Record<string, string> = {
      id: '', product_code: '', model_number: 'M-1', category_id: String(categoryId), name_en: 'Cedar', name_ar: 'أرز',
      price: '120', price_after_sale: '', typesale: 'normal', stock: '7', archived: 'false', smells: 'Cedar | أرز; Musk | مسك',
      gifts: '', overview_en: '<p>Wood.</p>', overview_ar: '<p>خشب.</p>', description_en: '', description_ar: '', how_to_use_en: '', how_to_use_ar: '',
    };
    return toCsv([header, ...lines.map((cells) => header.map((column) => ({ ...base, ...cells })[column] ?? ''))]);
  }

  it('adds and updates by code in one go, audited, in Arabic digits too', async () => {
    const existing = await created({ stock: 3 });
    const code = `CSV-${process.pid}-new`;
    const csv = await csvWith([
      { product_code: code, price: '١٢٠٫٥', stock: '٧' },
      { product_code: existing.product_code, name_en: existing.name_en, name_ar: existing.name_ar, price: '450', stock: '40', smells: 'Amber | عنبر; Musk | مسك; Rose | ورد' },
    ]);
    const dry = await importCsv(csv, { dryRun: true, lang: 'ar' });
    expect(dry.body).toMatchObject({ message: 'تم الفحص: ١ جديد، و١ للتحديث، و٠ سطر بها أخطاء.', data: { created: 1, updated: 1, errors: [] } });
    expect(await app.db.selectFrom('products').select('id').where('product_code', '=', code).executeTakeFirst()).toBeUndefined();
    const res = await importCsv(csv);
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('Imported: 1 new, 1 updated.');
    const added = await app.db.selectFrom('products').selectAll().where('product_code', '=', code).executeTakeFirstOrThrow();
    expect(added).toMatchObject({ price: 12050, stock: 7, name_ar: 'أرز', main_image: PRODUCT_PLACEHOLDER_IMAGE, archived_at: null });
    expect((await call(app, 'GET', `/admin/products/${existing.id}`, { token: owner })).body.data.product.stock).toBe(40);
    const actions = (await app.db.selectFrom('audit_log').select(['action', 'after_json']).orderBy('id', 'desc').limit(3).execute()).map((e) => e.action);
    expect(actions).toEqual(['product.import', 'product.update', 'product.create']);
  });

  it('a wrong line 3 writes nothing: every mistake with its line and column, in the caller\'s language', async () => {
    const before = await productCount();
    const existing = await created();
    const csv = await csvWith([
      { product_code: `CSV-${process.pid}-ok` },
      { product_code: `CSV-${process.pid}-bad`, price: '100', price_after_sale: '150', name_ar: '', stock: '-2' },
      { id: String(existing.id), product_code: existing.product_code, name_en: 'Renamed' },
    ]);
    for (const lang of ['en', 'ar'] as const) {
      const dry = await importCsv(csv, { dryRun: true, lang });
      expect(dry.statusCode).toBe(200);
      expect(dry.body.data.created).toBe(1);
      expect(dry.body.data.updated).toBe(1);
      expect(dry.body.data.errors).toEqual(lang === 'en' ? [
        { line: 3, field: 'name_ar', message: 'Please write the name in Arabic.' },
        { line: 3, field: 'price_after_sale', message: saleNotBelow('en', 100) },
        { line: 3, field: 'stock', message: 'Stock must be a whole number, 0 or more.' },
      ] : [
        { line: 3, field: 'name_ar', message: 'يُرجى كتابة الاسم بالعربية.' },
        { line: 3, field: 'price_after_sale', message: saleNotBelow('ar', 100) },
        { line: 3, field: 'stock', message: 'يجب أن يكون المخزون عدداً صحيحاً، صفراً أو أكثر.' },
      ]);
      const res = await importCsv(csv, { lang });
      expect(res.statusCode).toBe(422);
      expect(res.body.message).toBe(lang === 'en' ? 'Nothing was imported: 1 line with mistakes. Please correct them and try again.' : 'لم يتم استيراد أي شيء: سطر واحد بها أخطاء. يُرجى تصحيحها والمحاولة مرة أخرى.');
      expect(res.body.data).toEqual({ created: 0, updated: 0, errors: dry.body.data.errors });
    }
    expect(await productCount()).toBe(before + 1);
    expect((await call(app, 'GET', `/admin/products/${existing.id}`, { token: owner })).body.data.product.name_en).toBe('Amber Night');
  });

  it('names each kind of wrong line', async () => {
    const seeded = await seededProduct(app, 0);
    const csv = await csvWith([
      { product_code: `CSV-${process.pid}-a`, typesale: 'buy 2 get 1', gifts: '' },
      { product_code: `CSV-${process.pid}-a` },
      { product_code: 'NEW-CODE-X', id: '999999' },
      { product_code: seeded.product_code, id: String((await seededProduct(app, 1)).id) },
      { product_code: `CSV-${process.pid}-b`, category_id: '99999', gifts: '99999', smells: 'no pipe here', price: 'ten', archived: 'maybe' },
    ]);
    const errors = (await importCsv(csv, { dryRun: true })).body.data.errors;
    expect(errors).toEqual([
      { line: 2, field: 'gifts', message: 'A "buy 2 get 1" product needs at least one gift to offer.' },
      { line: 3, field: 'product_code', message: `The code CSV-${process.pid}-a is also on line 2.` },
      { line: 4, field: 'id', message: 'There is no product with the id 999,999.' },
      { line: 5, field: 'product_code', message: `The code ${seeded.product_code} is already used by "${seeded.name_en}".` },
      { line: 6, field: 'archived', message: 'Write true or false.' },
      { line: 6, field: 'smells', message: 'Write each smell as "English | Arabic", separated by ";".' },
      { line: 6, field: 'price', message: 'Write a number here.' },
      { line: 6, field: 'category_id', message: 'Please choose one of the shop\'s categories.' },
      { line: 6, field: 'gifts', message: 'There is no gift number 99,999.' },
    ]);
  });

  it('refuses a file that is not UTF-8 (Windows-1256 Arabic), whole, with what to do', async () => {
    const header = parseCsv((await exportCsv()).body)[0].fields.join(',');
    // "عود" in Windows-1256: ع DA, و E6, د CF.
    const cp1256 = Buffer.concat([Buffer.from(`${header}\r\n,W-1,M,${categoryId},Oud,`), Buffer.from([0xda, 0xe6, 0xcf]), Buffer.from(',100,,normal,1,false,,,,,,,,\r\n')]);
    expect(new TextDecoder('windows-1256').decode(cp1256)).toContain('عود');
    const before = await productCount();
    for (const lang of ['en', 'ar'] as const) {
      for (const dryRun of [true, false]) {
        const res = await importCsv(cp1256, { lang, dryRun });
        expect(res.statusCode).toBe(422);
        expect(res.body.message).toBe(lang === 'en'
          ? 'This file is not UTF-8 text, so its Arabic would be garbled. In Excel use "Save As" → "CSV UTF-8 (Comma delimited)", then import it again.'
          : 'هذا الملف ليس بترميز UTF-8، لذا ستظهر حروفه العربية مشوهة. في Excel اختر "حفظ باسم" ← "CSV UTF-8 (محدد بفواصل)" ثم استورده مرة أخرى.');
        expect(Object.keys(res.body.errors)).toEqual(['file']);
      }
    }
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\r\n`, 'utf16le')]);
    expect((await importCsv(utf16)).statusCode).toBe(422);
    expect(await productCount()).toBe(before);
  });

  it('refuses a header without the export\'s columns, an unclosed quote, a short line and an empty file', async () => {
    const missing = await importCsv('id,name_en\r\n1,x\r\n', { dryRun: true });
    expect(missing.body.data.errors).toEqual([{ line: 1, field: '', message: expect.stringMatching(/^The first line must name the export's columns; missing: product_code, model_number, category_id, name_ar/) }]);
    const header = parseCsv((await exportCsv()).body)[0].fields.join(',');
    const unclosed = await importCsv(`${header}\r\n1,"open\r\n`, { dryRun: true });
    expect(unclosed.body.data.errors).toEqual([{ line: 2, field: '', message: 'A quoted cell is never closed.' }]);
    const short = await importCsv(`${header}\r\n1,2,3\r\n`, { dryRun: true });
    expect(short.body.data.errors).toEqual([{ line: 2, field: '', message: 'This line has 3 cells; the columns are 19.' }]);
    expect((await importCsv(`${header}\r\n`, { lang: 'ar' })).body.message).toBe('لا يحتوي الملف على أي منتج.');
    const json = await call(app, 'POST', '/admin/products/import', { token: owner, body: { rows: [] } });
    expect(json.statusCode).toBe(415);
  });
});

describe('gifts', () => {
  it('lists the shop\'s gifts for the picker, in both languages', async () => {
    const res = await call(app, 'GET', '/admin/gifts', { token: owner });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.gifts.map((g: { id: number }) => g.id)).toEqual(giftIds);
    expect(res.body.data.gifts[0]).toEqual({ id: giftIds[0], name_en: expect.any(String), name_ar: expect.stringMatching(/[\u0600-\u06FF]/), image: expect.stringMatching(/^\/media\//) });
  });
});
