import type { Lang } from '../../server/contract/lang.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  addAddress, call, checkoutBody, completeCart, loginDemo, makeApp, makeFileApp, placeOrder, registerShopper, seededProduct, type FileShop,
} from './helpers.ts';
import { runShop } from '../../server/cli/shop.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const unitPiastres = (p: { price: number; sale_price: number | null }) => p.sale_price ?? p.price;
const egp = (piastres: number) => piastres / 100;

/** Fills a cart, completes it (smells, gifts) and places the order through the API. */
async function detail(a: FastifyInstance, token: string, id: number, lang?: Lang) {
  const res = await call(a, 'GET', `/orders/${id}`, { token, lang });
  expect(res.statusCode, res.raw).toBe(200);
  return res.body.data.order;
}

async function smellsOf(a: FastifyInstance, productId: number) {
  return a.db.selectFrom('product_smells').select(['id', 'name_en', 'name_ar'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

describe('GET /orders', () => {
  it('needs a token', async () => {
    for (const url of ['/orders', '/orders/1']) {
      const res = await call(app, 'GET', url);
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
    }
  });

  it('lists the shopper\'s own orders, newest first, 10 a page, and nobody else\'s', async () => {
    const p2 = await seededProduct(app, 2);
    await app.db.updateTable('products').set({ stock: 10_000 }).where('id', '=', p2.id).execute();
    const { token } = await registerShopper(app);
    const stranger = await registerShopper(app);
    const addressId = await addAddress(app, token);

    // someone else's order, placed in between, must not show
    await placeOrder(app, stranger.token, [{ index: 2, qty: 1 }]);

    const placed: { id: number; number: string; total: number }[] = [];
    for (let i = 0; i < 11; i++) {
      const qty = i === 10 ? 3 : 1;
      const { order } = await placeOrder(app, token, [{ index: 2, qty }], {
        addressId, body: i % 2 === 0 ? {} : { payment: 'cach' },
      });
      placed.push(order);
    }
    expect(new Set(placed.map((o) => o.number)).size).toBe(11);

    const page1 = await call(app, 'GET', '/orders', { token });
    expect(page1.statusCode).toBe(200);
    expect(page1.body.data.meta).toEqual({ page: 1, per_page: 10, total: 11, last_page: 2 });
    const rows = page1.body.data.orders;
    expect(rows).toHaveLength(10);
    expect(rows.map((r: any) => r.id)).toEqual(placed.slice(1).reverse().map((o) => o.id));
    const newest = rows[0];
    expect(newest).toEqual({
      id: placed[10].id,
      number: placed[10].number,
      created_at: expect.any(String),
      status: 'pending',
      total: egp(unitPiastres(p2) * 3),
      items_count: 3,
      payment: 'delivery',
      payment_status: 'unpaid',
      shiping: 'free',
      delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(Number.isNaN(Date.parse(newest.created_at))).toBe(false);
    expect(rows[1]).toEqual(expect.objectContaining({ number: placed[9].number, payment: 'cach', items_count: 1, total: egp(unitPiastres(p2)) }));
    for (let i = 1; i < rows.length; i++) {
      expect(Date.parse(rows[i - 1].created_at)).toBeGreaterThanOrEqual(Date.parse(rows[i].created_at));
    }

    const page2 = await call(app, 'GET', '/orders?page=2', { token });
    expect(page2.statusCode).toBe(200);
    expect(page2.body.data.meta).toEqual({ page: 2, per_page: 10, total: 11, last_page: 2 });
    expect(page2.body.data.orders.map((r: any) => r.number)).toEqual([placed[0].number]);
    const page3 = await call(app, 'GET', '/orders?page=3', { token });
    expect(page3.body.data.orders).toEqual([]);

    const theirs = await call(app, 'GET', '/orders', { token: stranger.token });
    expect(theirs.body.data.meta.total).toBe(1);
    const theirNumbers: string[] = theirs.body.data.orders.map((r: any) => r.number);
    expect(theirNumbers.filter((n) => placed.some((o) => o.number === n))).toEqual([]);

    const nobody = await registerShopper(app);
    const none = await call(app, 'GET', '/orders', { token: nobody.token });
    expect(none.statusCode).toBe(200);
    expect(none.body.data.orders).toEqual([]);
    expect(none.body.data.meta).toEqual({ page: 1, per_page: 10, total: 0, last_page: 1 });
  });
});

describe('GET /orders/{id}', () => {
  it('shows the whole order: items by language, smells per unit, the gift, address, money and history', async () => {
    const demo = await loginDemo(app);
    const p0 = await seededProduct(app, 0);
    const p1 = await seededProduct(app, 1);
    const points = (await call(app, 'GET', '/user/profile', { token: demo })).body.data.user.points;
    expect(points).toBe(1200);
    const { order, cart } = await placeOrder(app, demo, [{ index: 0, qty: 2 }, { index: 1, qty: 2 }], { coupon: 'welcome10', points: true, body: { payment: 'cach' } });

    const subtotal = unitPiastres(p0) * 2 + unitPiastres(p1) * 2;
    const couponOff = Math.round(subtotal / 10);
    const pointsOff = Math.min(1200 * 5, subtotal - couponOff);
    const total = subtotal - couponOff - pointsOff;
    expect(order.total).toBe(egp(total));

    const en = await detail(app, demo, order.id);
    const gift0 = cart.product_in_card.find((l: any) => l.product_id === p1.id);
    const gift = await app.db.selectFrom('gifts').selectAll().where('id', '=', gift0.gift_id).executeTakeFirstOrThrow();
    const s0 = await smellsOf(app, p0.id);
    const s1 = await smellsOf(app, p1.id);
    // completeCart picks smell i % options for unit i
    expect(en).toEqual(expect.objectContaining({
      id: order.id,
      number: order.number,
      status: 'pending',
      total: egp(total),
      items_count: 4,
      payment: 'cach',
      payment_status: 'awaiting',
      payment_sender_phone: null,
      payment_reference: null,
      shiping: 'free',
      delivery_date: cart.summary.Estimated_Delivery_by,
      subtotal: egp(subtotal),
      coupon: 'WELCOME10',
      coupon_discount: egp(couponOff),
      points_used: Math.ceil(pointsOff / 5),
      points_discount: egp(pointsOff),
      shipping_fee: 0,
      wallet_phone: app.settings.walletPhone,
      status_history: [{ status: 'pending', at: expect.any(String), reason: null }],
    }));
    expect(en.items).toEqual([
      { product_id: p0.id, name: p0.name_en, image: p0.main_image, price: egp(unitPiastres(p0)), qty: 2, smell: [s0[0].name_en, s0[1].name_en], gift: null },
      { product_id: p1.id, name: p1.name_en, image: p1.main_image, price: egp(unitPiastres(p1)), qty: 2, smell: [s1[0].name_en, s1[1].name_en], gift: gift.name_en },
    ]);
    // the address addAddress saved: government 'cairo', shown by name in the request's language
    expect(en.address).toEqual({ title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'Cairo' });

    const ar = await detail(app, demo, order.id, 'ar');
    expect(ar.items.map((i: any) => i.name)).toEqual([p0.name_ar, p1.name_ar]);
    expect(ar.items[0].smell).toEqual([s0[0].name_ar, s0[1].name_ar]);
    expect(ar.items[1].smell).toEqual([s1[0].name_ar, s1[1].name_ar]);
    expect(ar.items[1].gift).toBe(gift.name_ar);
    expect(ar.address.government).toBe('القاهرة');
    expect(ar.total).toBe(en.total);
  });

  it('shows the scheduled-delivery fee and the chosen day', async () => {
    const { token } = await registerShopper(app);
    const p1 = await seededProduct(app, 1);
    await call(app, 'POST', '/addToCard', { token, body: { product_id: p1.id } });
    const cart = await completeCart(app, token);
    const addressId = await addAddress(app, token);
    const day = cart.delivery_days[0];
    const res = await call(app, 'POST', '/checkout', { token, body: checkoutBody(cart.card_id, addressId, { shiping: 'date', date: day }) });
    expect(res.statusCode, res.raw).toBe(200);
    const order = await detail(app, token, res.body.data.order.id);
    expect(order.shiping).toBe('date');
    expect(order.delivery_date).toBe(day);
    expect(order.shipping_fee).toBe(60);
    expect(order.subtotal).toBe(egp(unitPiastres(p1)));
    expect(order.total).toBe(egp(unitPiastres(p1)) + 60);
    expect(order.coupon).toBeNull();
    expect(order.coupon_discount).toBe(0);
    expect(order.points_used).toBe(0);
    expect(order.items[0].gift).toBeNull();
  });

  it('answers 404, never the data, for another shopper\'s order and for an unknown id', async () => {
    const owner = await registerShopper(app);
    const { order } = await placeOrder(app, owner.token, [{ index: 2, qty: 1 }]);
    const other = await registerShopper(app);
    const res = await call(app, 'GET', `/orders/${order.id}`, { token: other.token });
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'This order was not found.' });
    expect(res.raw).not.toContain(order.number);
    const unknown = await call(app, 'GET', '/orders/987654', { token: owner.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('This order was not found.');
    const ar = await call(app, 'GET', `/orders/${order.id}`, { token: other.token, lang: 'ar' });
    expect(ar.statusCode).toBe(404);
    expect(ar.body.message).toBe('لم يتم العثور على هذا الطلب.');
  });
});

describe('the shop command (npm run shop)', () => {
  let fileShop: FileShop;
  let file: string;
  let shop: FastifyInstance;

  beforeAll(async () => {
    fileShop = await makeFileApp('shop');
    ({ app: shop, file } = fileShop);
  });
  afterAll(() => fileShop?.dispose());

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runShop(argv, file, (line) => lines.push(String(line)));
    return { code, text: lines.join('\n') };
  }

  async function statuses(token: string, id: number) {
    const o = await detail(shop, token, id);
    return { status: o.status as string, history: (o.status_history as { status: string }[]).map((h) => h.status) };
  }

  async function ledger(userId: number) {
    const user = await shop.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
    const rows = await shop.db.selectFrom('points_ledger').select('delta').where('user_id', '=', userId).execute();
    return { points: user.points, sum: rows.reduce((s, r) => s + r.delta, 0) };
  }

  async function stockOf(productIds: number[]) {
    return shop.db.selectFrom('products').select(['id', 'stock', 'units_sold']).where('id', 'in', productIds).orderBy('id').execute();
  }

  async function welcome10() {
    return shop.db.selectFrom('coupons').select(['id', 'used_count']).where('code', '=', 'WELCOME10').executeTakeFirstOrThrow();
  }

  it('moves an order pending → confirmed → on the way → out for delivery → delivered', async () => {
    const { token } = await registerShopper(shop);
    const { order } = await placeOrder(shop, token, [{ index: 2, qty: 1 }]);
    expect(await statuses(token, order.id)).toEqual({ status: 'pending', history: ['pending'] });

    let r = await run('order:status', order.number, 'confirmed');
    expect(r.code).toBe(0);
    expect(r.text).toContain(order.number);
    expect(await statuses(token, order.id)).toEqual({ status: 'confirmed', history: ['pending', 'confirmed'] });
    const listed = (await call(shop, 'GET', '/orders', { token })).body.data.orders;
    expect(listed[0].status).toBe('confirmed');

    r = await run('order:status', order.number, 'on the way');
    expect(r.code).toBe(0);
    expect(await statuses(token, order.id)).toEqual({ status: 'on the way', history: ['pending', 'confirmed', 'on the way'] });

    r = await run('order:status', order.number, 'out', 'for', 'delivery');
    expect(r.code).toBe(0);
    r = await run('order:status', order.number, 'delivered');
    expect(r.code).toBe(0);
    const done = await detail(shop, token, order.id);
    expect(done.status).toBe('delivered');
    expect(done.status_history.map((h: any) => h.status)).toEqual(['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered']);
    for (const h of done.status_history) expect(Number.isNaN(Date.parse(h.at))).toBe(false);

    // delivered is final: cancelling is refused, naming the status
    const p2 = await seededProduct(shop, 2);
    r = await run('order:status', order.number, 'cancelled');
    expect(r.code).not.toBe(0);
    expect(r.text).toContain('delivered');
    expect(r.text).toContain(order.number);
    expect((await seededProduct(shop, 2)).stock).toBe(p2.stock);
    expect((await statuses(token, order.id)).status).toBe('delivered');
  });

  it('accepts "on-the-way" and refuses cancelling once the order is on the way', async () => {
    const { token } = await registerShopper(shop);
    const { order } = await placeOrder(shop, token, [{ index: 2, qty: 1 }]);
    expect((await run('order:status', order.number, 'confirmed')).code).toBe(0);
    const r = await run('order:status', order.number, 'on-the-way');
    expect(r.code).toBe(0);
    expect((await statuses(token, order.id)).status).toBe('on the way');

    const p2 = await seededProduct(shop, 2);
    const refused = await run('order:status', order.number, 'cancelled');
    expect(refused.code).not.toBe(0);
    expect(refused.text).toContain('on the way');
    expect(refused.text).toContain('out for delivery');
    expect(await statuses(token, order.id)).toEqual({ status: 'on the way', history: ['pending', 'confirmed', 'on the way'] });
    expect((await seededProduct(shop, 2)).stock).toBe(p2.stock);
  });

  it('refuses skipping steps, unknown statuses and unknown orders with a clear message', async () => {
    const { token } = await registerShopper(shop);
    const { order } = await placeOrder(shop, token, [{ index: 2, qty: 1 }]);

    const skip = await run('order:status', order.number, 'delivered');
    expect(skip.code).not.toBe(0);
    expect(skip.text).toContain('pending');
    expect(skip.text).toContain('delivered');
    expect(skip.text).toContain('confirmed');
    expect(skip.text).toContain('cancelled');

    const unknown = await run('order:status', order.number, 'shipped');
    expect(unknown.code).not.toBe(0);
    expect(unknown.text).toContain('shipped');
    expect(unknown.text).toContain('confirmed');

    const missing = await run('order:status', 'ATR-99999999', 'confirmed');
    expect(missing.code).not.toBe(0);
    expect(missing.text).toContain('ATR-99999999');

    expect(await statuses(token, order.id)).toEqual({ status: 'pending', history: ['pending'] });
  });

  it('order:list prints the order numbers', async () => {
    const { token } = await registerShopper(shop);
    const { order } = await placeOrder(shop, token, [{ index: 2, qty: 1 }]);
    const r = await run('order:list');
    expect(r.code).toBe(0);
    expect(r.text).toContain(order.number);
    const all = await shop.db.selectFrom('orders').select('number').orderBy('id', 'desc').limit(50).execute();
    for (const o of all) expect(r.text).toContain(o.number);
  });

  it('cancelling a pending order gives back stock, spent points and the coupon, and takes earned points back', async () => {
    const demo = await loginDemo(shop);
    const demoId = (await call(shop, 'GET', '/user/profile', { token: demo })).body.data.user.id as number;
    const p0 = await seededProduct(shop, 0);
    const before = { stock: await stockOf([p0.id]), ledger: await ledger(demoId), coupon: await welcome10() };
    expect(before.ledger).toEqual({ points: 1200, sum: 1200 });

    const { order } = await placeOrder(shop, demo, [{ index: 0, qty: 1 }], { coupon: 'WELCOME10', points: true });
    const placed = await detail(shop, demo, order.id);
    expect(placed.coupon).toBe('WELCOME10');
    expect(placed.points_used).toBeGreaterThan(0);
    expect(placed.points_earned).toBeGreaterThan(0);
    const during = await ledger(demoId);
    expect(during.points).toBe(1200 - placed.points_used + placed.points_earned);
    expect(during.sum).toBe(during.points);
    expect((await stockOf([p0.id]))[0]).toEqual({ id: p0.id, stock: p0.stock - 1, units_sold: p0.units_sold + 1 });
    expect((await welcome10()).used_count).toBe(before.coupon.used_count + 1);

    const r = await run('order:status', order.number, 'cancelled');
    expect(r.code).toBe(0);
    expect(await statuses(demo, order.id)).toEqual({ status: 'cancelled', history: ['pending', 'cancelled'] });
    expect(await stockOf([p0.id])).toEqual(before.stock);
    expect(await ledger(demoId)).toEqual(before.ledger);
    expect((await call(shop, 'GET', '/user/profile', { token: demo })).body.data.user.points).toBe(1200);
    expect(await welcome10()).toEqual(before.coupon);

    // the coupon is free again for this shopper
    await call(shop, 'POST', '/addToCard', { token: demo, body: { product_id: p0.id } });
    const cart = (await call(shop, 'GET', '/showCard', { token: demo })).body.data;
    const again = await call(shop, 'POST', `/add/coupons/${cart.card_id}`, { token: demo, body: { name: 'WELCOME10', totalprice: cart.subtotal } });
    expect(again.statusCode, again.raw).toBe(200);
    expect(again.body.data.coupon).toBe('WELCOME10');
    await call(shop, 'POST', `/remove/coupons/${cart.card_id}`, { token: demo });
    await call(shop, 'POST', '/remove', { token: demo, body: { product_id: p0.id, qty: 1 } });

    // cancelled is final
    const twice = await run('order:status', order.number, 'cancelled');
    expect(twice.code).not.toBe(0);
    expect(await stockOf([p0.id])).toEqual(before.stock);
  });

  it('cancelling a confirmed order gives everything back too', async () => {
    const demo = await loginDemo(shop);
    const demoId = (await call(shop, 'GET', '/user/profile', { token: demo })).body.data.user.id as number;
    const p0 = await seededProduct(shop, 0);
    const p1 = await seededProduct(shop, 1);
    const before = { stock: await stockOf([p0.id, p1.id]), ledger: await ledger(demoId), coupon: await welcome10() };
    expect(before.ledger.sum).toBe(before.ledger.points);

    const { order } = await placeOrder(shop, demo, [{ index: 0, qty: 2 }, { index: 1, qty: 2 }], { coupon: 'welcome10', points: true });
    const placed = await detail(shop, demo, order.id);
    expect(placed.coupon).toBe('WELCOME10');
    expect(placed.points_used).toBeGreaterThan(0);
    expect(await stockOf([p0.id, p1.id])).toEqual([
      { id: p0.id, stock: p0.stock - 2, units_sold: p0.units_sold + 2 },
      { id: p1.id, stock: p1.stock - 2, units_sold: p1.units_sold + 2 },
    ].sort((a, b) => a.id - b.id));

    expect((await run('order:status', order.number.toLowerCase(), 'confirmed')).code).toBe(0);
    const r = await run('order:status', order.number, 'cancelled');
    expect(r.code).toBe(0);
    expect(await statuses(demo, order.id)).toEqual({ status: 'cancelled', history: ['pending', 'confirmed', 'cancelled'] });
    expect(await stockOf([p0.id, p1.id])).toEqual(before.stock);
    const after = await ledger(demoId);
    expect(after).toEqual(before.ledger);
    expect(after.sum).toBe(after.points);
    expect(await welcome10()).toEqual(before.coupon);
    const uses = await shop.db.selectFrom('coupon_uses').select('id').where('user_id', '=', demoId).execute();
    expect(uses).toHaveLength(0);
  });
});
