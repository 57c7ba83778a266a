// npm run bench:scale — the shop's reads at the size of a grown shop: a
// catalog of 50,000 products (bilingual names from the seed's words, the
// seed's texts, 30 categories, smells, 50,000 reviews) and 200,000 orders
// (300 of them the demo shopper's), on a fresh SQLite file and on a fresh
// PostgreSQL (when installed), each served by the real server. Prints p50 and
// p95 in ms of each request, asked one after another, beside the target
// (docs/search.md, "At scale"). Also the bench's "scale" section.
//
//   SCALE_PRODUCTS=50000 SCALE_ORDERS=200000   the sizes
//   SCALE_REQUESTS=200                          requests measured per case (after 20 to warm up)
//   BENCH_SETUPS=sqlite,postgres                only these databases
//   SCALE_KEEP=1                                keep the SQLite shop built (its path is printed)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_USER, seedIfEmpty } from '../server/db/seed/seed.ts';
import { SEED_PRODUCTS } from '../server/db/seed/catalog-data.ts';
import { indexProducts } from '../server/db/search-index.ts';
import { postgresInstalled, startPostgres } from '../scripts/cluster.ts';
import { startServer, stopChild } from './api.ts';
import { table, TARGETS } from './report.ts';

const PRODUCTS = Number(process.env.SCALE_PRODUCTS ?? 50_000);
const ORDERS = Number(process.env.SCALE_ORDERS ?? 200_000);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 200);
const WARM_UP = 20;
const CATEGORIES = 30;
const CUSTOMERS = 2_000;
const REVIEWS_PER_CUSTOMER = 25;
const DEMO_ORDERS = 300;

