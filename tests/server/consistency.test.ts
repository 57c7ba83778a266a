// What the shopper is shown agrees with what the server does: cached pages
// follow stock, the cart and checkout agree on points and coupons, replays
// survive midnight, and a cancelled order's points cannot be kept.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SEED_PRODUCTS } from '../../server/db/seed/catalog-data.ts';
import { runShop } from '../../server/cli/shop.ts';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import {
  addAddress, call, checkoutBody, completeCart, loginDemo, makeApp, registerShopper,
} from './helpers.ts';

let app: FastifyInstance;
let file: string;
beforeAll(async () => {
  // A file, so the shop command can open the same database.
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attar-consistency-')), 'attar.db');
  // Keys live 36 h here, so a replay a day later is still within their life.
  app = await makeApp({ idempotencyTtlMs: 36 * 3_600_000 }, { databaseUrl: file });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function productBySlug(slug: string) {
  return app.db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
}

async function buy(token: string, productId: number, qty: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  for (let i = 0; i < qty; i++) expect((await call(app, 'POST', '/addToCard', { token, body: { product_id: productId } })).statusCode).toBe(200);
  const cart = await completeCart(app, token);
  const addressId = await addAddress(app, token);
  return call(app, 'POST', '/checkout', { token, headers, body: checkoutBody(cart.card_id, addressId, extra) });
}

describe('the cached product page follows stock', () => {
  it('says out of stock as soon as the last units are sold, in both languages', async () => {
    const low = SEED_PRODUCTS.find((p) => p.stock === 3)!;
    const product = await productBySlug(low.key);
    for (const lang of ['en', 'ar'] as const) {
      expect((await call(app, 'GET', `/products/details/${product.id}`, { lang })).body.data.OverView_Product.in_stock).toBe(true);
    }
    const { token } = await registerShopper(app);
    expect((await buy(token, product.id, 3)).statusCode).toBe(200);
    for (const lang of ['en', 'ar'] as const) {
      expect((await call(app, 'GET', `/products/details/${product.id}`, { lang })).body.data.OverView_Product.in_stock).toBe(false);
    }
    // Pages that list it as related say so too.
    const sibling = await app.db.selectFrom('products').select('id').where('category_id', '=', product.category_id).where('id', '!=', product.id).executeTakeFirstOrThrow();
    const related = (await call(app, 'GET', `/products/details/${sibling.id}`)).body.data.realted_product;
    const listed = related.find((r: { id: number }) => r.id === product.id);
    if (listed) expect(listed.in_stock).toBe(false);
  });
});

describe('a cancelled order takes back all the points it earned', () => {
  it('even when they were already spent: the balance carries the debt and the ledger agrees', async () => {
    const { token, user } = await registerShopper(app);
    const expensive = SEED_PRODUCTS[2];
    const a = await buy(token, (await productBySlug(expensive.key)).id, 1, { payment: 'delivery' });
    expect(a.statusCode).toBe(200);
    const earned = a.body.data.order.points_earned;
    expect(earned).toBeGreaterThanOrEqual(1500);
    // Spend them on a second order.
    const cheap = await productBySlug(SEED_PRODUCTS[0].key);
    await call(app, 'POST', '/addToCard', { token, body: { product_id: cheap.id } });
    await completeCart(app, token);
    expect((await call(app, 'GET', '/usepoint/done', { token })).statusCode).toBe(200);
    const addresses = (await call(app, 'GET', '/user/show/address', { token })).body.data.address;
    const cart = (await call(app, 'GET', '/showCard', { token })).body.data;
    const b = await call(app, 'POST', '/checkout', { token, body: checkoutBody(cart.card_id, addresses[0].id) });
    expect(b.statusCode).toBe(200);
    const spent = (await call(app, 'GET', `/orders/${b.body.data.order.id}`, { token })).body.data.order.points_used;
    expect(spent).toBeGreaterThan(0);

    const lines: string[] = [];
    expect(await runShop(['order:status', a.body.data.order.number, 'cancelled'], file, (l) => lines.push(l))).toBe(0);
    const profile = (await call(app, 'GET', '/user/profile', { token })).body.data.user;
    const ledger = await app.db.selectFrom('points_ledger').select('delta').where('user_id', '=', user.id).execute();
    expect(profile.points).toBe(ledger.reduce((sum, r) => sum + r.delta, 0));
    expect(profile.points).toBe(b.body.data.order.points_earned - spent);
    expect(profile.points).toBeLessThan(0);
    expect((await call(app, 'GET', '/usepoint', { token })).statusCode).toBe(422);
  });
});

describe('cart and checkout agree', () => {
  it('points the cart no longer applies do not block checkout', async () => {
    const demo = await loginDemo(app);
    const demoUser = (await call(app, 'GET', '/user/profile', { token: demo })).body.data.user;
    const p = await productBySlug(SEED_PRODUCTS[0].key);
    await call(app, 'POST', '/addToCard', { token: demo, body: { product_id: p.id } });
    await completeCart(app, demo);
    expect((await call(app, 'GET', '/usepoint/done', { token: demo })).body.data.points_applied).toBe(true);
    // The balance drops below 1000 meanwhile (another order's cancellation, say).
    await app.db.updateTable('users').set({ points: 10 }).where('id', '=', demoUser.id).execute();
    const cart = (await call(app, 'GET', '/showCard', { token: demo })).body.data;
    expect(cart.points_applied).toBe(false);
    expect(cart.points_discount).toBe(0);
    const addresses = (await call(app, 'GET', '/user/show/address', { token: demo })).body.data.address;
    const placed = await call(app, 'POST', '/checkout', { token: demo, body: checkoutBody(cart.card_id, addresses[0].id) });
    expect(placed.statusCode).toBe(200);
    expect(placed.body.data.order.total).toBe(cart.summary.total);
  });

  it('a coupon that no longer applies says why, in the cart, before checkout refuses it', async () => {
    const { token } = await registerShopper(app);
    const seed = SEED_PRODUCTS.find((x) => (x.salePrice ?? x.price) < 300 && (x.salePrice ?? x.price) * 3 >= 300 && x.stock >= 3 && x.saleType === 'normal')!;
    const p = await productBySlug(seed.key);
    for (let i = 0; i < 3; i++) await call(app, 'POST', '/addToCard', { token, body: { product_id: p.id } });
    const cart = await completeCart(app, token);
    expect(cart.subtotal).toBeGreaterThanOrEqual(300);
    const applied = await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'WELCOME10', totalprice: cart.subtotal } });
    expect(applied.body.data.coupon_problem).toBeNull();
    expect(applied.body.data.coupon_discount).toBeGreaterThan(0);
    await call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, { token, body: { product_id: p.id, qty: 1 } });
    const shrunk = (await call(app, 'GET', '/showCard', { token, lang: 'ar' })).body.data;
    expect(shrunk.price_after_coupon * 1).toBeLessThan(300);
    expect(shrunk.coupon).toBe('WELCOME10');
    expect(shrunk.coupon_discount).toBe(0);
    expect(shrunk.coupon_problem).toMatch(/WELCOME10/);
    expect(shrunk.coupon_problem).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('Idempotency-Key over time', () => {
  it('replays the order after midnight even though its delivery day is now too close', async () => {
    const { token } = await registerShopper(app);
    const p = await productBySlug(SEED_PRODUCTS[0].key);
    await call(app, 'POST', '/addToCard', { token, body: { product_id: p.id } });
    const cart = await completeCart(app, token);
    const addressId = await addAddress(app, token);
    const body = checkoutBody(cart.card_id, addressId, { shiping: 'date', date: cart.delivery_days[0] });
    const headers = { 'idempotency-key': 'key-over-midnight-1' };
    const first = await call(app, 'POST', '/checkout', { token, headers, body });
    expect(first.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3_600_000 });
    const replay = await call(app, 'POST', '/checkout', { token, headers, body });
    expect(replay.statusCode).toBe(200);
    expect(replay.raw).toBe(first.raw);
  });

  it('a key older than a day is a new key: it no longer replays', async () => {
    const { token } = await registerShopper(app);
    const headers = { 'idempotency-key': 'key-expires-00001' };
    const first = await buy(token, (await productBySlug(SEED_PRODUCTS[2].key)).id, 1, {}, headers);
    expect(first.statusCode).toBe(200);
    await app.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('key', '=', 'key-expires-00001').execute();
    const addresses = (await call(app, 'GET', '/user/show/address', { token })).body.data.address;
    const cart = (await call(app, 'GET', '/showCard', { token })).body.data;
    const again = await call(app, 'POST', '/checkout', { token, headers, body: checkoutBody(cart.card_id, addresses[0].id) });
    expect(again.statusCode).toBe(422);
    expect(again.body.message).toMatch(/empty/);
  });
});

describe('JSON bodies keep their types', () => {
  it.each([
    ['true as a product id', { product_id: true }],
    ['a numeric string as a product id', { product_id: '3' }],
    ['a hex string as a product id', { product_id: '0x2' }],
    ['an array as a product id', { product_id: [3] }],
  ])('refuses %s with 422 and adds nothing', async (_name, body) => {
    const { token } = await registerShopper(app);
    const res = await call(app, 'POST', '/addToCard', { token, body });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors.product_id).toBeDefined();
    expect((await call(app, 'GET', '/showCard', { token })).body.data.card_count).toBe(0);
  });

  it('still reads numbers in the query string and path', async () => {
    expect((await call(app, 'GET', '/products?page=1&per_page=5')).body.data.products).toHaveLength(5);
    expect((await call(app, 'GET', '/products/details/1')).statusCode).toBe(200);
  });
});
