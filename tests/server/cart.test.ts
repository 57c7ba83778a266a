import type { Lang } from '../../server/contract/lang.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  addAddress, call, checkoutBody, completeCart, loginDemo, makeApp, registerShopper, seededProduct,
} from './helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

// ------------------------------------------------------------------ helpers

type ProductRow = Awaited<ReturnType<typeof seededProduct>>;

/** What the shopper pays per unit, in piastres, straight from the products table. */
const unitPiastres = (p: { price: number; sale_price: number | null }) => p.sale_price ?? p.price;
const egp = (piastres: number) => piastres / 100;

function cairoToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date());
}
function plusDays(day: string, n: number): string {
  return new Date(Date.parse(day + 'T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
}

/** The totals of docs/rules.md, "Money and totals", computed here from DB prices, independently of the server. */
function expectedTotals(
  lines: { unit: number; qty: number }[],
  opts: { percent?: number; fixed?: number; pointsBalance?: number } = {},
) {
  const subtotal = lines.reduce((s, l) => s + l.unit * l.qty, 0);
  let coupon = 0;
  if (opts.percent !== undefined) coupon = Math.round((subtotal * opts.percent) / 100);
  if (opts.fixed !== undefined) coupon = opts.fixed;
  coupon = Math.min(coupon, subtotal);
  const afterCoupon = subtotal - coupon;
  const pointsDiscount = opts.pointsBalance !== undefined ? Math.min(opts.pointsBalance * 5, afterCoupon) : 0;
  const total = afterCoupon - pointsDiscount;
  const shipping = afterCoupon >= 150_000 ? 0 : 6_000;
  return {
    subtotal: egp(subtotal),
    price_after_coupon: egp(afterCoupon),
    points_discount: egp(pointsDiscount),
    points_used: Math.ceil(pointsDiscount / 5),
    total: egp(total),
    shiping: egp(shipping),
    totalAfterShiping: egp(total + shipping),
  };
}

async function add(token: string, productId: number, times = 1, lang?: Lang) {
  let last;
  for (let i = 0; i < times; i++) {
    last = await call(app, 'POST', '/addToCard', { token, lang, body: { product_id: productId } });
    expect(last.statusCode, last.raw).toBe(200);
  }
  return last!;
}

async function show(token: string, lang?: Lang) {
  const res = await call(app, 'GET', '/showCard', { token, lang });
  expect(res.statusCode, res.raw).toBe(200);
  return res.body.data;
}

async function smellsOf(productId: number) {
  return app.db.selectFrom('product_smells').select(['id', 'name_en', 'name_ar'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

async function giftsOf(productId: number) {
  return app.db.selectFrom('product_gifts as pg').innerJoin('gifts as g', 'g.id', 'pg.gift_id')
    .select(['g.id', 'g.name_en', 'g.name_ar']).where('pg.product_id', '=', productId).orderBy('g.id').execute();
}

async function productById(id: number): Promise<ProductRow> {
  return app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * A product this file may re-price freely: a 'normal', in-stock product with smells,
 * one per caller, never one of the three the other tests use.
 */
let spareTaken = 0;
async function spareProduct(piastres: number): Promise<ProductRow> {
  const reserved = await Promise.all([0, 1, 2].map((i) => seededProduct(app, i)));
  const rows = await app.db.selectFrom('products as p').selectAll('p')
    .where('p.sale_type', '=', 'normal').where('p.stock', '>=', 20)
    .where('p.id', 'not in', reserved.map((r) => r.id))
    .where((eb) => eb.exists(eb.selectFrom('product_smells as s').select('s.id').whereRef('s.product_id', '=', 'p.id')))
    .orderBy('p.id').execute();
  const row = rows[spareTaken++];
  await app.db.updateTable('products').set({ price: piastres, sale_price: null }).where('id', '=', row.id).execute();
  return productById(row.id);
}

async function userPoints(userId: number) {
  return (await app.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow()).points;
}

/** Empties a cart and takes coupon and points off it, through the API. */
async function clearCart(token: string) {
  const cart = await show(token);
  for (const line of cart.product_in_card) {
    const res = await call(app, 'POST', '/remove', { token, body: { product_id: line.product_id, qty: line.product_qty } });
    expect(res.statusCode).toBe(200);
  }
  await call(app, 'POST', `/remove/coupons/${cart.card_id}`, { token });
  await call(app, 'GET', '/usepoint/cancel', { token });
}

// ------------------------------------------------------------------ tests

describe('cart routes need a token', () => {
  const routes: [('GET' | 'POST'), string, unknown][] = [
    ['GET', '/showCard', undefined],
    ['POST', '/addToCard', { product_id: 1 }],
    ['POST', '/add/smell/1', { smell: ['Oud'] }],
    ['POST', '/changeSummaryCard/1', { product_id: 1, qty: 2 }],
    ['POST', '/remove', { product_id: 1, qty: 1 }],
    ['POST', '/add/coupons/1', { name: 'WELCOME10', totalprice: 500 }],
    ['POST', '/remove/coupons/1', undefined],
    ['GET', '/usepoint', undefined],
    ['GET', '/usepoint/done', undefined],
    ['GET', '/usepoint/cancel', undefined],
  ];

  it.each(routes)('%s %s answers the 401 envelope without a token, and with a bad one', async (method, url, body) => {
    const none = await call(app, method, url, { body });
    expect(none.statusCode).toBe(401);
    expect(none.body).toEqual({ status: 401, message: 'Please log in first.' });
    const bad = await call(app, method, url, { body, token: 'x'.repeat(43) });
    expect(bad.statusCode).toBe(401);
    expect(bad.body.status).toBe(401);
    const ar = await call(app, method, url, { body, lang: 'ar' });
    expect(ar.statusCode).toBe(401);
    expect(ar.body.message).toBe('يُرجى تسجيل الدخول أولاً.');
  });

  it.each(routes.filter(([m]) => m === 'POST'))('%s %s answers 401 without a token before judging the body', async (method, url) => {
    // A route that needs sign-in answers 401 without a valid token; a caller without one learns nothing about the body rules.
    const res = await call(app, method, url, { body: {} });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
  });
});

describe('GET /showCard', () => {
  it('answers an empty CartData, every field of the contract present, for a new shopper', async () => {
    const { token } = await registerShopper(app);
    const res = await call(app, 'GET', '/showCard', { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    const data = res.body.data;
    expect(data).toEqual(expect.objectContaining({
      card_id: expect.any(Number),
      points: 0,
      points_applied: false,
      points_discount: 0,
      coupon: 'not there',
      price_after_coupon: 0,
      shiping: expect.any(Number),
      phone: expect.stringMatching(/^01\d{9}$/),
      subtotal: 0,
      product_in_card: [],
      card_count: 0,
    }));
    expect(data.summary).toEqual({
      total: 0,
      totalAfterShiping: data.shiping,
      Estimated_Delivery_by: plusDays(cairoToday(), 7),
    });
    // Nothing to ship, nothing to pay: an empty cart never shows a delivery fee.
    expect(data.shiping).toBe(0);
    expect(data.phone).toBe(app.settings.walletPhone);
    // The same cart is answered again, not a new one.
    expect((await show(token)).card_id).toBe(data.card_id);
  });
});

describe('POST /addToCard', () => {
  it('answers the unit count and merges the same product into one line with a smell slot per unit', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const p2 = await seededProduct(app, 2);
    const first = await call(app, 'POST', '/addToCard', { token, body: { product_id: p0.id } });
    expect(first.statusCode).toBe(200);
    expect(first.body.status).toBe(200);
    expect(first.body.data).toEqual({ count: 1 });
    expect(first.body.message).toBe('Added to your cart.');
    expect((await add(token, p0.id)).body.data.count).toBe(2);
    expect((await add(token, p2.id)).body.data.count).toBe(3);

    const cart = await show(token);
    expect(cart.card_count).toBe(3);
    expect(cart.product_in_card).toHaveLength(2);
    const line = cart.product_in_card.find((l: any) => l.product_id === p0.id);
    const smells = await smellsOf(p0.id);
    expect(line).toEqual(expect.objectContaining({
      id: expect.any(Number),
      product_id: p0.id,
      product_name: p0.name_en,
      product_image: p0.main_image,
      product_price: egp(unitPiastres(p0)),
      product_qty: 2,
      typesale_name: 'normal',
      product_smell: smells.map((s) => s.name_en),
      smell: [null, null],
      gift_id: null,
      giftproduct: [],
    }));
    const noSmell = cart.product_in_card.find((l: any) => l.product_id === p2.id);
    expect(noSmell.product_smell).toEqual([]);
    expect(noSmell.product_qty).toBe(1);

    const ar = await show(token, 'ar');
    const arLine = ar.product_in_card.find((l: any) => l.product_id === p0.id);
    expect(arLine.product_name).toBe(p0.name_ar);
    expect(arLine.product_smell).toEqual(smells.map((s) => s.name_ar));
  });

  it('answers 404 for a product that does not exist, and adds nothing', async () => {
    const { token } = await registerShopper(app);
    const res = await call(app, 'POST', '/addToCard', { token, body: { product_id: 987654 } });
    expect(res.statusCode).toBe(404);
    expect(res.body.status).toBe(404);
    expect(res.body.message).toBe('This product was not found.');
    expect(res.body.data).toBeUndefined();
    expect((await show(token)).card_count).toBe(0);
  });

  it('refuses a product out of stock with a message naming it, in the shopper\'s language', async () => {
    const { token } = await registerShopper(app);
    const soldOut = await app.db.selectFrom('products').selectAll().where('stock', '=', 0).orderBy('id').execute();
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
    const p = soldOut[0];
    const en = await call(app, 'POST', '/addToCard', { token, body: { product_id: p.id } });
    expect(en.statusCode).toBe(422);
    expect(en.body.status).toBe(422);
    expect(en.body.message).toContain(p.name_en);
    expect(en.body.message).toMatch(/out of stock/);
    const ar = await call(app, 'POST', '/addToCard', { token, lang: 'ar', body: { product_id: soldOut[1].id } });
    expect(ar.statusCode).toBe(422);
    expect(ar.body.message).toContain(soldOut[1].name_ar);
    expect(ar.body.message).not.toContain(soldOut[1].name_en);
    expect((await show(token)).product_in_card).toEqual([]);
  });

  it('allows up to the stock and refuses the unit beyond it: "Only 3 ... left"', async () => {
    const { token } = await registerShopper(app);
    const few = await app.db.selectFrom('products').selectAll().where('stock', '=', 3).orderBy('id').execute();
    expect(few.length).toBeGreaterThanOrEqual(2);
    const p = few[0];
    for (let i = 1; i <= 3; i++) {
      const res = await call(app, 'POST', '/addToCard', { token, body: { product_id: p.id } });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.count).toBe(i);
    }
    const fourth = await call(app, 'POST', '/addToCard', { token, body: { product_id: p.id } });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.body.message).toMatch(/Only 3 .*left/);
    expect(fourth.body.message).toContain(p.name_en);
    const ar = await call(app, 'POST', '/addToCard', { token, lang: 'ar', body: { product_id: p.id } });
    expect(ar.statusCode).toBe(422);
    expect(ar.body.message).toContain(p.name_ar);
    const cart = await show(token);
    expect(cart.card_count).toBe(3);
    expect(cart.product_in_card[0].product_qty).toBe(3);
  });
});

describe('CartData totals', () => {
  it('adds up lines from the DB prices; shipping 60 EGP under 1500, free from 1500', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const p1 = await seededProduct(app, 1);
    await add(token, p1.id);
    let cart = await show(token);
    let want = expectedTotals([{ unit: unitPiastres(p1), qty: 1 }]);
    expect(cart.subtotal).toBe(want.subtotal);
    expect(cart.price_after_coupon).toBe(want.price_after_coupon);
    expect(cart.shiping).toBe(60);
    expect(cart.summary.total).toBe(want.total);
    expect(cart.summary.totalAfterShiping).toBe(want.totalAfterShiping);

    await add(token, p0.id, 2);
    cart = await show(token);
    want = expectedTotals([{ unit: unitPiastres(p1), qty: 1 }, { unit: unitPiastres(p0), qty: 2 }]);
    expect(unitPiastres(p0)).toBeLessThan(p0.price); // the sale price is what counts
    expect(cart.subtotal).toBe(want.subtotal);
    expect(cart.shiping).toBe(0);
    expect(cart.summary).toEqual({ total: want.total, totalAfterShiping: want.total, Estimated_Delivery_by: plusDays(cairoToday(), 7) });
    expect(cart.card_count).toBe(3);
  });

  it('gives each line its own total, the unit price (the sale price when there is one) × the quantity, worked out by the server', async () => {
    const { token } = await registerShopper(app);
    const onSale = await seededProduct(app, 0);
    const full = await seededProduct(app, 1);
    expect(onSale.sale_price).not.toBeNull();
    await add(token, onSale.id, 3);
    await add(token, full.id);
    const cart = await show(token);
    const lineOf = (id: number) => cart.product_in_card.find((l: any) => l.product_id === id);
    expect(lineOf(onSale.id).line_total).toBe(egp(onSale.sale_price! * 3));
    expect(lineOf(full.id).line_total).toBe(egp(unitPiastres(full)));
    // The lines add up to the subtotal.
    const sum = cart.product_in_card.reduce((n: number, l: any) => n + Math.round(l.line_total * 100), 0);
    expect(sum).toBe(Math.round(cart.subtotal * 100));
  });

  it('ships free at exactly 1500 EGP and charges at 1499.99', async () => {
    const { token } = await registerShopper(app);
    const p = await spareProduct(150_000);
    await add(token, p.id);
    let cart = await show(token);
    expect(cart.subtotal).toBe(1500);
    expect(cart.shiping).toBe(0);
    expect(cart.summary.totalAfterShiping).toBe(1500);
    await app.db.updateTable('products').set({ price: 149_999 }).where('id', '=', p.id).execute();
    cart = await show(token);
    expect(cart.subtotal).toBe(1499.99);
    expect(cart.shiping).toBe(60);
    expect(cart.summary.totalAfterShiping).toBe(1559.99);
  });
});

describe('POST /add/smell/{cartItemId}', () => {
  it('takes one smell per unit by name, in English, in Arabic, and mixed after switching language', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    await add(token, p0.id, 3);
    const line = (await show(token)).product_in_card[0];
    const smells = await smellsOf(p0.id);

    const en = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [smells[0].name_en, smells[1].name_en, smells[0].name_en] } });
    expect(en.statusCode).toBe(200);
    expect(en.body.message).toBe('Smells saved.');
    expect(en.body.data.product_in_card[0].smell).toEqual([smells[0].name_en, smells[1].name_en, smells[0].name_en]);
    expect(en.body.data.card_count).toBe(3);

    const ar = await call(app, 'POST', `/add/smell/${line.id}`, { token, lang: 'ar', body: { smell: [smells[2].name_ar, smells[3].name_ar, smells[1].name_ar] } });
    expect(ar.statusCode).toBe(200);
    expect(ar.body.data.product_in_card[0].smell).toEqual([smells[2].name_ar, smells[3].name_ar, smells[1].name_ar]);
    // The choice is kept by smell, not by text: read in English it is in English.
    expect((await show(token)).product_in_card[0].smell).toEqual([smells[2].name_en, smells[3].name_en, smells[1].name_en]);

    const mixed = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [smells[1].name_ar, smells[3].name_en, smells[0].name_ar] } });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.body.data.product_in_card[0].smell).toEqual([smells[1].name_en, smells[3].name_en, smells[0].name_en]);
    expect((await show(token, 'ar')).product_in_card[0].smell).toEqual([smells[1].name_ar, smells[3].name_ar, smells[0].name_ar]);
  });

  it('allows null for units not chosen yet', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    await add(token, p0.id, 3);
    const line = (await show(token)).product_in_card[0];
    const smells = await smellsOf(p0.id);
    const res = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [null, smells[2].name_en, null] } });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.product_in_card[0].smell).toEqual([null, smells[2].name_en, null]);
  });

  it('refuses the wrong number of smells (errors.smell), an unknown smell, and leaves the choice as it was', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    await add(token, p0.id, 2);
    const line = (await show(token)).product_in_card[0];
    const smells = await smellsOf(p0.id);
    await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [smells[0].name_en, smells[1].name_en] } });

    for (const wrong of [[smells[0].name_en], [smells[0].name_en, smells[0].name_en, smells[0].name_en], []]) {
      const res = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: wrong } });
      expect(res.statusCode).toBe(422);
      expect(res.body.status).toBe(422);
      expect(res.body.errors.smell).toEqual(['Choose one smell for each of the 2 units.']);
    }
    const unknown = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [smells[0].name_en, 'Banana Bread'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body.message).toContain('Banana Bread');
    expect(unknown.body.message).toContain(p0.name_en);
    // a smell of another product is not one of this product's
    const other = (await smellsOf((await seededProduct(app, 1)).id)).find((s) => !smells.some((m) => m.name_en === s.name_en))!;
    const foreign = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [other.name_en, smells[0].name_en] } });
    expect(foreign.statusCode).toBe(422);

    expect((await show(token)).product_in_card[0].smell).toEqual([smells[0].name_en, smells[1].name_en]);
  });

  it('refuses a smell for a product that has none', async () => {
    const { token } = await registerShopper(app);
    const p2 = await seededProduct(app, 2);
    const p0 = await seededProduct(app, 0);
    await add(token, p2.id);
    const line = (await show(token)).product_in_card[0];
    const res = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [(await smellsOf(p0.id))[0].name_en] } });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toContain(p2.name_en);
    expect((await show(token)).product_in_card[0].smell).toEqual([null]);
  });

  it('answers 404 for another shopper\'s cart item and changes nothing of theirs', async () => {
    const owner = await registerShopper(app);
    const thief = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    await add(owner.token, p0.id);
    await add(thief.token, p0.id);
    const line = (await show(owner.token)).product_in_card[0];
    const smells = await smellsOf(p0.id);
    const res = await call(app, 'POST', `/add/smell/${line.id}`, { token: thief.token, body: { smell: [smells[0].name_en] } });
    expect(res.statusCode).toBe(404);
    expect(res.body.data).toBeUndefined();
    expect((await show(owner.token)).product_in_card[0].smell).toEqual([null]);
    const unknown = await call(app, 'POST', '/add/smell/99999999', { token: thief.token, body: { smell: [smells[0].name_en] } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /changeSummaryCard/{cartId}', () => {
  it('sets the quantity up and down, within 1..stock', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    await add(token, p0.id);
    const cart = await show(token);
    const change = (qty: number, lang?: Lang) =>
      call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, lang, body: { product_id: p0.id, qty } });

    const up = await change(4);
    expect(up.statusCode).toBe(200);
    expect(up.body.message).toBe('Your cart was updated.');
    expect(up.body.data.product_in_card[0].product_qty).toBe(4);
    expect(up.body.data.card_count).toBe(4);
    expect(up.body.data.subtotal).toBe(egp(unitPiastres(p0) * 4));
    const down = await change(1);
    expect(down.statusCode).toBe(200);
    expect(down.body.data.product_in_card[0].product_qty).toBe(1);
    expect(down.body.data.card_count).toBe(1);

    // Below 1 is outside the contract (qty's minimum): refused with the field named, as the schema says.
    for (const qty of [0, -1, -5]) {
      const res = await change(qty);
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.qty).toEqual(['Must be at least 1.']);
    }
    const ar = await change(0, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.body.errors.qty).toEqual(['يجب ألا يقل عن ١.']);

    const tooMany = await change(p0.stock + 1);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.body.message).toContain(`Only ${p0.stock}`);
    expect(tooMany.body.message).toContain(p0.name_en);
    const atStock = await change(p0.stock);
    expect(atStock.statusCode).toBe(200);
    expect(atStock.body.data.card_count).toBe(p0.stock);

    const notInCart = await call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, body: { product_id: (await seededProduct(app, 2)).id, qty: 2 } });
    expect(notInCart.statusCode).toBe(404);
    expect((await show(token)).card_count).toBe(p0.stock);
  });

  it('offers the gifts of a "buy 2 get 1" line at exactly 2 and clears the gift at any other quantity', async () => {
    const { token } = await registerShopper(app);
    const p1 = await seededProduct(app, 1);
    expect(p1.sale_type).toBe('buy 2 get 1');
    const gifts = await giftsOf(p1.id);
    expect(gifts.length).toBeGreaterThanOrEqual(2);
    await add(token, p1.id);
    const cartId = (await show(token)).card_id;
    const change = (body: Record<string, unknown>, lang?: Lang) =>
      call(app, 'POST', `/changeSummaryCard/${cartId}`, { token, lang, body: { product_id: p1.id, ...body } });

    let line = (await show(token)).product_in_card[0];
    expect(line.typesale_name).toBe('buy 2 get 1');
    expect(line.giftproduct).toEqual([]);
    expect(line.gift_id).toBeNull();
    // a gift at qty 1 is refused
    expect((await change({ qty: 1, gift_id: gifts[0].id })).statusCode).toBe(422);

    const two = await change({ qty: 2 });
    expect(two.statusCode).toBe(200);
    line = two.body.data.product_in_card[0];
    expect(line.giftproduct).toEqual(gifts.map((g) => ({ gift_id: g.id, gift_name: g.name_en, gift_image: expect.any(String) })));
    expect(line.gift_id).toBeNull();
    const arLine = (await show(token, 'ar')).product_in_card[0];
    expect(arLine.giftproduct.map((g: any) => g.gift_name)).toEqual(gifts.map((g) => g.name_ar));

    // a gift outside the product's list is refused
    const allGifts = await app.db.selectFrom('gifts').select('id').execute();
    const foreign = allGifts.find((g) => !gifts.some((x) => x.id === g.id))!;
    const bad = await change({ qty: 2, gift_id: foreign.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.message).toContain(p1.name_en);
    expect((await change({ qty: 2, gift_id: 999999 })).statusCode).toBe(422);
    expect((await show(token)).product_in_card[0].gift_id).toBeNull();

    const chosen = await change({ qty: 2, gift_id: gifts[1].id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body.data.product_in_card[0].gift_id).toBe(gifts[1].id);
    // qty 2 again without gift_id keeps the choice
    expect((await change({ qty: 2 })).body.data.product_in_card[0].gift_id).toBe(gifts[1].id);

    const three = await change({ qty: 3 });
    expect(three.statusCode).toBe(200);
    expect(three.body.data.product_in_card[0].gift_id).toBeNull();
    expect(three.body.data.product_in_card[0].giftproduct).toEqual([]);
    // a gift at qty 3 is refused
    expect((await change({ qty: 3, gift_id: gifts[0].id })).statusCode).toBe(422);

    const back = await change({ qty: 2 });
    expect(back.statusCode).toBe(200);
    expect(back.body.data.product_in_card[0].gift_id).toBeNull(); // must choose again
    expect(back.body.data.product_in_card[0].giftproduct).toHaveLength(gifts.length);

    // the same through the other paths: set the gift, then add a unit / go to 1
    await change({ qty: 2, gift_id: gifts[0].id });
    await add(token, p1.id);
    expect((await show(token)).product_in_card[0].gift_id).toBeNull();
    await change({ qty: 2, gift_id: gifts[0].id });
    const one = await change({ qty: 1 });
    expect(one.body.data.product_in_card[0].gift_id).toBeNull();
    expect(one.body.data.product_in_card[0].giftproduct).toEqual([]);
    await change({ qty: 2 });
    expect((await show(token)).product_in_card[0].gift_id).toBeNull();
  });

  it('refuses a gift on a "normal" product', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const p1 = await seededProduct(app, 1);
    await add(token, p0.id, 2);
    const cart = await show(token);
    expect(cart.product_in_card[0].giftproduct).toEqual([]);
    const gift = (await giftsOf(p1.id))[0];
    const res = await call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, body: { product_id: p0.id, qty: 2, gift_id: gift.id } });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toMatch(/buy 2 get 1/);
    expect((await show(token)).product_in_card[0].gift_id).toBeNull();
  });

  it('resizes the smell choices with the quantity: keeps earlier ones, pads with null', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const smells = (await smellsOf(p0.id)).map((s) => s.name_en);
    await add(token, p0.id, 2);
    const cart = await show(token);
    const line = cart.product_in_card[0];
    await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [smells[0], smells[1]] } });
    const change = (qty: number) => call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, body: { product_id: p0.id, qty } });

    expect((await change(4)).body.data.product_in_card[0].smell).toEqual([smells[0], smells[1], null, null]);
    expect((await change(1)).body.data.product_in_card[0].smell).toEqual([smells[0]]);
    expect((await change(3)).body.data.product_in_card[0].smell).toEqual([smells[0], null, null]);
    await add(token, p0.id);
    expect((await show(token)).product_in_card[0].smell).toEqual([smells[0], null, null, null]);
  });

  it('answers 404 for another shopper\'s cart and changes nothing of theirs', async () => {
    const owner = await registerShopper(app);
    const thief = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    await add(owner.token, p0.id);
    await add(thief.token, p0.id);
    const ownerCart = await show(owner.token);
    const res = await call(app, 'POST', `/changeSummaryCard/${ownerCart.card_id}`, { token: thief.token, body: { product_id: p0.id, qty: 5 } });
    expect(res.statusCode).toBe(404);
    expect(res.body.data).toBeUndefined();
    expect((await show(owner.token)).card_count).toBe(1);
    expect((await show(thief.token)).card_count).toBe(1);
  });
});

