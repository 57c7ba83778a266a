// Mass assignment: every write route gets its valid body plus the fields a
// client must never set (owner, price, points, status, stock, role, id,
// total, admin flags, …, and a `__proto__` carrying them), all aimed at
// another shopper or at a better deal. A body with fields its contract does
// not name is refused, each of them named, and changes nothing; the valid
// body alone does what its own fields say and nothing more: the other
// shopper's rows, prices, stock, coupons, order states and points balances
// come out as the rules make them, read from the database afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addAddress, checkoutBody, completeCart, call, makeApp, registerShopper, seededProduct, toAnswer, type Answer } from './helpers.ts';

let app: FastifyInstance;

interface Shopper { id: number; token: string; email: string; password: string; cartId: number; addressId: number; orderId: number }
let a: Shopper;
let b: Shopper;
let products: { id: number }[];

/** Fields no client may set, aimed at shopper B and at a better deal. Valid fields of a route's own schema win over these. */
function hostileFields(): Record<string, unknown> {
  return {
    id: b.id, user_id: b.id, userId: b.id, owner_id: b.id, card_id: b.cartId, cart_id: b.cartId, order_id: b.orderId,
    price: 1, sale_price: 1, product_price: 1, price_after_sale: 1, sale_type: 'buy 2 get 1',
    points: 999_999, points_used: 0, points_earned: 999_999, points_applied: 1, points_discount: 999,
    status: 'delivered', stock: 99_999, units_sold: 0, qty: 7,
    role: 'owner', roles: ['admin'], must_change_password: 0, payment_status: 'paid', payment_reference: 'stolen', is_admin: true, isAdmin: true, admin: 1, verified: true,
    total: 1, subtotal: 1, totalAfterShiping: 0, shipping_fee: 0, discount: 100, coupon_discount: 999, coupon_id: 3,
    used_count: 0, max_uses: null, value: 100, kind: 'fixed', expires_on: null, number: 'ATR-1',
    wallet_phone: '01099999999', delivery_date: '2000-01-01', created_at: '2000-01-01T00:00:00.000Z',
    password_hash: 'scrypt$1$1$1$AAAA$AAAA', token: 'x'.repeat(43), email: 'attacker@evil.example',
    rate_halves: 10, government_code: 'giza',
  };
}

/** The hostile fields as JSON text, with a `__proto__` key carrying them again (an object literal would set the prototype instead of sending the key). */
function hostilePayload(body: Record<string, unknown> | null): string {
  const json = JSON.stringify({ ...hostileFields(), ...body });
  return `${json.slice(0, -1)},"__proto__":${JSON.stringify(hostileFields())},"constructor":{"prototype":{"is_admin":true}}}`;
}

