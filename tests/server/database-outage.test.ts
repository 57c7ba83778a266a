// PostgreSQL stops under a running shop and comes back (the server-pg project only, on a cluster of
// the test's own): every answer meanwhile is 503 with Retry-After in the shopper's language, never
// a 500 or a crash, and once the database is back the same server processes serve again, their
// change feed included, with no restart (docs/architecture.md, "Two databases").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { postgresWanted, startCluster, type TestCluster } from '../postgres.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';
import { AdminProductBody } from '../../server/contract/admin-products.ts';
import { call, loginDemo, loginOwner, makeApp, seededProduct } from './helpers.ts';

describe.runIf(postgresWanted() && !process.env.TEST_POSTGRES_URL)('PostgreSQL down and back', () => {
  let cluster: TestCluster;
  let one: FastifyInstance;
  let two: FastifyInstance;
  /** resolves when the other instance's change feed has listened again after the outage (its `gap`: every copy dropped) */
  let regained: Promise<void>;

  beforeAll(async () => {
    cluster = await startCluster({ durable: true });
    one = await makeApp({}, { databaseUrl: cluster.url });
    two = await makeApp({}, { databaseUrl: cluster.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    cluster?.stop();
  });

  it('answers 503 with Retry-After while it is down, in either language, and serves again when it is back', async () => {
    const token = await loginDemo(one);
    const product = await seededProduct(one, 2);
    expect((await call(one, 'GET', '/health')).statusCode).toBe(200);

    regained = new Promise((resolve) => two.changes.on('catalog', (detail) => { if (detail === '') resolve(); }));
    cluster.down();
    const asked = [
      () => call(one, 'GET', '/health'),
      () => call(one, 'GET', '/home'),
      () => call(one, 'GET', '/showCard', { token }),
      () => call(one, 'POST', '/addToCard', { token, body: { product_id: product.id } }),
      () => call(one, 'POST', '/user/login', { body: { login: DEMO_USER.email, password: DEMO_USER.password } }),
    ];
    for (const ask of asked) {
      const res = await ask();
      expect(res.statusCode, res.raw).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toEqual({ status: 503, message: 'The shop is busy right now. Please try again in a moment.' });
    }
    const arabic = await call(one, 'GET', '/showCard', { token, lang: 'ar' });
    expect(arabic.statusCode).toBe(503);
    expect(arabic.body.message).toBe('المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.');
    expect(arabic.raw).not.toMatch(/ECONNREFUSED|postgres|127\.0\.0\.1|stack/i);

    cluster.up();
    // The pool opens new connections on demand: the first request after the restart may still meet
    // a connection that broke, so ask until the answer changes (the limit of the test fails it if never).
    await expect.poll(async () => (await call(one, 'GET', '/health')).statusCode, { timeout: 60_000, interval: 200 }).toBe(200);
    const cart = await call(one, 'GET', '/showCard', { token });
    expect(cart.statusCode, cart.raw).toBe(200);
    const added = await call(one, 'POST', '/addToCard', { token, body: { product_id: product.id } });
    expect(added.statusCode, added.raw).toBe(200);
    expect((await call(one, 'GET', '/showCard', { token })).body.data.card_count).toBe(cart.body.data.card_count + 1);
    const signedIn = await call(one, 'POST', '/user/login', { body: { login: DEMO_USER.email, password: DEMO_USER.password } });
    expect(signedIn.statusCode, signedIn.raw).toBe(200);
  });

  it('the change feed listens again by itself: a price changed on one instance after the outage reaches the other', async () => {
    // Its listening connection broke with the server and is opened again after a pause; what was
    // sent meanwhile is lost, so it drops every copy when it is back. Wait for that.
    await regained;
    const p = await seededProduct(one, 3);
    const page = async () => (await call(two, 'GET', `/products/details/${p.id}`)).body.data.OverView_Product.price as number;
    const before = await page();
    const heard = new Promise<void>((resolve) => two.changes.on('catalog', () => resolve()));
    const owner = await loginOwner(one);
    const { product } = (await call(one, 'GET', `/admin/products/${p.id}`, { token: owner })).body.data;
    const body = Object.fromEntries(Object.keys(AdminProductBody.properties).map((key) => [key, product[key]]));
    const res = await call(one, 'PUT', `/admin/products/${p.id}`, { token: owner, body: { ...body, price: before + 7, price_after_sale: null } });
    expect(res.statusCode, res.raw).toBe(200);
    await heard;
    expect(await page()).toBe(before + 7);
  });
});