describe('POST /remove', () => {
  it('removes units, keeps the line while units are left, drops it when none are', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const p2 = await seededProduct(app, 2);
    await add(token, p0.id, 3);
    await add(token, p2.id);
    const smells = (await smellsOf(p0.id)).map((s) => s.name_en);
    const line = (await show(token)).product_in_card[0];
    await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell: [smells[0], smells[1], smells[2]] } });

    const one = await call(app, 'POST', '/remove', { token, body: { product_id: p0.id, qty: 1 } });
    expect(one.statusCode).toBe(200);
    expect(one.body.data).toEqual({ card_count: 3 });
    let cart = await show(token);
    expect(cart.product_in_card.find((l: any) => l.product_id === p0.id).product_qty).toBe(2);
    expect(cart.product_in_card.find((l: any) => l.product_id === p0.id).smell).toEqual([smells[0], smells[1]]);

    const rest = await call(app, 'POST', '/remove', { token, body: { product_id: p0.id, qty: 2 } });
    expect(rest.statusCode).toBe(200);
    expect(rest.body.data).toEqual({ card_count: 1 });
    cart = await show(token);
    expect(cart.product_in_card.map((l: any) => l.product_id)).toEqual([p2.id]);
    expect(cart.card_count).toBe(1);

    const gone = await call(app, 'POST', '/remove', { token, body: { product_id: p0.id, qty: 1 } });
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe('This product is not in your cart.');
    expect((await show(token)).card_count).toBe(1);
  });
});