async function inject(method: 'GET' | 'POST', url: string, token: string | null, payload: string): Promise<Answer> {
  const res = await app.inject({
    method, url: `/api${url}`, payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return toAnswer(res);
}

/**
 * A route with a body: its valid body with every hostile field beside it is
 * refused (422, each unknown field named) and changes nothing; then the valid
 * body alone is sent and its answer returned, for the test to check what it
 * did. A route that takes no body ignores what is sent: the hostile body is
 * sent once and its answer returned.
 */
async function send(method: 'GET' | 'POST', url: string, token: string | null, body: Record<string, unknown>): Promise<Answer> {
  if (Object.keys(body).length === 0) return inject(method, url, token, hostilePayload(body));
  const refused = await inject(method, url, token, hostilePayload(body));
  expect(refused.statusCode).toBe(422);
  const unknown = [...Object.keys(hostileFields()).filter((key) => !(key in body)), 'constructor'];
  expect(Object.keys(refused.body.errors).sort()).toEqual(unknown.sort());
  for (const key of unknown) expect(refused.body.errors[key]).toEqual(['This field is not part of this request.']);
  await expectGuardedUnchanged();
  return inject(method, url, token, JSON.stringify(body));
}

/** Shopper B's rows, every product's price and stock, every coupon: what no one else's request may change. */
async function guarded() {
  const { db } = app;
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', b.id).orderBy('id').execute();
  return {
    user: await db.selectFrom('users').selectAll().where('id', '=', b.id).execute(),
    cart: await db.selectFrom('carts').selectAll().where('user_id', '=', b.id).execute(),
    lines: await db.selectFrom('cart_items').selectAll().where('cart_id', '=', b.cartId).orderBy('id').execute(),
    addresses: await db.selectFrom('addresses').selectAll().where('user_id', '=', b.id).orderBy('id').execute(),
    orders,
    items: await db.selectFrom('order_items').selectAll().where('order_id', 'in', orders.map((o) => o.id)).orderBy('id').execute(),
    history: await db.selectFrom('order_status_history').selectAll().where('order_id', 'in', orders.map((o) => o.id)).orderBy('id').execute(),
    favorites: await db.selectFrom('favorites').selectAll().where('user_id', '=', b.id).execute(),
    reviews: await db.selectFrom('reviews').selectAll().where('user_id', '=', b.id).orderBy('id').execute(),
    ledger: await db.selectFrom('points_ledger').selectAll().where('user_id', '=', b.id).orderBy('id').execute(),
    tokens: await db.selectFrom('tokens').select(['id', 'revoked_at', 'expires_at']).where('user_id', '=', b.id).orderBy('id').execute(),
    products: await db.selectFrom('products').select(['id', 'price', 'sale_price', 'sale_type', 'stock', 'units_sold']).orderBy('id').execute(),
    coupons: await db.selectFrom('coupons').selectAll().orderBy('id').execute(),
  };
}

const userRow = (id: number) => app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const product = (id: number) => app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function shopper(password: string, points: number): Promise<Shopper> {
  const s = await registerShopper(app, { password, password_confirmation: password });
  await call(app, 'POST', '/addToCard', { token: s.token, body: { product_id: products[0].id } });
  await completeCart(app, s.token);
  const addressId = await addAddress(app, s.token);
  const cart = (await call(app, 'GET', '/showCard', { token: s.token })).body.data;
  const order = await call(app, 'POST', '/checkout', { token: s.token, body: checkoutBody(cart.card_id, addressId) });
  expect(order.statusCode).toBe(200);
  // Points to spend, booked like any other change of the balance.
  await app.db.updateTable('users').set((eb) => ({ points: eb('points', '+', points) })).where('id', '=', s.user.id).execute();
  await app.db.insertInto('points_ledger').values({ user_id: s.user.id, delta: points, reason: 'welcome', order_id: null, created_at: new Date().toISOString() }).execute();
  return { id: s.user.id, token: s.token, email: s.body.email, password, cartId: cart.card_id, addressId, orderId: order.body.data.order.id };
}

let before: Awaited<ReturnType<typeof guarded>>;

beforeAll(async () => {
  app = await makeApp();
  products = [await seededProduct(app, 0), await seededProduct(app, 1), await seededProduct(app, 2)];
  b = await shopper('b-secret-1', 2000);
  // B also has a cart with a coupon, a favorite and a review.
  await call(app, 'POST', '/addToCard', { token: b.token, body: { product_id: products[2].id } });
  await call(app, 'POST', `/add/coupons/${b.cartId}`, { token: b.token, body: { name: 'EID100' } });
  await call(app, 'POST', `/fav/add/${products[1].id}`, { token: b.token });
  await call(app, 'POST', '/review/send', { token: b.token, body: { product_id: products[1].id, comment: 'Lasts all day.', rate: 3 } });
  a = await shopper('a-secret-1', 1500);
  before = await guarded();
});

afterAll(async () => {
  await app.close();
});

/** Nothing of B's, no price and no coupon changed; stock only where A's own checkout took it. */
async function expectGuardedUnchanged(stockTaken: Record<number, number> = {}) {
  const now = await guarded();
  const expected = { ...before, products: before.products.map((p) => ({ ...p, stock: p.stock - (stockTaken[p.id] ?? 0), units_sold: p.units_sold + (stockTaken[p.id] ?? 0) })) };
  expect(now).toEqual(expected);
  before = now;
}

/** A's balance moves only by A's own orders, and always equals A's ledger. */
async function expectPoints(id: number, points: number) {
  const user = await userRow(id);
  expect(user.points).toBe(points);
  const ledger = await app.db.selectFrom('points_ledger').select((eb) => eb.fn.sum<number>('delta').as('sum')).where('user_id', '=', id).executeTakeFirst();
  expect(Number(ledger?.sum)).toBe(points);
}

describe('mass assignment: fields a body may not set change nothing', () => {
  it('register: a new shopper of their own, with 0 points, no role', async () => {
    const res = await send('POST', '/user/register', null, {
      first_name: 'Mona', last_name: 'Adel', email: 'mona.adel@example.com', phone: '01512345670',
      password: 'secret123', password_confirmation: 'secret123', birth_date: '1990-01-01',
    });
    expect(res.statusCode, res.raw).toBe(201);
    const user = res.body.data.user;
    expect(user.id).not.toBe(b.id);
    expect(user.points).toBe(0);
    expect(user.email).toBe('mona.adel@example.com');
    expect(Object.keys(user).sort()).toEqual(['birth_date', 'email', 'first_name', 'id', 'last_name', 'must_change_password', 'phone', 'points', 'role']);
    expect(user.role).toBe('shopper');
    const row = await userRow(user.id);
    expect(row.points).toBe(0);
    expect(row.role).toBe('shopper');
    expect(row.password_hash).not.toBe(hostileFields().password_hash);
    expect(row.created_at.startsWith('2000')).toBe(false);
    expect(await app.db.selectFrom('points_ledger').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await call(app, 'GET', '/user/profile', { token: res.body.data.token })).body.data.user.id).toBe(user.id);
    await expectGuardedUnchanged();
  });

  it('log-in: the token is the signed-in shopper\'s, whatever user_id says', async () => {
    const res = await send('POST', '/user/login', null, { login: a.email, password: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.user.id).toBe(a.id);
    expect((await call(app, 'GET', '/user/profile', { token: res.body.data.token })).body.data.user.id).toBe(a.id);
    await expectGuardedUnchanged();
  });

  it('profile update: names, phone and birth date change; email, points and id do not', async () => {
    const old = await userRow(a.id);
    const res = await send('POST', '/user/profile/update', a.token, { first_name: 'Hana', last_name: 'Fouad', phone: '01512345671', birth_date: '1991-02-03' });
    expect(res.statusCode, res.raw).toBe(200);
    const row = await userRow(a.id);
    expect(row).toEqual({ ...old, first_name: 'Hana', last_name: 'Fouad', phone: '01512345671', birth_date: '1991-02-03' });
    expect(res.body.data.user).toEqual({
      id: a.id, first_name: 'Hana', last_name: 'Fouad', email: old.email, phone: '01512345671', birth_date: '1991-02-03', points: old.points,
      role: 'shopper', must_change_password: false,
    });
    await expectGuardedUnchanged();
  });

  it('password change: only the signed-in shopper\'s password, never their email or another\'s', async () => {
    // A third shopper: a password change signs out their other sessions.
    const c = await registerShopper(app, { password: 'c-secret-1', password_confirmation: 'c-secret-1' });
    const old = await userRow(c.user.id);
    const res = await send('POST', '/user/change-password', c.token, { current_password: 'c-secret-1', password: 'c-secret-2', password_confirmation: 'c-secret-2' });
    expect(res.statusCode).toBe(200);
    const row = await userRow(c.user.id);
    expect({ ...row, password_hash: old.password_hash }).toEqual(old);
    expect(row.password_hash).not.toBe(old.password_hash);
    expect((await call(app, 'POST', '/user/login', { body: { login: c.body.email, password: 'c-secret-2' } })).statusCode).toBe(200);
    await expectGuardedUnchanged();
  });

  it('add address: the address is the signed-in shopper\'s, with a new id', async () => {
    const res = await send('POST', '/user/add/address', a.token, { title: 'Work', address: '9 Tahrir Sq', phone: '01012345678', city: 'Downtown', government: 'cairo' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.id).not.toBe(b.addressId);
    expect(res.body.data.government_code).toBe('cairo');
    const row = await app.db.selectFrom('addresses').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: a.id, title: 'Work', address: '9 Tahrir Sq', city: 'Downtown', government: 'cairo' });
    expect(row.created_at.startsWith('2000')).toBe(false);
    await expectGuardedUnchanged();
  });

  it('add to cart: one unit at the catalog\'s price, stock untouched', async () => {
    const p = products[2];
    const lineBefore = await app.db.selectFrom('cart_items').select('qty').where('cart_id', '=', a.cartId).where('product_id', '=', p.id).executeTakeFirst();
    const res = await send('POST', '/addToCard', a.token, { product_id: p.id });
    expect(res.statusCode).toBe(200);
    const line = await app.db.selectFrom('cart_items').selectAll().where('cart_id', '=', a.cartId).where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(line.qty).toBe((lineBefore?.qty ?? 0) + 1);
    const cart = (await call(app, 'GET', '/showCard', { token: a.token })).body.data;
    const row = await product(p.id);
    expect(cart.product_in_card.find((l: { product_id: number }) => l.product_id === p.id).product_price).toBe((row.sale_price ?? row.price) / 100);
    await expectGuardedUnchanged();
  });

  it('change a cart line: the quantity asked for, at the catalog\'s price and sale type', async () => {
    await call(app, 'POST', '/addToCard', { token: a.token, body: { product_id: products[1].id } });
    const res = await send('POST', `/changeSummaryCard/${a.cartId}`, a.token, { product_id: products[1].id, qty: 2 });
    expect(res.statusCode).toBe(200);
    const line = res.body.data.product_in_card.find((l: { product_id: number }) => l.product_id === products[1].id);
    const row = await product(products[1].id);
    expect(line.product_qty).toBe(2);
    expect(line.product_price).toBe((row.sale_price ?? row.price) / 100);
    expect(line.typesale_name).toBe(row.sale_type);
    expect(res.body.data.card_id).toBe(a.cartId);
    await expectGuardedUnchanged();
  });

  it('choose smells: the smells, not the quantity or the product', async () => {
    const cart = (await call(app, 'GET', '/showCard', { token: a.token })).body.data;
    const line = cart.product_in_card.find((l: { product_smell: string[] }) => l.product_smell.length > 0);
    const smell = Array.from({ length: line.product_qty }, () => line.product_smell[0]);
    const res = await send('POST', `/add/smell/${line.id}`, a.token, { smell });
    expect(res.statusCode).toBe(200);
    const after = res.body.data.product_in_card.find((l: { id: number }) => l.id === line.id);
    expect(after).toEqual({ ...line, smell });
    await expectGuardedUnchanged();
  });

  it('remove: units of the signed-in shopper\'s cart only', async () => {
    const lineBefore = await app.db.selectFrom('cart_items').select('qty').where('cart_id', '=', a.cartId).where('product_id', '=', products[1].id).executeTakeFirstOrThrow();
    const res = await send('POST', '/remove', a.token, { product_id: products[1].id, qty: 1 });
    expect(res.statusCode).toBe(200);
    const line = await app.db.selectFrom('cart_items').select('qty').where('cart_id', '=', a.cartId).where('product_id', '=', products[1].id).executeTakeFirstOrThrow();
    expect(line.qty).toBe(lineBefore.qty - 1);
    await expectGuardedUnchanged();
  });

  it('coupon: the coupon\'s own discount; its kind, value and uses stay', async () => {
    const res = await send('POST', `/add/coupons/${a.cartId}`, a.token, { name: 'WELCOME10', totalprice: 1 });
    expect(res.statusCode).toBe(200);
    const cart = res.body.data;
    expect(cart.coupon).toBe('WELCOME10');
    // 10 %, rounded half up to the piastre (docs/rules.md, "Coupons")
    expect(cart.coupon_discount).toBe(Math.floor(cart.subtotal * 100 * 10 / 100 + 0.5) / 100);
    expect((await app.db.selectFrom('carts').select('coupon_id').where('id', '=', b.cartId).executeTakeFirstOrThrow()).coupon_id).not.toBeNull();
    await expectGuardedUnchanged();
  });

  it('remove a coupon: a body naming another cart is ignored', async () => {
    await call(app, 'POST', `/add/coupons/${a.cartId}`, { token: a.token, body: { name: 'WELCOME10' } });
    const res = await send('POST', `/remove/coupons/${a.cartId}`, a.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.body.data.coupon).toBe('not there');
    await expectGuardedUnchanged();
  });

  it('points: applying them spends nothing and a body cannot set the balance', async () => {
    const points = (await userRow(a.id)).points;
    for (const url of ['/usepoint', '/usepoint/done', '/usepoint/cancel']) {
      const res = await send('GET', url, a.token, {});
      expect(res.statusCode, url).toBe(200);
      await expectPoints(a.id, points);
    }
    await expectGuardedUnchanged();
  });

  it('checkout: the order is the shopper\'s, pending, at the cart\'s total; stock and points move by the rules only', async () => {
    await call(app, 'GET', '/usepoint/done', { token: a.token });
    const cart = await completeCart(app, a.token);
    const pointsBefore = (await userRow(a.id)).points;
    const taken = Object.fromEntries(cart.product_in_card.map((l: { product_id: number; product_qty: number }) => [l.product_id, l.product_qty]));
    const res = await send('POST', '/checkout', a.token, checkoutBody(a.cartId, a.addressId, { point: 0 }));
    expect(res.statusCode).toBe(200);
    const order = await app.db.selectFrom('orders').selectAll().where('id', '=', res.body.data.order.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: a.id, status: 'pending', payment: 'delivery', shiping: 'free', total: Math.round(cart.summary.total * 100),
      subtotal: Math.round(cart.subtotal * 100), coupon_discount: Math.round(cart.coupon_discount * 100),
      points_used: cart.points_used, points_discount: Math.round(cart.points_discount * 100), shipping_fee: 0,
      wallet_phone: app.settings.walletPhone, delivery_date: cart.summary.Estimated_Delivery_by,
      points_earned: Math.floor(Math.round(cart.summary.total * 100) / 100) * app.settings.pointsPerEgp,
    });
    expect(order.number).toBe(`ATR-${10000 + order.id}`);
    expect(order.created_at.startsWith('2000')).toBe(false);
    expect(res.body.data.order.total).toBe(cart.summary.total);
    const history = await app.db.selectFrom('order_status_history').select('status').where('order_id', '=', order.id).execute();
    expect(history).toEqual([{ status: 'pending' }]);
    const items = await app.db.selectFrom('order_items').select(['product_id', 'qty', 'price']).where('order_id', '=', order.id).execute();
    expect(items).toEqual(cart.product_in_card.map((l: { product_id: number; product_qty: number; product_price: number }) =>
      ({ product_id: l.product_id, qty: l.product_qty, price: Math.round(l.product_price * 100) })));
    await expectPoints(a.id, pointsBefore - cart.points_used + order.points_earned);
    await expectGuardedUnchanged(taken);
  });

  it('review: the signed-in shopper\'s review, at the rate sent', async () => {
    const res = await send('POST', '/review/send', a.token, { product_id: products[0].id, comment: 'Strong and sweet.', rate: 4 });
    expect(res.statusCode).toBe(200);
    const review = await app.db.selectFrom('reviews').selectAll().where('comment', '=', 'Strong and sweet.').executeTakeFirstOrThrow();
    expect(review).toMatchObject({ user_id: a.id, product_id: products[0].id, rate_halves: 8 });
    expect(review.created_at.startsWith('2000')).toBe(false);
    await expectGuardedUnchanged();
  });

  it('wishlist: a body naming another shopper adds to the signed-in shopper\'s list', async () => {
    const res = await send('POST', `/fav/add/${products[2].id}`, a.token, {});
    expect(res.statusCode).toBe(200);
    expect(await app.db.selectFrom('favorites').select('user_id').where('product_id', '=', products[2].id).execute()).toEqual([{ user_id: a.id }]);
    await expectGuardedUnchanged();
  });

  it('contact: the message as sent, under a new id and today\'s time', async () => {
    const res = await send('POST', '/contact', null, { name: 'Mona Adel', email: 'mona@example.com', phone: '01012345678', message: 'Do you ship to Aswan?' });
    expect(res.statusCode).toBe(200);
    const rows = await app.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Mona Adel', email: 'mona@example.com', phone: '01012345678', message: 'Do you ship to Aswan?' });
    expect(rows[0].id).not.toBe(b.id);
    expect(rows[0].created_at.startsWith('2000')).toBe(false);
  });

  it('queries: user_id and internal filters in a query string change no answer', async () => {
    const orders = await call(app, 'GET', `/orders?user_id=${b.id}&userId=${b.id}`, { token: a.token });
    expect(orders.statusCode).toBe(200);
    expect(orders.body.data.orders.map((o: { id: number }) => o.id)).not.toContain(b.orderId);
    const cart = await call(app, 'GET', `/showCard?user_id=${b.id}&card_id=${b.cartId}`, { token: a.token });
    expect(cart.body.data.card_id).toBe(a.cartId);
    const all = await call(app, 'GET', '/products?per_page=48');
    for (const extra of ['offersOnly=true', 'offersOnly=1', 'user_id=1', 'stock=0']) {
      const res = await call(app, 'GET', `/products?per_page=48&${extra}`);
      expect(res.body.data, extra).toEqual(all.body.data);
    }
  });

  it('leaves every balance equal to its ledger and B as B was', async () => {
    for (const id of [a.id, b.id]) {
      const user = await userRow(id);
      await expectPoints(id, user.points);
    }
    await expectGuardedUnchanged();
    expect(await app.db.selectFrom('users').select('id').where('points', '>=', 999_999).execute()).toEqual([]);
  });
});
