// The owner's shop data in the back office (/api/admin/categories, /coupons, /content), on a real
// SQLite database: every route, both roles, both languages, every bad input refused with its field
// named and nothing written; the audit of each write; the shop showing each change on the next
// request; and every field of a coupon honoured by the cart and the checkout.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  addAddress, call, checkoutBody, completeCart, loginOwner, makeApp, makeStaff, MEDIA_DIR, OWNER_PASSWORD, registerShopper, seededProduct,
} from './helpers.ts';
import fc from 'fast-check';
import { dayInZone } from '../../server/domain/calendar.ts';
import { couponDiscount, couponProblem } from '../../server/domain/coupon.ts';
import { formatMoney } from '../../server/i18n/messages.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed/seed.ts';

let app: FastifyInstance;
let owner: string;
let staff: string;

beforeAll(async () => {
  app = await makeApp();
  await app.db.updateTable('products').set({ stock: 10_000 }).execute();
  owner = await loginOwner(app);
  staff = (await makeStaff(app)).token;
});
afterAll(() => app?.close());

const auditSince = async (id: number) => app.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
const lastAuditId = async () => Number((await app.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('n')).executeTakeFirst())?.n ?? 0);
const parse = (json: string | null) => (json === null ? null : JSON.parse(json));

/** A day `days` after today in Cairo, YYYY-MM-DD. */
const cairoDay = (days: number) => dayInZone(new Date(Date.now() + days * 86_400_000), 'Africa/Cairo');

describe('who may', () => {
  it.each([
    ['GET', '/admin/categories'], ['POST', '/admin/categories'], ['PUT', '/admin/categories/1'],
    ['GET', '/admin/coupons'], ['POST', '/admin/coupons'], ['PUT', '/admin/coupons/1'],
    ['GET', '/admin/content'], ['PUT', '/admin/content'],
  ] as const)('%s %s: the owner only (401 without a token, 403 for staff and shoppers, in their language)', async (method, url) => {
    const body = method === 'GET' ? undefined : {};
    expect((await call(app, method, url, { body })).statusCode).toBe(401);
    const shopper = await registerShopper(app);
    for (const [token, lang] of [[staff, 'en'], [shopper.token, 'ar']] as const) {
      const res = await call(app, method, url, { token, body, lang });
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(lang === 'en' ? 'You do not have access to this.' : 'ليست لديك صلاحية الوصول إلى هذا.');
    }
  });
});