describe('coupons', () => {
  async function cheapest() {
    return app.db.selectFrom('products').selectAll().where('stock', '>', 10).orderBy((eb) => eb.fn.coalesce('sale_price', 'price')).executeTakeFirstOrThrow();
  }

  it('WELCOME10 refuses a subtotal under 300 EGP, naming the minimum, whatever totalprice says', async () => {
    const { token } = await registerShopper(app);
    const p = await cheapest();
    expect(unitPiastres(p)).toBeLessThan(30_000);
    await add(token, p.id);
    const cart = await show(token);
    const res = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'WELCOME10', totalprice: 99_999 } });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toContain('WELCOME10');
    expect(res.body.message).toMatch(/300/);
    expect((await show(token)).coupon).toBe('not there');
  });

  it('WELCOME10 (any case) takes 10 % off, rounded half up to the piastre, and the client\'s totalprice is ignored', async () => {
    const { token } = await registerShopper(app);
    // 333.25 EGP: 10 % is 33.325, half up 33.33 (half even or down would be 33.32)
    const p = await spareProduct(33_325);
    await add(token, p.id);
    const cart = await show(token);
    const res = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'welcome10', totalprice: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Coupon applied.');
    const data = res.body.data;
    const want = expectedTotals([{ unit: 33_325, qty: 1 }], { percent: 10 });
    expect(want.price_after_coupon).toBe(299.92);
    expect(data.coupon).toBe('WELCOME10');
    expect(data.subtotal).toBe(333.25);
    expect(data.price_after_coupon).toBe(want.price_after_coupon);
    expect(data.summary.total).toBe(want.total);
    expect(data.shiping).toBe(60);
    expect(data.summary.totalAfterShiping).toBe(want.totalAfterShiping);
    expect(await show(token)).toEqual(data);
  });

  it('applies with a huge totalprice on the server\'s own subtotal, and the coupon follows the cart', async () => {
    const { token } = await registerShopper(app);
    const p2 = await seededProduct(app, 2);
    await add(token, p2.id);
    const cart = await show(token);
    const res = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: ' Welcome10 ', totalprice: 1_000_000 } });
    expect(res.statusCode).toBe(200);
    const want = expectedTotals([{ unit: unitPiastres(p2), qty: 1 }], { percent: 10 });
    expect(res.body.data.price_after_coupon).toBe(want.price_after_coupon);
    expect(res.body.data.summary.total).toBe(want.total);
    // the discount follows the cart's contents
    await call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, body: { product_id: p2.id, qty: 2 } });
    const two = await show(token);
    expect(two.coupon).toBe('WELCOME10');
    expect(two.price_after_coupon).toBe(expectedTotals([{ unit: unitPiastres(p2), qty: 2 }], { percent: 10 }).price_after_coupon);
  });

  it('EID100 takes 100 EGP off a subtotal of at least 1000 EGP, and the fee follows price_after_coupon', async () => {
    const { token } = await registerShopper(app);
    const p1 = await seededProduct(app, 1);
    await add(token, p1.id);
    let cart = await show(token);
    const low = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'EID100', totalprice: 5000 } });
    expect(low.statusCode).toBe(422);
    expect(low.body.message).toContain('EID100');
    expect(low.body.message).toMatch(/1,?000/);

    // 1550 EGP: free shipping before the coupon, 1450 after it: the fee comes back
    const p = await spareProduct(155_000);
    await clearCart(token);
    await add(token, p.id);
    cart = await show(token);
    expect(cart.shiping).toBe(0);
    const res = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'eid100', totalprice: 0 } });
    expect(res.statusCode).toBe(200);
    const want = expectedTotals([{ unit: 155_000, qty: 1 }], { fixed: 10_000 });
    expect(res.body.data.coupon).toBe('EID100');
    expect(res.body.data.price_after_coupon).toBe(1450);
    expect(res.body.data.price_after_coupon).toBe(want.price_after_coupon);
    expect(res.body.data.shiping).toBe(60);
    expect(res.body.data.summary.total).toBe(1450);
    expect(res.body.data.summary.totalAfterShiping).toBe(1510);
  });

  it('refuses an expired coupon and an unknown code with a message naming the code', async () => {
    const { token } = await registerShopper(app);
    await add(token, (await seededProduct(app, 2)).id);
    const cart = await show(token);
    const expired = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'SUMMER24', totalprice: 2650 } });
    expect(expired.statusCode).toBe(422);
    expect(expired.body.message).toMatch(/SUMMER24.*expired/);
    const unknown = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'FREEMONEY', totalprice: 2650 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body.message).toContain('FREEMONEY');
    expect(unknown.body.errors.name[0]).toContain('FREEMONEY');
    const ar = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, lang: 'ar', body: { name: 'SUMMER24', totalprice: 2650 } });
    expect(ar.statusCode).toBe(422);
    expect(ar.body.message).toBe('انتهت صلاحية الكوبون "SUMMER24".');
    const after = await show(token);
    expect(after.coupon).toBe('not there');
    expect(after.price_after_coupon).toBe(after.subtotal);
  });

  it('POST /remove/coupons takes the coupon off', async () => {
    const { token } = await registerShopper(app);
    const p2 = await seededProduct(app, 2);
    await add(token, p2.id);
    const cart = await show(token);
    expect((await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'EID100', totalprice: 2650 } })).statusCode).toBe(200);
    const res = await call(app, 'POST', `/remove/coupons/${cart.card_id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Coupon removed.');
    expect(res.body.data.coupon).toBe('not there');
    expect(res.body.data.price_after_coupon).toBe(egp(unitPiastres(p2)));
    expect(res.body.data.summary.total).toBe(egp(unitPiastres(p2)));
    expect((await show(token)).coupon).toBe('not there');
  });

  it('WELCOME10 is once per shopper: refused after a checkout that used it, still open to others', async () => {
    const { token } = await registerShopper(app);
    const p2 = await seededProduct(app, 2);
    await add(token, p2.id);
    const cart = await completeCart(app, token);
    expect((await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'WELCOME10', totalprice: 0 } })).statusCode).toBe(200);
    const addressId = await addAddress(app, token);
    const placed = await call(app, 'POST', '/checkout', { token, body: checkoutBody(cart.card_id, addressId) });
    expect(placed.statusCode, placed.raw).toBe(200);

    await add(token, p2.id);
    const again = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'welcome10', totalprice: 2650 } });
    expect(again.statusCode).toBe(422);
    expect(again.body.message).toMatch(/already used/);
    expect(again.body.message).toContain('WELCOME10');
    expect((await show(token)).coupon).toBe('not there');

    const other = await registerShopper(app);
    await add(other.token, p2.id);
    const otherCart = await show(other.token);
    const ok = await call(app, 'POST', `/add/coupons/${otherCart.card_id}`, { token: other.token, body: { name: 'WELCOME10', totalprice: 2650 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.coupon).toBe('WELCOME10');
  });

  it('answers 404 for another shopper\'s cart on both coupon calls', async () => {
    const owner = await registerShopper(app);
    const thief = await registerShopper(app);
    const p2 = await seededProduct(app, 2);
    await add(owner.token, p2.id);
    await add(thief.token, p2.id);
    const ownerCart = await show(owner.token);
    await call(app, 'POST', `/add/coupons/${ownerCart.card_id}`, { token: owner.token, body: { name: 'EID100', totalprice: 0 } });

    const apply = await call(app, 'POST', `/add/coupons/${ownerCart.card_id}`, { token: thief.token, body: { name: 'WELCOME10', totalprice: 0 } });
    expect(apply.statusCode).toBe(404);
    expect(apply.body.data).toBeUndefined();
    const remove = await call(app, 'POST', `/remove/coupons/${ownerCart.card_id}`, { token: thief.token });
    expect(remove.statusCode).toBe(404);
    expect(remove.body.data).toBeUndefined();
    expect((await show(owner.token)).coupon).toBe('EID100');
    expect((await show(thief.token)).coupon).toBe('not there');
  });
});

describe('points', () => {
  it('GET /usepoint answers what the demo\'s 1200 points are worth: 60 EGP', async () => {
    const demo = await loginDemo(app);
    const res = await call(app, 'GET', '/usepoint', { token: demo });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ price: 60, points: 1200 });
  });

  it('refuses under 1000 points with "not can use point" (and in Arabic with lang ar)', async () => {
    const { token, user } = await registerShopper(app);
    await add(token, (await seededProduct(app, 2)).id);
    const res = await call(app, 'GET', '/usepoint', { token });
    expect(res.statusCode).toBe(422);
    expect(res.body.status).toBe(422);
    expect(res.body.message).toBe('not can use point');
    const ar = await call(app, 'GET', '/usepoint', { token, lang: 'ar' });
    expect(ar.statusCode).toBe(422);
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(ar.body.message).not.toBe('not can use point');
    // 999 points is still under the minimum, and applying is refused too
    await app.db.updateTable('users').set({ points: 999 }).where('id', '=', user.id).execute();
    expect((await call(app, 'GET', '/usepoint', { token })).statusCode).toBe(422);
    const done = await call(app, 'GET', '/usepoint/done', { token });
    expect(done.statusCode).toBe(422);
    expect(done.body.message).toBe('not can use point');
    expect((await show(token)).points_applied).toBe(false);
  });

  it('/usepoint/done applies min(60 EGP, price_after_coupon); /usepoint/cancel takes it off', async () => {
    const demo = await loginDemo(app);
    await clearCart(demo);
    const p1 = await seededProduct(app, 1);
    await add(demo, p1.id);
    const res = await call(app, 'GET', '/usepoint/done', { token: demo });
    expect(res.statusCode).toBe(200);
    const want = expectedTotals([{ unit: unitPiastres(p1), qty: 1 }], { pointsBalance: 1200 });
    const data = res.body.data;
    expect(data.points_applied).toBe(true);
    expect(data.points).toBe(1200);
    expect(data.points_discount).toBe(60);
    expect(data.price_after_coupon).toBe(want.price_after_coupon);
    expect(data.summary.total).toBe(want.total);
    expect(data.summary.total).toBe(egp(unitPiastres(p1)) - 60);
    expect(data.shiping).toBe(60);
    expect(data.summary.totalAfterShiping).toBe(want.totalAfterShiping);
    expect(await show(demo)).toEqual(data);

    const cancel = await call(app, 'GET', '/usepoint/cancel', { token: demo });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body.data.points_applied).toBe(false);
    expect(cancel.body.data.points_discount).toBe(0);
    expect(cancel.body.data.summary.total).toBe(egp(unitPiastres(p1)));
    expect(cancel.body.data.points).toBe(1200);
    expect(await userPoints((await call(app, 'GET', '/user/profile', { token: demo })).body.data.user.id)).toBe(1200);
    await clearCart(demo);
  });

  it('points come after the coupon, and do not change the shipping fee (decided on price_after_coupon)', async () => {
    const demo = await loginDemo(app);
    await clearCart(demo);
    // 1550 EGP: points bring the total to 1490, under 1500, yet shipping stays free
    const p = await spareProduct(155_000);
    await add(demo, p.id);
    let cart = (await call(app, 'GET', '/usepoint/done', { token: demo })).body.data;
    expect(cart.price_after_coupon).toBe(1550);
    expect(cart.points_discount).toBe(60);
    expect(cart.summary.total).toBe(1490);
    expect(cart.shiping).toBe(0);
    expect(cart.summary.totalAfterShiping).toBe(1490);

    // with EID100: price_after_coupon 1450, points 60 off that, the fee is back
    const applied = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token: demo, body: { name: 'EID100', totalprice: 1550 } });
    expect(applied.statusCode).toBe(200);
    cart = applied.body.data;
    const want = expectedTotals([{ unit: 155_000, qty: 1 }], { fixed: 10_000, pointsBalance: 1200 });
    expect(cart.points_applied).toBe(true);
    expect(cart.price_after_coupon).toBe(want.price_after_coupon);
    expect(cart.points_discount).toBe(want.points_discount);
    expect(cart.summary.total).toBe(want.total);
    expect(cart.summary.total).toBe(1390);
    expect(cart.shiping).toBe(60);
    expect(cart.summary.totalAfterShiping).toBe(1450);
    await clearCart(demo);
  });

  it('never discounts more than is left to pay, and spends only the points that needs (rounded up)', async () => {
    const { token, user } = await registerShopper(app);
    await app.db.updateTable('users').set({ points: 1200 }).where('id', '=', user.id).execute();
    const p = await spareProduct(3_333); // 33.33 EGP, less than the 60 EGP the points are worth
    await add(token, p.id);
    const res = await call(app, 'GET', '/usepoint/done', { token });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.points_discount).toBe(33.33);
    expect(data.points_discount).toBe(data.price_after_coupon);
    expect(data.points_used).toBe(Math.ceil(3_333 / 5)); // 667
    expect(data.summary.total).toBe(0);
    expect(data.shiping).toBe(60);
    expect(data.summary.totalAfterShiping).toBe(60);
    expect(data.points).toBe(1200); // nothing spent before checkout
    expect(await userPoints(user.id)).toBe(1200);
  });
});

describe('mass assignment', () => {
  it('ignores price, stock, user_id and points in the bodies of addToCard and changeSummaryCard', async () => {
    const victim = await registerShopper(app);
    const { token, user } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const extra = { price: 1, sale_price: 1, stock: 99_999, user_id: victim.user.id, points: 1_000_000, product_price: 1 };

    const added = await call(app, 'POST', '/addToCard', { token, body: { product_id: p0.id, ...extra } });
    expect(added.statusCode).toBeLessThan(500);
    if (added.statusCode !== 200) expect(added.statusCode).toBe(422);
    else expect(added.body.data.count).toBe(1);
    if (added.statusCode !== 200) await add(token, p0.id);

    const cart = await show(token);
    const changed = await call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, body: { product_id: p0.id, qty: 2, ...extra } });
    expect(changed.statusCode).toBeLessThan(500);
    if (changed.statusCode !== 200) expect(changed.statusCode).toBe(422);

    const after = await productById(p0.id);
    expect(after.price).toBe(p0.price);
    expect(after.sale_price).toBe(p0.sale_price);
    expect(after.stock).toBe(p0.stock);
    expect(await userPoints(user.id)).toBe(0);
    expect(await userPoints(victim.user.id)).toBe(0);
    const mine = await show(token);
    expect(mine.points).toBe(0);
    expect(mine.product_in_card[0].product_price).toBe(egp(unitPiastres(p0)));
    expect(mine.subtotal).toBe(egp(unitPiastres(p0) * mine.card_count));
    const theirs = await show(victim.token);
    expect(theirs.product_in_card).toEqual([]);
    expect(theirs.card_id).not.toBe(mine.card_id);
  });
});