/** A repeatable pseudo-random sequence (mulberry32), so every run builds the same shop. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (lang: 'en' | 'ar') => [...new Set(SEED_PRODUCTS.flatMap((p) => p.name[lang].split(/\s+/)).filter((w) => w.length > 1 && !/^[&(]/.test(w)))];

async function insertAll<T extends Record<string, unknown>>(db: Db, table: string, rows: T[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) {
    await (db as any).insertInto(table).values(rows.slice(i, i + batch)).execute();
  }
}

/** Grows the seeded demo shop to the bench's size. */
async function grow(db: Db, log: (line: string) => void): Promise<void> {
  const t = performance.now();
  const next = random(25);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const en = words('en');
  const ar = words('ar');
  const now = Date.now();

  const have = await db.selectFrom('categories').select('id').execute();
  await insertAll(db, 'categories', Array.from({ length: CATEGORIES - have.length }, (_, i) => ({
    slug: `bench-${i}`, name_en: `${pick(en)} Collection ${i + 1}`, name_ar: `مجموعة ${pick(ar)} ${i + 1}`, image: '/media/categories/gift-sets.svg', sort: have.length + i + 1,
  })));
  const categoryIds = (await db.selectFrom('categories').select('id').execute()).map((c) => c.id);

  const firstNew = Number((await db.selectFrom('products').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m ?? 0) + 1;
  const products = Array.from({ length: PRODUCTS }, (_, i) => {
    const model = SEED_PRODUCTS[i % SEED_PRODUCTS.length];
    const price = 100 + Math.floor(next() * 3000);
    return {
      slug: `bench-product-${i}`, category_id: pick(categoryIds),
      name_en: `${pick(en)} ${pick(en)} ${pick(en)}`, name_ar: `${pick(ar)} ${pick(ar)} ${pick(ar)}`,
      overview_en: model.overview.en, overview_ar: model.overview.ar, description_en: model.description.en, description_ar: model.description.ar,
      how_to_use_en: model.howToUse.en, how_to_use_ar: model.howToUse.ar,
      price: price * 100, sale_price: next() < 0.2 ? Math.round(price * 0.8) * 100 : null, sale_type: next() < 0.05 ? 'buy 2 get 1' : 'normal',
      stock: Math.floor(next() * 50), product_code: `BENCH-${i}`, model_number: `BM-${i % 1000}`,
      main_image: `/media/products/${model.key}.svg`, units_sold: Math.floor(next() * 500),
      created_at: new Date(now - Math.floor(next() * 3 * 365 * 86_400_000)).toISOString(),
    };
  });
  await insertAll(db, 'products', products);
  const productIds = Array.from({ length: PRODUCTS }, (_, i) => firstNew + i);
  await insertAll(db, 'product_smells', productIds.flatMap((id, i) => (i % 3 === 0 ? [] : [
    { product_id: id, name_en: pick(en), name_ar: pick(ar), sort: 0 },
  ])));
  log(`  products: ${PRODUCTS} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const t2 = performance.now();
  for (let i = 0; i < productIds.length; i += 2000) {
    await db.transaction().execute((trx) => indexProducts(trx, productIds.slice(i, i + 2000)));
  }
  const terms = Number((await db.selectFrom('product_search').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  log(`  search index: ${terms} terms in ${((performance.now() - t2) / 1000).toFixed(1)} s`);

  const t3 = performance.now();
  const at = new Date(now).toISOString();
  await insertAll(db, 'users', Array.from({ length: CUSTOMERS }, (_, i) => ({
    first_name: 'Bench', last_name: `Customer ${i}`, email: `bench${i}@example.com`, phone: `0100${String(i).padStart(7, '0')}`,
    password_hash: '!bench', birth_date: '1990-01-01', points: 0, created_at: at,
  })));
  const customerIds = (await db.selectFrom('users').select('id').where('email', 'like', 'bench%@example.com').execute()).map((u) => u.id);
  const demo = (await db.selectFrom('users').select('id').where('email', '=', DEMO_USER.email).executeTakeFirstOrThrow()).id;
  await insertAll(db, 'reviews', customerIds.flatMap((user_id, c) => Array.from({ length: REVIEWS_PER_CUSTOMER }, (_, k) => ({
    product_id: productIds[(c * REVIEWS_PER_CUSTOMER + k) % productIds.length], user_id, rate_halves: 4 + Math.floor(next() * 7),
    comment: 'Lovely, lasts all day.', created_at: at, updated_at: null,
  }))));

  const firstOrder = Number((await db.selectFrom('orders').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m ?? 0) + 1;
  const statuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'];
  const orders = Array.from({ length: ORDERS }, (_, i) => {
    const total = 20_000 + Math.floor(next() * 200_000);
    return {
      number: `BENCH${i}`, user_id: i < DEMO_ORDERS ? demo : pick(customerIds), status: pick(statuses), payment: 'cash', shiping: 'standard',
      delivery_date: '2026-01-10', username: 'Bench Customer', phone: '01000000000', address_json: '{"title":"Home","address":"1 Street","city":"Dokki","government":"giza"}',
      subtotal: total, coupon_code: null, coupon_id: null, coupon_discount: 0, points_used: 0, points_discount: 0, points_earned: 0, shipping_fee: 0,
      total, wallet_phone: '', created_at: new Date(now - Math.floor(next() * 2 * 365 * 86_400_000)).toISOString(),
    };
  });
  await insertAll(db, 'orders', orders);
  await insertAll(db, 'order_items', orders.map((_, i) => {
    const product = products[i % PRODUCTS];
    return {
      order_id: firstOrder + i, product_id: productIds[i % PRODUCTS], name_en: product.name_en, name_ar: product.name_ar, image: product.main_image,
      price: product.price, qty: 1, smells_json: '[null]', gift_id: null, gift_name_en: null, gift_name_ar: null,
    };
  }));
  log(`  ${CUSTOMERS} customers, ${customerIds.length * REVIEWS_PER_CUSTOMER} reviews, ${ORDERS} orders in ${((performance.now() - t3) / 1000).toFixed(1)} s`);
}

interface Case { name: string; path: string; lang: 'en' | 'ar'; auth?: boolean }

function cases(categoryId: number, productIds: number[]): (i: number) => Case[] {
  return (i) => [
    // First asked: a search the server has not kept (a different lowest price each time, below every
    // product's but a few); asked again: what most shoppers' searches are, the same few words.
    { name: 'search, one Arabic word, first asked', path: `/products?q=${encodeURIComponent('عود')}&min_price=${i}`, lang: 'ar' },
    { name: 'search, one Arabic word, asked again', path: `/products?q=${encodeURIComponent('عود')}`, lang: 'ar' },
    { name: 'search, two words, first asked', path: `/products?q=${encodeURIComponent('مسك الطهاره')}&min_price=${i}`, lang: 'ar' },
    { name: 'search, two words, asked again', path: `/products?q=${encodeURIComponent('مسك الطهاره')}`, lang: 'ar' },
    { name: 'search, an English word, first asked', path: `/products?q=oud&min_price=${i}`, lang: 'en' },
    { name: 'search, an English word, asked again', path: '/products?q=oud', lang: 'en' },
    { name: 'search, page 50 of an English word', path: '/products?q=oud&page=50', lang: 'en' },
    { name: 'suggestions', path: `/products/suggest?q=${encodeURIComponent('مس')}`, lang: 'ar' },
    { name: 'product list, page 1', path: '/products', lang: 'en' },
    { name: 'product list, page 2,000', path: '/products?page=2000', lang: 'en' },
    { name: 'a category page', path: `/products/category/${categoryId}`, lang: 'en' },
    // A different product each time: the server keeps a page it has answered.
    { name: 'product details', path: `/products/details/${productIds[(i * 7919) % productIds.length]}`, lang: 'en' },
    { name: 'my orders (300 orders)', path: '/orders', lang: 'en', auth: true },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export interface ScaleRow { name: string; p50: number; p95: number }
export interface ScaleSetup { setup: 'sqlite' | 'postgres'; rows: ScaleRow[]; skipped?: string }

async function measure(base: string, token: string, list: (i: number) => Case[]): Promise<ScaleRow[]> {
  const names = list(0).map((c) => c.name);
  const rows: ScaleRow[] = [];
  for (const [k, name] of names.entries()) {
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const c = list(i)[k];
      const start = performance.now();
      const res = await fetch(base + c.path, { headers: { lang: c.lang, ...(c.auth ? { authorization: `Bearer ${token}` } : {}) } });
      await res.arrayBuffer();
      const ms = performance.now() - start;
      if (!res.ok) throw new Error(`${name}: ${c.path} answered ${res.status}`);
      if (i >= WARM_UP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    rows.push({ name, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return rows;
}

async function runSetup(setup: 'sqlite' | 'postgres', log: (line: string) => void): Promise<ScaleSetup> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `attar-scale-${setup}-`));
  let stopDb = () => {};
  let url = path.join(tmp, 'attar.db');
  try {
    if (setup === 'postgres') {
      const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-scale-pg-'));
      const started = await startPostgres(pgDir);
      url = started.url;
      stopDb = () => {
        started.stop();
        fs.rmSync(pgDir, { recursive: true, force: true });
      };
    }
    log(`${setup}: building the shop`);
    const opened = openDatabase(url);
    try {
      await migrateToLatest(opened.db);
      await seedIfEmpty(opened.db, { mediaDir: path.join(tmp, 'media'), ownerPassword: 'owner-pass-1' });
      await grow(opened.db, log);
      if (setup === 'sqlite') await sql`analyze`.execute(opened.db);
      else await sql`vacuum analyze`.execute(opened.db);
    } finally {
      await opened.close();
    }
    const { base, child } = await startServer(tmp, url);
    try {
      const login = await fetch(`${base}/user/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: DEMO_USER.email, password: DEMO_USER.password }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const db = openDatabase(url);
      let categoryId: number;
      let productIds: number[];
      try {
        // The biggest category.
        categoryId = (await db.db.selectFrom('products').select(['category_id']).select((eb) => eb.fn.countAll().as('n'))
          .groupBy('category_id').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow()).category_id;
        productIds = (await db.db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
      } finally {
        await db.close();
      }
      log(`${setup}: measuring ${REQUESTS} requests a case`);
      return { setup, rows: await measure(base, token, cases(categoryId, productIds)) };
    } finally {
      await stopChild(child);
    }
  } finally {
    stopDb();
    // SCALE_KEEP=1 keeps the SQLite shop for a closer look (its path is printed).
    if (process.env.SCALE_KEEP === '1' && setup === 'sqlite') log(`sqlite: kept ${url}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export async function runScaleBench(log: (line: string) => void = console.log): Promise<ScaleSetup[]> {
  const wanted = new Set((process.env.BENCH_SETUPS ?? 'sqlite,postgres').split(',').map((s) => s.trim()));
  const out: ScaleSetup[] = [];
  for (const setup of ['sqlite', 'postgres'] as const) {
    if (!wanted.has(setup)) continue;
    if (setup === 'postgres' && !postgresInstalled()) {
      out.push({ setup, rows: [], skipped: 'PostgreSQL is not installed (apt-get install -y postgresql)' });
      continue;
    }
    out.push(await runSetup(setup, log));
  }
  return out;
}

export function scaleReport(setups: ScaleSetup[]): string {
  const measured = setups.filter((s) => s.rows.length);
  const names = measured[0]?.rows.map((r) => r.name) ?? [];
  const rows = names.map((name) => [
    name,
    ...measured.flatMap((s) => {
      const row = s.rows.find((r) => r.name === name)!;
      return [row.p50.toFixed(1), row.p95.toFixed(1), row.p95 <= TARGETS.scaleP95Ms ? '✓' : '✗'];
    }),
  ]);
  const headers = ['request', ...measured.flatMap((s) => [`${s.setup} p50 ms`, `${s.setup} p95 ms`, `≤ ${TARGETS.scaleP95Ms}`])];
  return [
    `At scale: ${PRODUCTS} products, ${ORDERS} orders (${DEMO_ORDERS} the demo shopper's); ${REQUESTS} requests a case, one after another, after ${WARM_UP} to warm up; the real server on loopback.`,
    '',
    table(headers, rows, ['left', ...Array(headers.length - 1).fill('right')]),
    ...setups.filter((s) => s.skipped).map((s) => `${s.setup}: skipped, ${s.skipped}`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const setups = await runScaleBench();
  console.log('');
  console.log(scaleReport(setups));
}