describe('categories', () => {
  const list = async () => (await call(app, 'GET', '/admin/categories', { token: owner })).body.data;
  const homeCategories = async (lang: 'en' | 'ar' = 'en') => (await call(app, 'GET', '/home', { lang })).body.data.categories.map((c: { name: string }) => c.name);
  const create = (body: unknown, lang?: 'en' | 'ar') => call(app, 'POST', '/admin/categories', { token: owner, body, lang });
  const update = (id: number, body: unknown, lang?: 'en' | 'ar') => call(app, 'PUT', `/admin/categories/${id}`, { token: owner, body, lang });

  it('lists them in the home page\'s order, numbered 1…n, with their products and the shop\'s images', async () => {
    const { categories, images } = await list();
    expect(categories.map((c: { position: number }) => c.position)).toEqual(categories.map((_: unknown, i: number) => i + 1));
    expect(categories.map((c: { name_en: string }) => c.name_en)).toEqual(await homeCategories());
    expect(categories[0]).toMatchObject({ slug: 'oud-oriental', name_en: 'Oud & Oriental', name_ar: 'العود والعطور الشرقية', image: '/media/categories/oud-oriental.svg' });
    expect(categories[0].products_count).toBeGreaterThan(0);
    expect(images).toEqual(expect.arrayContaining(['/media/categories/gift-sets.svg', (await seededProduct(app, 0)).main_image]));
    expect(images.every((url: string) => url.startsWith('/media/'))).toBe(true);
  });

  it('makes one in both languages at the place asked; the home page and the lists show it on the next request; audited', async () => {
    const before = await lastAuditId();
    const res = await create({ name_en: 'Musk & Amber', name_ar: 'المسك والعنبر', image: '/media/categories/gift-sets.svg', position: 2 }, 'ar');
    expect(res.statusCode, res.raw).toBe(201);
    expect(res.body.message).toBe('تم إنشاء القسم المسك والعنبر.');
    const made = res.body.data.category;
    expect(made).toMatchObject({ slug: 'musk-amber', name_en: 'Musk & Amber', name_ar: 'المسك والعنبر', position: 2, products_count: 0 });
    expect((await homeCategories())[1]).toBe('Musk & Amber');
    expect((await homeCategories('ar'))[1]).toBe('المسك والعنبر');
    const shopList = (await call(app, 'GET', '/categories', { lang: 'ar' })).body.data;
    expect(shopList[1]).toMatchObject({ id: made.id, name: 'المسك والعنبر', image: '/media/categories/gift-sets.svg', products_count: 0 });
    const positions = (await list()).categories.map((c: { position: number }) => c.position);
    expect(positions).toEqual(positions.map((_: unknown, i: number) => i + 1));
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'category.create', target: `category ${made.id}` });
    expect(parse(entry.after_json)).toEqual({ slug: 'musk-amber', name_en: 'Musk & Amber', name_ar: 'المسك والعنبر', image: '/media/categories/gift-sets.svg', position: 2 });
    expect(entry.before_json).toBeNull();
  });

  it('gives a unique slug, goes last without a position, and shows a plain tile without an image', async () => {
    const res = await create({ name_en: 'Gift Sets!', name_ar: 'هدايا مختارة' });
    expect(res.statusCode, res.raw).toBe(201);
    const { categories } = await list();
    expect(res.body.data.category).toMatchObject({ slug: 'gift-sets-2', position: categories.length, image: '/media/categories/placeholder.svg' });
    const tile = await app.inject({ method: 'GET', url: '/media/categories/placeholder.svg' });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('renames in both languages, changes the image and moves; product pages name the new category at once; audited with what changed only', async () => {
    const product = await seededProduct(app, 0);
    const { categories } = await list();
    const category = categories.find((c: { id: number }) => c.id === product.category_id);
    // The product's page is kept in memory after its first read.
    expect((await call(app, 'GET', `/products/details/${product.id}`, { lang: 'ar' })).body.data.Product_details.category_name).toBe(category.name_ar);
    const before = await lastAuditId();
    const res = await update(category.id, { name_en: 'Oud, Amber & Musk', name_ar: category.name_ar, image: '/media/categories/gift-sets.svg', position: categories.length });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('The category Oud, Amber & Musk was saved.');
    expect(res.body.data.category).toMatchObject({ name_en: 'Oud, Amber & Musk', slug: category.slug, position: categories.length });
    expect((await homeCategories()).at(-1)).toBe('Oud, Amber & Musk');
    expect((await call(app, 'GET', `/products/details/${product.id}`)).body.data.Product_details.category_name).toBe('Oud, Amber & Musk');
    expect((await call(app, 'GET', `/products/category/${category.id}`)).body.data.category.name).toBe('Oud, Amber & Musk');
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'category.update', target: `category ${category.id}` });
    expect(parse(entry.before_json)).toEqual({ name_en: category.name_en, image: category.image, position: category.position });
    expect(parse(entry.after_json)).toEqual({ name_en: 'Oud, Amber & Musk', image: '/media/categories/gift-sets.svg', position: categories.length });

    // Moved up one place (the back office's "Move up"): the one above goes down; every place 1…n.
    const moved = await update(category.id, { name_en: 'Oud, Amber & Musk', name_ar: category.name_ar, position: categories.length - 1 });
    expect(moved.body.data.category).toMatchObject({ position: categories.length - 1, image: '/media/categories/gift-sets.svg' });
    const names = await homeCategories();
    expect(names.at(-2)).toBe('Oud, Amber & Musk');
    expect(names).toHaveLength(categories.length);
    // Saved as it is: nothing to audit.
    const quiet = await lastAuditId();
    expect((await update(category.id, { name_en: 'Oud, Amber & Musk', name_ar: category.name_ar })).statusCode).toBe(200);
    expect(await auditSince(quiet)).toEqual([]);
  });

  it.each([
    ['no Arabic name', { name_en: 'Candles' }, 'name_ar', 'Required', 'مطلوب'],
    ['an empty English name', { name_en: '   ', name_ar: 'شموع' }, 'name_en', 'Required', 'مطلوب'],
    ['an English name another category has, in another case', { name_en: 'gift sets', name_ar: 'شموع' }, 'name_en', 'Another category already has this name.', 'يوجد قسم آخر بهذا الاسم.'],
    ['an Arabic name another category has', { name_en: 'Candles', name_ar: 'أطقم الهدايا' }, 'name_ar', 'Another category already has this name.', 'يوجد قسم آخر بهذا الاسم.'],
    ['a javascript: image', { name_en: 'Candles', name_ar: 'شموع', image: 'javascript:alert(1)' }, 'image', 'Choose one of the shop\'s images (an address under /media/ that exists).', 'اختر إحدى صور المتجر (عنوان موجود يبدأ بـ /media/).'],
    ['an image from elsewhere', { name_en: 'Candles', name_ar: 'شموع', image: 'https://evil.example/x.png' }, 'image', 'Choose one of the shop\'s images (an address under /media/ that exists).', 'اختر إحدى صور المتجر (عنوان موجود يبدأ بـ /media/).'],
    ['an image that is not there', { name_en: 'Candles', name_ar: 'شموع', image: '/media/categories/none.svg' }, 'image', 'Choose one of the shop\'s images (an address under /media/ that exists).', 'اختر إحدى صور المتجر (عنوان موجود يبدأ بـ /media/).'],
    ['an image outside the shop\'s images', { name_en: 'Candles', name_ar: 'شموع', image: '/media/../package.json' }, 'image', 'Choose one of the shop\'s images (an address under /media/ that exists).', 'اختر إحدى صور المتجر (عنوان موجود يبدأ بـ /media/).'],
    ['a place of 0', { name_en: 'Candles', name_ar: 'شموع', position: 0 }, 'position', 'Must be at least 1.', 'يجب ألا يقل عن ١.'],
    ['a slug of its own', { name_en: 'Candles', name_ar: 'شموع', slug: 'oud-oriental' }, 'slug', 'This field is not part of this request.', 'هذا الحقل ليس من حقول هذا الطلب.'],
  ])('refuses %s, with the field named, in both languages, and writes nothing', async (_name, body, field, en, ar) => {
    const count = async () => Number((await app.db.selectFrom('categories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);
    const before = await count();
    const audit = await lastAuditId();
    for (const [lang, text] of [['en', en], ['ar', ar]] as const) {
      const res = await create(body, lang);
      expect(res.statusCode, res.raw).toBe(422);
      expect(res.body.errors[field]).toEqual([text]);
    }
    // The same body on an edit: refused too.
    const res = await update(1, body);
    expect(res.statusCode).toBe(422);
    expect(res.body.errors[field]).toEqual([en]);
    expect(await count()).toBe(before);
    expect(await auditSince(audit)).toEqual([]);
  });

  it('an unknown category is 404', async () => {
    const res = await update(999999, { name_en: 'Candles', name_ar: 'شموع' }, 'ar');
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('لم يتم العثور على هذا القسم.');
  });

  it('the placeholder tile is written when missing, never outside the shop\'s images', async () => {
    expect(fs.existsSync(path.join(MEDIA_DIR, 'categories', 'placeholder.svg'))).toBe(true);
  });
});

describe('coupons', () => {
  const valid = {
    code: 'RAMADAN25', kind: 'percent', value: 25, min_order: 500, max_uses: 100, once_per_customer: true,
    starts_at: null, ends_at: null, active: true,
  };
  const create = (body: unknown, lang?: 'en' | 'ar') => call(app, 'POST', '/admin/coupons', { token: owner, body, lang });
  const update = (id: number, body: unknown, lang?: 'en' | 'ar') => call(app, 'PUT', `/admin/coupons/${id}`, { token: owner, body, lang });
  const coupons = async () => (await call(app, 'GET', '/admin/coupons', { token: owner })).body.data.coupons;
  const count = async () => Number((await app.db.selectFrom('coupons').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);

  it('lists the seeded ones with their uses and whether a shopper can use them today', async () => {
    const all = await coupons();
    const byCode = Object.fromEntries(all.map((c: { code: string }) => [c.code, c]));
    expect(byCode.WELCOME10).toMatchObject({
      kind: 'percent', value: 10, min_order: 300, max_uses: null, once_per_customer: true, starts_at: null, ends_at: null,
      active: true, standing: 'active', active_now: true,
    });
    expect(byCode.EID100).toMatchObject({ kind: 'fixed', value: 100, min_order: 1000, once_per_customer: false, standing: 'active' });
    expect(byCode.SUMMER24).toMatchObject({ ends_at: '2024-09-30', standing: 'ended', active_now: false, uses: 0 });
  });

  it('makes one: the code read in any case and digits, money in EGP kept in piastres; audited', async () => {
    const before = await lastAuditId();
    const res = await create({ ...valid, code: 'eid٢٠٢٦', kind: 'fixed', value: 75.5, min_order: 999.99, starts_at: '٢٠٢٦-١٢-٠١', ends_at: '2026-12-31' }, 'ar');
    expect(res.statusCode, res.raw).toBe(201);
    expect(res.body.message).toBe('تم إنشاء الكوبون EID2026.');
    const coupon = res.body.data.coupon;
    expect(coupon).toMatchObject({
      code: 'EID2026', kind: 'fixed', value: 75.5, min_order: 999.99, max_uses: 100, once_per_customer: true,
      starts_at: '2026-12-01', ends_at: '2026-12-31', active: true, uses: 0,
    });
    const row = await app.db.selectFrom('coupons').selectAll().where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'EID2026', value: 7550, min_subtotal: 99999, per_user_limit: 1, starts_on: '2026-12-01', expires_on: '2026-12-31', active: 1 });
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'coupon.create', target: 'coupon EID2026', before_json: null });
    expect(parse(entry.after_json)).toEqual({
      code: 'EID2026', kind: 'fixed', value: 75.5, min_order: 999.99, max_uses: 100, once_per_customer: true, starts_at: '2026-12-01', ends_at: '2026-12-31', active: true,
    });
  });

  it.each([
    ['a duplicate code, in another case', { code: 'welcome10' }, 'code', 'Another coupon already has this code.', 'يوجد كوبون آخر بهذا الرمز.'],
    ['no code', { code: '' }, 'code', 'Required', 'مطلوب'],
    ['a code with a space and a sign', { code: 'EID 100!' }, 'code', 'Use 3 to 32 letters (A–Z) and digits, without spaces.', 'استخدم من ٣ إلى ٣٢ حرفاً لاتينياً (A–Z) ورقماً، دون مسافات.'],
    ['a percent of 150', { value: 150 }, 'value', 'A percentage is a whole number from 1 to 100.', 'النسبة المئوية عدد صحيح من ١ إلى ١٠٠.'],
    ['a percent of 12.5', { value: 12.5 }, 'value', 'A percentage is a whole number from 1 to 100.', 'النسبة المئوية عدد صحيح من ١ إلى ١٠٠.'],
    ['a fixed amount of 0', { kind: 'fixed', value: 0 }, 'value', 'Must be at least 0.01.', 'يجب ألا يقل عن ٠٫٠١.'],
    ['a fixed amount below 0', { kind: 'fixed', value: -5 }, 'value', 'Must be at least 0.01.', 'يجب ألا يقل عن ٠٫٠١.'],
    ['a fixed amount in thousandths', { kind: 'fixed', value: 10.555 }, 'value', 'Use at most two decimals (piastres).', 'استخدم رقمين عشريين على الأكثر (قروش).'],
    ['a minimum order in thousandths', { min_order: 100.001 }, 'min_order', 'Use at most two decimals (piastres).', 'استخدم رقمين عشريين على الأكثر (قروش).'],
    ['an end before the start', { starts_at: '2026-12-10', ends_at: '2026-12-09' }, 'ends_at', 'The last day cannot be before the first day.', 'لا يمكن أن يكون اليوم الأخير قبل اليوم الأول.'],
    ['a day the calendar does not have', { starts_at: '2026-02-30' }, 'starts_at', 'Please enter a real date (YYYY-MM-DD).', 'يُرجى إدخال تاريخ صحيح (YYYY-MM-DD).'],
    ['no limit of uses given as 0', { max_uses: 0 }, 'max_uses', 'Must be at least 1.', 'يجب ألا يقل عن ١.'],
    ['another kind', { kind: 'free' }, 'kind', 'Must be one of: percent, fixed.', 'يجب أن يكون أحد: percent, fixed.'],
    ['its uses set by hand', { uses: 0 }, 'uses', 'This field is not part of this request.', 'هذا الحقل ليس من حقول هذا الطلب.'],
  ])('refuses %s, with the field named, in both languages, and writes nothing', async (_name, change, field, en, ar) => {
    const before = await count();
    const audit = await lastAuditId();
    const body = { ...valid, code: 'NEWONE1', ...change };
    for (const [lang, text] of [['en', en], ['ar', ar]] as const) {
      const res = await create(body, lang);
      expect(res.statusCode, res.raw).toBe(422);
      expect(res.body.errors[field]).toEqual([text]);
    }
    const eid = (await coupons()).find((c: { code: string }) => c.code === 'EID100');
    const res = await update(eid.id, body);
    expect(res.statusCode, res.raw).toBe(422);
    expect(res.body.errors[field]).toEqual([en]);
    expect(await count()).toBe(before);
    expect(await auditSince(audit)).toEqual([]);
  });

  it('changes one, keeps its uses, audits only what changed; 404 for an unknown one', async () => {
    const made = (await create({ ...valid, code: 'SPRING5', value: 5 })).body.data.coupon;
    await app.db.updateTable('coupons').set({ used_count: 3 }).where('id', '=', made.id).execute();
    const before = await lastAuditId();
    const res = await update(made.id, { ...valid, code: 'Spring6', value: 6, active: false });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('The coupon SPRING6 was saved.');
    expect(res.body.data.coupon).toMatchObject({ code: 'SPRING6', value: 6, active: false, uses: 3, standing: 'off', active_now: false });
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'coupon.update', target: 'coupon SPRING6' });
    expect(parse(entry.before_json)).toEqual({ code: 'SPRING5', value: 5, active: true });
    expect(parse(entry.after_json)).toEqual({ code: 'SPRING6', value: 6, active: false });
    // Its own code again, in another case: not "taken".
    expect((await update(made.id, { ...valid, code: 'spring6', value: 6, active: false })).statusCode).toBe(200);
    const missing = await update(999999, valid, 'ar');
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('لم يتم العثور على هذا الكوبون.');
  });

  it('shows where each stands today: scheduled, ended, used up, off', async () => {
    const made = async (code: string, change: Record<string, unknown>) => (await create({ ...valid, code, ...change })).body.data.coupon;
    expect(await made('LATER1', { starts_at: cairoDay(3) })).toMatchObject({ standing: 'scheduled', active_now: false });
    expect(await made('GONE1', { ends_at: cairoDay(-1) })).toMatchObject({ standing: 'ended', active_now: false });
    expect(await made('TODAY1', { starts_at: cairoDay(0), ends_at: cairoDay(0) })).toMatchObject({ standing: 'active', active_now: true });
    const once = await made('ONCE1', { max_uses: 1 });
    await app.db.updateTable('coupons').set({ used_count: 1 }).where('id', '=', once.id).execute();
    expect((await coupons()).find((c: { id: number }) => c.id === once.id)).toMatchObject({ standing: 'used_up', uses: 1, active_now: false });
  });
});

