// Test helpers: a real app on a fresh database per call (in-memory SQLite, or PostgreSQL under server-pg),
// seeded like a fresh shop, driven through Fastify's inject.
import type { Lang } from '../../server/contract/lang.ts';
import { expect } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { ShopSettings } from '../../server/settings.ts';
import { DEMO_OWNER, DEMO_USER } from '../../server/db/seed/seed.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { freshDatabase, postgresWanted } from '../postgres.ts';

export const MEDIA_DIR = path.join(os.tmpdir(), 'attar-test-media');

/** The demo owner's password in tests (DEMO_OWNER_PASSWORD): without one the seed makes a one-time password and prints it. */
export const OWNER_PASSWORD = 'owner-pass-1';

/**
 * A real app on a fresh database: in-memory SQLite, or under the server-pg project
 * (TEST_DATABASE=postgres) a copy of the PostgreSQL template, dropped when the app closes.
 */
export async function makeApp(
  settings: Partial<ShopSettings> = {},
  config: { databaseUrl?: string; mediaDir?: string; smtpUrl?: string | null; publicUrl?: string; distDir?: string } = {},
): Promise<FastifyInstance> {
  const fresh = !config.databaseUrl && postgresWanted() ? await freshDatabase() : null;
  const app = await buildApp({
    config: {
      databaseUrl: config.databaseUrl ?? fresh?.url ?? ':memory:',
      logLevel: 'silent',
      mediaDir: config.mediaDir ?? MEDIA_DIR,
      distDir: config.distDir ?? path.join(os.tmpdir(), 'attar-no-dist'),
      demoOwnerPassword: OWNER_PASSWORD,
      smtpUrl: config.smtpUrl ?? null,
      publicUrl: config.publicUrl ?? 'http://shop.test',
      // Tests register many shoppers from one address, and send many reviews from one account.
      settings: {
        authRateLimitMax: 10_000, authRateLimitPerAddressMax: 10_000, reviewRateLimitMax: 10_000, idempotencyWaitMs: 3000, ...settings,
      } as ShopSettings,
    },
    logger: false,
  });
  await app.ready();
  if (fresh) {
    const close = app.close.bind(app);
    Object.assign(app, { close: async () => { await close(); await fresh.drop(); } });
  }
  return app;
}

/** A shop on a real SQLite file in a fresh directory: for what `:memory:` cannot show (locks, a full disk, a second connection). */
export interface FileShop {
  app: FastifyInstance;
  file: string;
  /** closes the shop and removes its directory; for afterAll or finally */
  dispose(): Promise<void>;
}

export async function makeFileApp(name: string, settings: Partial<ShopSettings> = {}): Promise<FileShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `attar-${name}-`));
  const file = path.join(dir, 'attar.db');
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const app = await makeApp(settings, { databaseUrl: file }).catch((error: unknown) => {
    removeDir();
    throw error;
  });
  return {
    app,
    file,
    async dispose() {
      await app.close();
      removeDir();
    },
  };
}

export interface Client {
  token?: string;
  lang?: Lang;
}

export interface Answer<T = any> {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  body: T;
  raw: string;
}

export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  options: { body?: unknown; token?: string; lang?: Lang; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers.lang = options.lang;
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return toAnswer(res);
}

/** An injected response with its body read as JSON when it is JSON. */
export function toAnswer<T = any>(res: LightMyRequestResponse): Answer<T> {
  let body: any = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = res.body;
  }
  return { statusCode: res.statusCode, headers: res.headers, body, raw: res.body };
}

let counter = 0;

