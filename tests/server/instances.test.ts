// Several server instances on one PostgreSQL database (the server-pg project only): what one
// instance changes, every other one sees at the next request (docs/architecture.md, "Two databases").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { freshDatabase, postgresWanted } from '../postgres.ts';
import { AdminProductBody } from '../../server/contract/admin-products.ts';
import { DEFAULT_SETTINGS } from '../../server/settings.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';
import { call, loginDemo, loginOwner, makeApp, seededProduct } from './helpers.ts';

describe.runIf(postgresWanted())('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    database = await freshDatabase();
    one = await makeApp({}, { databaseUrl: database.url });
    two = await makeApp({}, { databaseUrl: database.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  // A change reaches the other instances through the database's NOTIFY, a moment after it is
  // committed: each check waits until the other instance has heard of it (its ChangeFeed), then asks
  // once. Without the message the wait never ends, and the test's limit fails it.
  const heard = (topic: 'catalog' | 'content' | 'settings') => new Promise<void>((resolve) => two.changes.on(topic, () => resolve()));

  it('a price the owner changes on one instance is on the other\'s product page, which it had cached', async () => {
    const p = await seededProduct(one, 2);
    const page = async () => (await call(two, 'GET', `/products/details/${p.id}`)).body.data.OverView_Product.price as number;
    const before = await page();
    const owner = await loginOwner(one);
    const told = heard('catalog');
    const { product } = (await call(one, 'GET', `/admin/products/${p.id}`, { token: owner })).body.data;
    const body = Object.fromEntries(Object.keys(AdminProductBody.properties).map((key) => [key, product[key]]));
    const res = await call(one, 'PUT', `/admin/products/${p.id}`, { token: owner, body: { ...body, price: before + 111, price_after_sale: null } });
    expect(res.statusCode, res.raw).toBe(200);
    await told;
    expect(await page()).toBe(before + 111);
  });

  it('the banner the owner saves on one instance is on the other\'s home page, and so is a new shipping fee', async () => {
    const owner = await loginOwner(one);
    const banner = async () => (await call(two, 'GET', '/home')).body.data.Data_home_page.message_nav as string;
    await banner();
    const toldContent = heard('content');
    const saved = await call(one, 'PUT', '/admin/content', { token: owner, body: { message_nav_en: 'Eid sale: every oud 10 % off' } });
    expect(saved.statusCode, saved.raw).toBe(200);
    await toldContent;
    expect(await banner()).toBe('Eid sale: every oud 10 % off');

    // The settings the other instance works with (its cart's fee is worked out from the same object).
    const fee = async () => (await call(two, 'GET', '/admin/settings', { token: owner })).body.data.settings.shipping_fee as number;
    const before = await fee();
    const toldSettings = heard('settings');
    const changed = await call(one, 'PUT', '/admin/settings', { token: owner, body: { shipping_fee: before + 5 } });
    expect(changed.statusCode, changed.raw).toBe(200);
    await toldSettings;
    // The other instance reads the settings again when told; once done, its answers carry them.
    await two.changes.settled();
    expect(await fee()).toBe(before + 5);
  });

  it('a token signed out on one instance is refused by the other at its next request', async () => {
    const token = await loginDemo(one);
    // The other instance has looked it up (and, were it cached, would trust it now).
    expect((await call(two, 'GET', '/user/profile', { token })).statusCode).toBe(200);
    expect((await call(one, 'GET', '/user/logout', { token })).statusCode).toBe(200);
    const after = await call(two, 'GET', '/user/profile', { token });
    expect(after.statusCode).toBe(401);
    expect(after.body).toEqual({ status: 401, message: 'Please log in first.' });
  });

  describe('with the shop\'s real limits', () => {
    let limitsDb: Awaited<ReturnType<typeof freshDatabase>>;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const real = { authRateLimitMax: DEFAULT_SETTINGS.authRateLimitMax, authRateLimitPerAddressMax: DEFAULT_SETTINGS.authRateLimitPerAddressMax };
    beforeAll(async () => {
      limitsDb = await freshDatabase();
      a = await makeApp(real, { databaseUrl: limitsDb.url });
      b = await makeApp(real, { databaseUrl: limitsDb.url });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await limitsDb?.drop();
    });

    const login = (app: FastifyInstance, password: string, from: string) => app.inject({
      method: 'POST', url: '/api/user/login', remoteAddress: from, payload: { login: DEMO_USER.email, password },
    });

    it('counts an account\'s failed log-ins over every instance: 10 wrong, alternating, then 429 on either', async () => {
      const from = '192.0.2.71';
      for (let i = 0; i < real.authRateLimitMax; i++) {
        expect((await login(i % 2 ? b : a, `wrong-${i}`, from)).statusCode, `failure ${i + 1}`).toBe(422);
      }
      for (const app of [a, b]) {
        const refused = await login(app, DEMO_USER.password, from);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('lets no more than 10 of a burst of 40 wrong passwords, sent to both instances at once, be tried', async () => {
      const from = '192.0.2.72';
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a, `burst-${i}`, from)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 422)).toHaveLength(real.authRateLimitMax);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - real.authRateLimitMax);
    });

    it('counts a limited route (the contact form, 20 per address) over every instance', async () => {
      const from = '192.0.2.73';
      const send = (app: FastifyInstance) => app.inject({
        method: 'POST', url: '/api/contact', remoteAddress: from,
        payload: { name: 'Salma Nabil', email: 'salma@example.com', phone: '01012345678', message: 'Do you ship oud to Aswan?' },
      });
      for (let i = 0; i < 20; i++) expect((await send(i % 2 ? b : a)).statusCode, `message ${i + 1}`).toBe(200);
      expect((await send(a)).statusCode).toBe(429);
      expect((await send(b)).statusCode).toBe(429);
    });
  });
});