describe('every field of a coupon, in the cart and at checkout', () => {
  let product: { id: number };
  beforeAll(async () => {
    product = await seededProduct(app, 2); // no smells, no gift, 2,650 EGP
  });

  /** A shopper with one unit of product 2 in the cart, and an address. */
  async function shopper() {
    const s = await registerShopper(app);
    await call(app, 'POST', '/addToCard', { token: s.token, body: { product_id: product.id } });
    const cart = await completeCart(app, s.token);
    return { token: s.token, cart, addressId: await addAddress(app, s.token) };
  }
  const makeCoupon = async (code: string, change: Record<string, unknown> = {}) => {
    const res = await call(app, 'POST', '/admin/coupons', {
      token: owner, body: { code, kind: 'percent', value: 10, min_order: 0, max_uses: null, once_per_customer: false, starts_at: null, ends_at: null, active: true, ...change },
    });
    expect(res.statusCode, res.raw).toBe(201);
    return res.body.data.coupon;
  };
  const apply = (s: { token: string; cart: { card_id: number } }, code: string, lang?: 'en' | 'ar') =>
    call(app, 'POST', `/add/coupons/${s.cart.card_id}`, { token: s.token, body: { name: code }, lang });
  const checkout = (s: { token: string; cart: { card_id: number }; addressId: number }, lang?: 'en' | 'ar') =>
    call(app, 'POST', '/checkout', { token: s.token, body: checkoutBody(s.cart.card_id, s.addressId), lang });
  const used = async (id: number) => (await app.db.selectFrom('coupons').select('used_count').where('id', '=', id).executeTakeFirstOrThrow()).used_count;

  it.each([
    ['switched off', { active: false }, 'The coupon "{code}" is not available now.', 'الكوبون "{code}" غير متاح حالياً.'],
    ['not started', { starts_at: '2099-01-15' }, 'The coupon "{code}" can be used from January 15, 2099.', 'يمكن استخدام الكوبون "{code}" بدءاً من ١٥ يناير ٢٠٩٩.'],
    ['ended', { ends_at: '2024-01-01' }, 'The coupon "{code}" has expired.', 'انتهت صلاحية الكوبون "{code}".'],
    ['below its minimum order', { min_order: 5000 }, `The coupon "{code}" needs a subtotal of at least ${formatMoney('en', 500000)}.`, `يجب ألا يقل المجموع عن ${formatMoney('ar', 500000)} لاستخدام الكوبون "{code}".`],
    ['used up', { max_uses: 1, used: 1 }, 'The coupon "{code}" has reached its use limit.', 'وصل الكوبون "{code}" إلى الحد الأقصى للاستخدام.'],
  ])('%s: the cart refuses to apply it, in both languages', async (name, change, en, ar) => {
    const { used: already, ...fields } = change as Record<string, unknown> & { used?: number };
    const code = `NO${name.replace(/\W/g, '').toUpperCase().slice(0, 10)}`;
    const coupon = await makeCoupon(code, fields);
    if (already) await app.db.updateTable('coupons').set({ used_count: already }).where('id', '=', coupon.id).execute();
    const s = await shopper();
    for (const [lang, text] of [['en', en], ['ar', ar]] as const) {
      const res = await apply(s, code, lang);
      expect(res.statusCode, res.raw).toBe(422);
      expect(res.body.message).toBe(text.replace('{code}', code));
    }
  });

  it('a change by the owner after the shopper applied it: the cart warns and the checkout refuses, writing nothing', async () => {
    const coupon = await makeCoupon('CHANGED1');
    const s = await shopper();
    expect((await apply(s, 'CHANGED1')).body.data).toMatchObject({ coupon: 'CHANGED1', coupon_discount: 265, coupon_problem: null });
    const body = { code: 'CHANGED1', kind: 'percent', value: 10, min_order: 0, max_uses: null, once_per_customer: false, starts_at: null, ends_at: null };
    for (const [change, en] of [
      [{ active: false }, 'The coupon "CHANGED1" is not available now.'],
      [{ active: true, starts_at: cairoDay(1) }, 'The coupon "CHANGED1" can be used from'],
      [{ active: true, ends_at: cairoDay(-1) }, 'The coupon "CHANGED1" has expired.'],
      [{ active: true, min_order: 3000 }, `The coupon "CHANGED1" needs a subtotal of at least ${formatMoney('en', 300000)}.`],
    ] as const) {
      expect((await call(app, 'PUT', `/admin/coupons/${coupon.id}`, { token: owner, body: { ...body, ...change } })).statusCode).toBe(200);
      const cart = (await call(app, 'GET', '/showCard', { token: s.token })).body.data;
      expect(cart.coupon).toBe('CHANGED1');
      expect(cart.coupon_discount).toBe(0);
      expect(cart.coupon_problem).toContain(en);
      const res = await checkout(s);
      expect(res.statusCode, res.raw).toBe(422);
      expect(res.body.message).toContain(en);
    }
    expect(await used(coupon.id)).toBe(0);
    expect(await app.db.selectFrom('orders').select('id').where('coupon_id', '=', coupon.id).execute()).toEqual([]);
    // Back as it was: the same cart checks out with the discount, and the use is counted.
    expect((await call(app, 'PUT', `/admin/coupons/${coupon.id}`, { token: owner, body: { ...body, active: true } })).statusCode).toBe(200);
    const placed = await checkout(s);
    expect(placed.statusCode, placed.raw).toBe(200);
    expect(placed.body.data.order.total).toBe(2650 - 265);
    expect(await used(coupon.id)).toBe(1);
  });

  it('once per customer: the same customer cannot use it twice; another can', async () => {
    const coupon = await makeCoupon('ONCEPER1', { once_per_customer: true, kind: 'fixed', value: 100 });
    const first = await shopper();
    expect((await apply(first, 'ONCEPER1')).body.data.coupon_discount).toBe(100);
    expect((await checkout(first)).statusCode).toBe(200);
    await call(app, 'POST', '/addToCard', { token: first.token, body: { product_id: product.id } });
    for (const [lang, text] of [['en', 'You have already used the coupon "ONCEPER1".'], ['ar', 'لقد استخدمت الكوبون "ONCEPER1" من قبل.']] as const) {
      const res = await apply(first, 'ONCEPER1', lang);
      expect(res.statusCode).toBe(422);
      expect(res.body.message).toBe(text);
    }
    const second = await shopper();
    expect((await apply(second, 'ONCEPER1')).statusCode).toBe(200);
    expect((await checkout(second)).statusCode).toBe(200);
    expect(await used(coupon.id)).toBe(2);
  });

  it('a total limit: the last use goes to the first checkout, the next one is refused at checkout', async () => {
    const coupon = await makeCoupon('LIMIT1', { max_uses: 1 });
    const a = await shopper();
    const b = await shopper();
    expect((await apply(a, 'LIMIT1')).statusCode).toBe(200);
    expect((await apply(b, 'LIMIT1')).statusCode).toBe(200);
    expect((await checkout(a)).statusCode).toBe(200);
    const res = await checkout(b, 'ar');
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe('وصل الكوبون "LIMIT1" إلى الحد الأقصى للاستخدام.');
    expect(await used(coupon.id)).toBe(1);
  });

  it('the checkout\'s guarded write checks every field again as the row is now', async () => {
    const coupon = await makeCoupon('GUARD1', { once_per_customer: true, max_uses: 2, min_order: 100 });
    const s = await registerShopper(app);
    const today = dayInZone(new Date(), 'Africa/Cairo');
    const count = (subtotal = 20000) => app.db.transaction().execute((trx) => app.coupons.countUse(coupon.id, { userId: s.user.id, subtotal, today }, trx));
    const set = (change: Record<string, unknown>) => app.db.updateTable('coupons').set(change).where('id', '=', coupon.id).execute();
    await set({ active: 0 });
    expect(await count()).toBeNull();
    await set({ active: 1, starts_on: cairoDay(1) });
    expect(await count()).toBeNull();
    await set({ starts_on: null, expires_on: cairoDay(-1) });
    expect(await count()).toBeNull();
    await set({ expires_on: null });
    expect(await count(9999)).toBeNull();
    expect(await count()).toEqual({ per_user_limit: 1 });
    // This shopper's use recorded: once per customer, so no second count for them.
    const order = await app.db.selectFrom('orders').select('id').limit(1).executeTakeFirstOrThrow();
    await app.db.insertInto('coupon_uses').values({ coupon_id: coupon.id, user_id: s.user.id, order_id: order.id, once_key: `${coupon.id}:${s.user.id}`, created_at: new Date().toISOString() }).execute();
    expect(await count()).toBeNull();
    await set({ per_user_limit: null });
    expect(await count()).toEqual({ per_user_limit: null });
    // Two uses counted: used up.
    expect(await count()).toBeNull();
    expect(await used(coupon.id)).toBe(2);
  });
});

