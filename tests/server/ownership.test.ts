// User B can neither read nor change user A's things on any id-taking route:
// every such call answers 404, never the data, and A's things stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addAddress, call, checkoutBody, completeCart, makeApp, registerShopper, seededProduct } from './helpers.ts';

let app: FastifyInstance;
let a: { token: string; cardId: number; itemId: number; addressId: number; orderId: number; orderNumber: string; productId: number };
let b: { token: string; cardId: number; addressId: number };

async function stateOfA() {
  const cart = (await call(app, 'GET', '/showCard', { token: a.token })).body.data;
  const addresses = (await call(app, 'GET', '/user/show/address', { token: a.token })).body.data.address;
  const order = (await call(app, 'GET', `/orders/${a.orderId}`, { token: a.token })).body.data.order;
  return { cart, addresses, order };
}

beforeAll(async () => {
  app = await makeApp();
  const ua = await registerShopper(app);
  const ub = await registerShopper(app);
  const p0 = await seededProduct(app, 0);
  const p1 = await seededProduct(app, 1);
  // A places one order, then fills the cart again.
  await call(app, 'POST', '/addToCard', { token: ua.token, body: { product_id: p0.id } });
  await completeCart(app, ua.token);
  const addressId = await addAddress(app, ua.token);
  const cart0 = (await call(app, 'GET', '/showCard', { token: ua.token })).body.data;
  const placed = await call(app, 'POST', '/checkout', { token: ua.token, body: checkoutBody(cart0.card_id, addressId) });
  expect(placed.statusCode).toBe(200);
  await call(app, 'POST', '/addToCard', { token: ua.token, body: { product_id: p1.id } });
  await call(app, 'POST', '/addToCard', { token: ua.token, body: { product_id: p1.id } });
  const cartA = await completeCart(app, ua.token);
  a = {
    token: ua.token, cardId: cartA.card_id, itemId: cartA.product_in_card[0].id, addressId,
    orderId: placed.body.data.order.id, orderNumber: placed.body.data.order.number, productId: p1.id,
  };
  await call(app, 'POST', '/addToCard', { token: ub.token, body: { product_id: p0.id } });
  await completeCart(app, ub.token);
  const cartB = (await call(app, 'GET', '/showCard', { token: ub.token })).body.data;
  b = { token: ub.token, cardId: cartB.card_id, addressId: await addAddress(app, ub.token) };
});

afterAll(async () => {
  await app.close();
});

describe('ownership on every id-taking route', () => {
  const attempts: [string, () => [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown]][] = [
    ['GET /orders/{id}', () => ['GET', `/orders/${a.orderId}`]],
    ['DELETE /user/address/{id}', () => ['DELETE', `/user/address/${a.addressId}`]],
    ['POST /add/smell/{cartItemId}', () => ['POST', `/add/smell/${a.itemId}`, { smell: [null, null] }]],
    ['POST /changeSummaryCard/{cartId}', () => ['POST', `/changeSummaryCard/${a.cardId}`, { product_id: a.productId, qty: 1 }]],
    ['POST /add/coupons/{cardId}', () => ['POST', `/add/coupons/${a.cardId}`, { name: 'EID100', totalprice: 0 }]],
    ['POST /remove/coupons/{cardId}', () => ['POST', `/remove/coupons/${a.cardId}`]],
    ['POST /checkout with A\'s cart', () => ['POST', '/checkout', checkoutBody(a.cardId, b.addressId)]],
    ['POST /checkout with A\'s address', () => ['POST', '/checkout', checkoutBody(b.cardId, a.addressId)]],
    ['POST /remove of a product only A has', () => ['POST', '/remove', { product_id: a.productId, qty: 1 }]],
  ];

  it.each(attempts)('%s by another shopper answers 404 and changes nothing', async (_name, build) => {
    const before = await stateOfA();
    const [method, url, body] = build();
    for (const lang of ['en', 'ar'] as const) {
      const res = await call(app, method, url, { token: b.token, body, lang });
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.body).sort()).toEqual(['message', 'status']);
      expect(res.raw).not.toContain(a.orderNumber);
      expect(res.raw).not.toContain('5 Nile St');
    }
    expect(await stateOfA()).toEqual(before);
  });

  it.each(attempts)('%s without a token answers 401', async (_name, build) => {
    const [method, url, body] = build();
    const res = await call(app, method, url, { body });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
  });

  it('lists only the caller\'s own orders, addresses, cart and wishlist', async () => {
    const orders = (await call(app, 'GET', '/orders', { token: b.token })).body.data.orders;
    expect(orders).toEqual([]);
    const addresses = (await call(app, 'GET', '/user/show/address', { token: b.token })).body.data.address;
    expect(addresses.map((x: { id: number }) => x.id)).toEqual([b.addressId]);
    const cart = (await call(app, 'GET', '/showCard', { token: b.token })).body.data;
    expect(cart.card_id).toBe(b.cardId);
    expect(cart.product_in_card.every((l: { id: number }) => l.id !== a.itemId)).toBe(true);
  });

  it('the owner still can do all of it', async () => {
    expect((await call(app, 'GET', `/orders/${a.orderId}`, { token: a.token })).statusCode).toBe(200);
    expect((await call(app, 'POST', `/changeSummaryCard/${a.cardId}`, { token: a.token, body: { product_id: a.productId, qty: 1 } })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/user/address/${a.addressId}`, { token: a.token })).statusCode).toBe(200);
  });
});