/** A new shopper with a unique email and phone; answers their token and user. */
export async function registerShopper(app: FastifyInstance, overrides: Record<string, string> = {}) {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  const body = {
    first_name: 'Salma',
    last_name: 'Nabil',
    email: `shopper${n}.${process.pid}@example.com`,
    phone: `0122${String(process.pid % 1000).padStart(3, '0')}${n}`,
    password: 'secret123',
    password_confirmation: 'secret123',
    birth_date: '1998-03-14',
    ...overrides,
  };
  const res = await call(app, 'POST', '/user/register', { body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.raw}`);
  return { token: res.body.data.token as string, user: res.body.data.user, body };
}

export async function loginDemo(app: FastifyInstance): Promise<string> {
  const res = await call(app, 'POST', '/user/login', { body: { login: DEMO_USER.email, password: DEMO_USER.password } });
  if (res.statusCode !== 200) throw new Error(`demo login failed: ${res.statusCode} ${res.raw}`);
  return res.body.data.token;
}

export async function addAddress(app: FastifyInstance, token: string) {
  const res = await call(app, 'POST', '/user/add/address', {
    token, body: { title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'cairo' },
  });
  if (res.statusCode !== 200) throw new Error(`address failed: ${res.statusCode} ${res.raw}`);
  return res.body.data.id as number;
}

/** A product id by its position in the seed (0 = on sale, normal; 1 = buy 2 get 1; 2 = no smells, ≥ 1500 EGP). */
export async function seededProduct(app: FastifyInstance, index: number) {
  const { SEED_PRODUCTS } = await import('../../server/db/seed/catalog-data.ts');
  const row = await app.db.selectFrom('products').selectAll().where('slug', '=', SEED_PRODUCTS[index].key).executeTakeFirstOrThrow();
  return row;
}

/** Fills every smell slot (and the gift where one is due) so the cart can be checked out. */
export async function completeCart(app: FastifyInstance, token: string) {
  const cart = (await call(app, 'GET', '/showCard', { token })).body.data;
  for (const line of cart.product_in_card) {
    if (line.product_smell.length > 0) {
      const smell = Array.from({ length: line.product_qty }, (_, i) => line.product_smell[i % line.product_smell.length]);
      const res = await call(app, 'POST', `/add/smell/${line.id}`, { token, body: { smell } });
      if (res.statusCode !== 200) throw new Error(`smell failed: ${res.raw}`);
    }
    if (line.giftproduct.length > 0 && line.gift_id === null) {
      const res = await call(app, 'POST', `/changeSummaryCard/${cart.card_id}`, {
        token, body: { product_id: line.product_id, qty: line.product_qty, gift_id: line.giftproduct[0].gift_id },
      });
      if (res.statusCode !== 200) throw new Error(`gift failed: ${res.raw}`);
    }
  }
  return (await call(app, 'GET', '/showCard', { token })).body.data;
}

export function checkoutBody(cardId: number, addressId: number, overrides: Record<string, unknown> = {}) {
  return {
    card_id: cardId, username: 'Salma Nabil', phone: '01012345678', address_id: addressId,
    shiping: 'free', date: null, payment: 'delivery', point: 0, ...overrides,
  };
}

/** Fills a cart with seeded products (by position), completes it, and checks it out; answers the order. */
export async function placeOrder(
  a: FastifyInstance,
  token: string,
  lines: { index: number; qty: number }[],
  options: { coupon?: string; points?: boolean; addressId?: number; body?: Record<string, unknown>; lang?: 'en' | 'ar' } = {},
) {
  for (const { index, qty } of lines) {
    const p = await seededProduct(a, index);
    for (let i = 0; i < qty; i++) {
      const res = await call(a, 'POST', '/addToCard', { token, body: { product_id: p.id } });
      expect(res.statusCode, res.raw).toBe(200);
    }
  }
  let cart = await completeCart(a, token);
  if (options.coupon) {
    const res = await call(a, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: options.coupon, totalprice: cart.subtotal } });
    expect(res.statusCode, res.raw).toBe(200);
  }
  if (options.points) {
    const res = await call(a, 'GET', '/usepoint/done', { token });
    expect(res.statusCode, res.raw).toBe(200);
  }
  cart = (await call(a, 'GET', '/showCard', { token })).body.data;
  const addressId = options.addressId ?? await addAddress(a, token);
  const res = await call(a, 'POST', '/checkout', { token, body: checkoutBody(cart.card_id, addressId, options.body), lang: options.lang });
  expect(res.statusCode, res.raw).toBe(200);
  return { order: res.body.data.order as { id: number; number: string; total: number; status: string }, cart, addressId };
}

export async function loginAs(app: FastifyInstance, login: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/user/login', { body: { login, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${login} failed: ${res.statusCode} ${res.raw}`);
  return res.body.data.token;
}

/** The seeded demo owner's token. */
export const loginOwner = (app: FastifyInstance) => loginAs(app, DEMO_OWNER.email, OWNER_PASSWORD);

let staffCounter = 0;

/** A new back-office account with `role`, made the way the command line makes one (a chosen password); answers its token and id. */
export async function makeStaff(app: FastifyInstance, role: 'staff' | 'owner' = 'staff', name = 'Karim Staff') {
  staffCounter += 1;
  const email = `staff${staffCounter}.${process.pid}@attar.eg`;
  const [first_name, last_name] = name.split(' ');
  const { id } = await app.db.insertInto('users').values({
    email, first_name, last_name, phone: `staff:${email}`, password_hash: await hashPassword('staff-pass-1'),
    birth_date: '1900-01-01', points: 0, created_at: new Date().toISOString(), role,
  }).returning('id').executeTakeFirstOrThrow();
  return { id, email, token: await loginAs(app, email, 'staff-pass-1') };
}