describe('whatever the owner writes and whatever the cart holds (fast-check, through the API)', () => {
  it('the discount is never more than the subtotal, applies exactly when the rules say, and the totals add up', async () => {
    const s = await registerShopper(app);
    const products = await Promise.all([0, 1, 2].map((i) => seededProduct(app, i)));
    const cart = (await call(app, 'GET', '/showCard', { token: s.token })).body.data;
    const piastres = (egp: number) => Math.round(egp * 100);
    let n = 0;
    await fc.assert(fc.asyncProperty(
      fc.record({
        kind: fc.constantFrom('percent', 'fixed'),
        percent: fc.integer({ min: 1, max: 100 }),
        fixed: fc.integer({ min: 1, max: 1_000_000 }).map((p) => p / 100),
        min_order: fc.constantFrom(0, 300, 1000, 2650, 5000, 9999.99),
        starts_at: fc.constantFrom(null, cairoDay(-1), cairoDay(0), cairoDay(1)),
        ends_at: fc.constantFrom(null, cairoDay(-1), cairoDay(0), cairoDay(2)),
        active: fc.boolean(),
        max_uses: fc.constantFrom(null, 1, 3),
        used: fc.integer({ min: 0, max: 3 }),
      }),
      fc.array(fc.record({ product: fc.integer({ min: 0, max: 2 }), qty: fc.integer({ min: 1, max: 3 }) }), { maxLength: 3 }),
      async (c, lines) => {
        n += 1;
        await app.db.deleteFrom('cart_items').where('cart_id', '=', cart.card_id).execute();
        await app.db.updateTable('carts').set({ coupon_id: null }).where('id', '=', cart.card_id).execute();
        for (const line of lines) {
          for (let i = 0; i < line.qty; i += 1) await call(app, 'POST', '/addToCard', { token: s.token, body: { product_id: products[line.product].id } });
        }
        const code = `PROP${process.pid % 1000}X${n}`;
        const made = await call(app, 'POST', '/admin/coupons', {
          token: owner,
          body: {
            code, kind: c.kind, value: c.kind === 'percent' ? c.percent : c.fixed, min_order: c.min_order, max_uses: c.max_uses,
            once_per_customer: false, starts_at: c.starts_at, ends_at: c.ends_at, active: c.active,
          },
        });
        // Only an end before the start is refused of these; nothing else to check then.
        if (c.starts_at && c.ends_at && c.ends_at < c.starts_at) {
          expect(made.statusCode).toBe(422);
          return;
        }
        expect(made.statusCode, made.raw).toBe(201);
        const row = await app.db.updateTable('coupons').set({ used_count: c.used }).where('code', '=', code).returningAll().executeTakeFirstOrThrow();
        const subtotal = (await call(app, 'GET', '/showCard', { token: s.token })).body.data.subtotal;
        const problem = couponProblem(row, { subtotal: piastres(subtotal), today: cairoDay(0), usesByUser: 0 });
        const applied = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token: s.token, body: { name: code } });
        expect(applied.statusCode === 200, applied.raw).toBe(problem === null && lines.length > 0);
        // Whatever the answer, the cart is read with the coupon on it: a coupon that stops applying stays on a cart.
        await app.db.updateTable('carts').set({ coupon_id: row.id }).where('id', '=', cart.card_id).execute();
        const data = (await call(app, 'GET', '/showCard', { token: s.token })).body.data;
        const discount = piastres(data.coupon_discount);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(piastres(data.subtotal));
        expect(data.coupon_problem === null).toBe(problem === null);
        expect(discount).toBe(problem === null ? couponDiscount(piastres(data.subtotal), { kind: row.kind as 'percent' | 'fixed', value: row.value }) : 0);
        expect(piastres(data.price_after_coupon)).toBe(piastres(data.subtotal) - discount);
        expect(piastres(data.summary.total)).toBe(piastres(data.price_after_coupon) - piastres(data.points_discount));
        expect(piastres(data.summary.totalAfterShiping)).toBe(piastres(data.summary.total) + piastres(data.shiping));
      },
    ), { seed: Number(process.env.FUZZ_SEED ?? 2026), numRuns: 40 });
  });
});

describe('the shop\'s texts', () => {
  const get = async (lang?: 'en' | 'ar') => (await call(app, 'GET', '/admin/content', { token: owner, lang })).body.data.content;
  const put = (body: unknown, lang?: 'en' | 'ar') => call(app, 'PUT', '/admin/content', { token: owner, body, lang });

  it('answers every text in both languages and the links', async () => {
    const content = await get();
    expect(Object.keys(content).sort()).toEqual([
      'about_content_ar', 'about_content_en', 'about_title_ar', 'about_title_en', 'footer_description_ar', 'footer_description_en',
      'hero_subtitle_ar', 'hero_subtitle_en', 'hero_title_ar', 'hero_title_en', 'link_facebook', 'link_instegram', 'link_twitter',
      'message_nav_ar', 'message_nav_en',
    ]);
    expect(content.about_title_ar).toBe('عن عطّار');
    expect(content.message_nav_en).toBe((await call(app, 'GET', '/home')).body.data.Data_home_page.message_nav);
  });

  it('the banner changed shows on the home page\'s next request, in each language; only the changed texts are audited', async () => {
    // Read once, so the server keeps the texts in memory.
    const old = (await call(app, 'GET', '/home', { lang: 'ar' })).body.data.Data_home_page.message_nav;
    const content = await get();
    const before = await lastAuditId();
    const res = await put({ ...content, message_nav_en: 'Eid sale: 20% off oud', message_nav_ar: 'تخفيضات العيد: خصم ٢٠٪ على العود' }, 'ar');
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('تم حفظ نصوص المتجر.');
    expect(res.body.data.content).toMatchObject({ message_nav_en: 'Eid sale: 20% off oud', message_nav_ar: 'تخفيضات العيد: خصم ٢٠٪ على العود' });
    expect((await call(app, 'GET', '/home')).body.data.Data_home_page.message_nav).toBe('Eid sale: 20% off oud');
    expect((await call(app, 'GET', '/home', { lang: 'ar' })).body.data.Data_home_page.message_nav).toBe('تخفيضات العيد: خصم ٢٠٪ على العود');
    const [entry, ...more] = await auditSince(before);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'content.update', target: 'content' });
    expect(parse(entry.before_json)).toEqual({ message_nav_en: content.message_nav_en, message_nav_ar: old });
    expect(parse(entry.after_json)).toEqual({ message_nav_en: 'Eid sale: 20% off oud', message_nav_ar: 'تخفيضات العيد: خصم ٢٠٪ على العود' });
    // Saved again as it is: nothing changed, nothing audited.
    const again = await put({ message_nav_en: 'Eid sale: 20% off oud' });
    expect(again.body.message).toBe('Nothing was changed.');
    expect(await auditSince(entry.id)).toEqual([]);
  });

  it('the hero, the footer, its links and the about page show on the next request', async () => {
    const res = await put({
      hero_title_en: 'Scents of Cairo', hero_subtitle_ar: 'عطور تصلك إلى بابك',
      footer_description_en: '<p>Made in <strong>Egypt</strong>.</p>', link_instegram: 'https://www.instagram.com/attar.eg',
      about_title_ar: 'قصتنا', about_content_en: '<h2>Our story</h2><p>Since 1952.</p>',
    });
    expect(res.statusCode, res.raw).toBe(200);
    expect((await call(app, 'GET', '/home')).body.data.Data_home_page.hero_title).toBe('Scents of Cairo');
    expect((await call(app, 'GET', '/home', { lang: 'ar' })).body.data.Data_home_page.hero_subtitle).toBe('عطور تصلك إلى بابك');
    const footer = (await call(app, 'GET', '/products/bestseller')).body;
    expect(footer.footer.description).toBe('<p>Made in <strong>Egypt</strong>.</p>');
    expect(footer.linkfooter.link_instegram).toBe('https://www.instagram.com/attar.eg');
    expect((await call(app, 'GET', '/products/bestseller', { lang: 'ar' })).body.linkfooter.link_instegram).toBe('https://www.instagram.com/attar.eg');
    expect((await call(app, 'GET', '/about', { lang: 'ar' })).body.data.title).toBe('قصتنا');
    expect((await call(app, 'GET', '/about')).body.data.content).toBe('<h2>Our story</h2><p>Since 1952.</p>');
  });

  it('HTML keeps only what the storefront lets through: scripts, handlers, pictures and javascript: links go', async () => {
    const hostile = '<p onclick="alert(1)">Oud <b>royal</b> <a href="javascript:alert(2)">here</a> <a href="https://attar.eg/x" title="t">there</a></p>'
      + '<script>alert(3)</script><img src="x" onerror="alert(4)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const res = await put({ about_content_en: hostile, footer_description_ar: `<div>نص</div>${hostile}` });
    expect(res.statusCode, res.raw).toBe(200);
    const clean = '<p>Oud <b>royal</b> <a>here</a> <a href="https://attar.eg/x" title="t">there</a></p>';
    expect(res.body.data.content.about_content_en).toBe(clean);
    expect(res.body.data.content.footer_description_ar).toBe(`<div>نص</div>${clean}`);
    const stored = await app.db.selectFrom('content').selectAll().where('key', 'in', ['about_content', 'footer_description']).execute();
    for (const row of stored) expect(`${row.value_en}${row.value_ar}`).not.toMatch(/script|onclick|onerror|javascript:|<img|<iframe|<style|alert/);
    expect((await call(app, 'GET', '/about')).body.data.content).toBe(clean);
  });

  it.each([
    ['a javascript: link', { link_twitter: 'javascript:alert(1)' }, 'link_twitter', 'Enter a full https:// address.', 'أدخل عنواناً كاملاً يبدأ بـ https://.'],
    ['an http: link', { link_facebook: 'http://facebook.com/attar' }, 'link_facebook', 'Enter a full https:// address.', 'أدخل عنواناً كاملاً يبدأ بـ https://.'],
    ['a link with a password in it', { link_instegram: 'https://user:pass@instagram.com/attar' }, 'link_instegram', 'Enter a full https:// address.', 'أدخل عنواناً كاملاً يبدأ بـ https://.'],
    ['a data: link', { link_twitter: 'data:text/html,<script>alert(1)</script>' }, 'link_twitter', 'Enter a full https:// address.', 'أدخل عنواناً كاملاً يبدأ بـ https://.'],
    ['an empty hero title', { hero_title_ar: '' }, 'hero_title_ar', 'Required', 'مطلوب'],
    ['an about title of spaces only', { about_title_en: '   ' }, 'about_title_en', 'Required', 'مطلوب'],
    ['a text the shop does not have', { message_nav_fr: 'Bonjour' }, 'message_nav_fr', 'This field is not part of this request.', 'هذا الحقل ليس من حقول هذا الطلب.'],
    ['a banner too long', { message_nav_en: 'x'.repeat(301) }, 'message_nav_en', 'Must be at most 300 characters.', 'يجب ألا يزيد عن ٣٠٠ حرف.'],
  ])('refuses %s, with the field named, in both languages, and writes nothing', async (_name, body, field, en, ar) => {
    const before = await get();
    const audit = await lastAuditId();
    for (const [lang, text] of [['en', en], ['ar', ar]] as const) {
      const res = await put({ message_nav_en: 'Should not be saved', ...body }, lang);
      expect(res.statusCode, res.raw).toBe(422);
      expect(res.body.errors[field]).toEqual([text]);
    }
    expect(await get()).toEqual(before);
    expect(await auditSince(audit)).toEqual([]);
  });

  it('refuses an empty change', async () => {
    const res = await put({});
    expect(res.statusCode).toBe(422);
  });
});

describe('migration 008', () => {
  it('keeps every coupon as it was, switched on and valid from the start, its uses and checkout\'s behaviour unchanged; and goes back down', async () => {
    const opened = openDatabase(':memory:');
    try {
      const { db } = opened;
      // The seed writes today's tables: seeded there, then taken down to the tables as 005 left them.
      await migrateToLatest(db);
      await seedIfEmpty(db, { mediaDir: MEDIA_DIR, ownerPassword: OWNER_PASSWORD });
      await db.updateTable('coupons').set({ used_count: 4 }).where('code', '=', 'EID100').execute();
      await migrateTo(db, '005-back-office');
      const before = await db.selectFrom('coupons').selectAll().orderBy('id').execute();
      expect(before.length).toBe(3);
      expect(Object.keys(before[0])).not.toContain('active');

      await migrateToLatest(db);
      const after = await db.selectFrom('coupons').selectAll().orderBy('id').execute();
      expect(after).toEqual(before.map((c) => ({ ...c, active: 1, starts_on: null })));
      const today = dayInZone(new Date(), 'Africa/Cairo');
      // What the shop said of each before, it says now: WELCOME10 and EID100 apply, SUMMER24 has ended.
      expect(after.map((c) => couponProblem(c, { subtotal: 300000, today, usesByUser: 0 }))).toEqual([null, null, 'expired']);
    } finally {
      await opened.close();
    }
  });
});
