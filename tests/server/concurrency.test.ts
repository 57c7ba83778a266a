// Concurrency: real parallel HTTP requests against running server processes
// (server/server.ts, spawned), never inject, on each database: two processes
// on one SQLite file in a temp dir, and three instances on one PostgreSQL
// database. Each scenario fires its requests together, spread over the
// processes, counts what came back, and then reads the database itself: one
// order where one is due, one coupon use, points never negative and equal to
// their ledger, stock at 0 and never below. Any 5xx fails the scenario.
//
// The test spreads the requests over the instances itself (request i goes to
// instance i mod n) rather than through HAProxy: it then knows which instance
// each request reached, so every run really has duplicates meeting on
// different instances, and the balancer adds nothing the database must
// withstand (tests/server/cluster.test.ts checks the balancer).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disposeLive, liveDialects, liveServer, liveShopper, postgresDatabase, sleep,
  type LiveAnswer, type LiveDatabase, type LiveDialect, type LiveServer, type LiveShopper,
} from './live-server.ts';
import { seededRandom } from '../seeded-random.ts';
import { OWNER_PASSWORD } from './helpers.ts';

/**
 * The contract's in-flight answer: 409, Retry-After, and this body (docs/rules.md,
 * "Idempotency-Key: requests that are safe to send again").
 */
const IN_FLIGHT = JSON.stringify({ status: 409, message: 'This order is still being placed. Please wait a moment.' });

/** The first server process: the one the scenarios set up through. */
let shop: LiveServer;
/**
 * Every server process on the database, `shop` first. On SQLite, a second
 * process on the same file: one Node process runs each checkout start to end
 * without yielding (better-sqlite3 is synchronous), so within one process
 * requests hardly overlap; across two processes they do, and only the
 * database's locks and guarded writes keep them apart. On PostgreSQL, three
 * instances on one database, as deploy/ runs them: each one's requests overlap
 * too (its queries are asynchronous), and only serializable transactions and
 * guarded writes keep them apart.
 */
let servers: LiveServer[] = [];
/** The database under them, read and written by the test as an auditor would. */
let db: LiveDatabase;
/** The server process request `i` of a burst goes to. */
const at = (i: number) => servers[i % servers.length];
const figures: Record<string, Record<string, number>> = {};

function tally(name: string, answers: LiveAnswer[], extra: Record<string, number> = {}) {
  const counts: Record<string, number> = { requests: answers.length };
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  figures[`${db.dialect}: ${name}`] = { ...counts, ...extra };
}

afterAll(() => {
  for (const [name, counts] of Object.entries(figures)) console.log(`[concurrency] ${name}: ${JSON.stringify(counts)}`);
});

/** Two processes on a fresh SQLite file, or three instances on a fresh PostgreSQL database; started once for the file's scenarios on it. */
async function startServers(dialect: LiveDialect) {
  if (dialect === 'sqlite') {
    shop = await liveServer({ DEMO_OWNER_PASSWORD: OWNER_PASSWORD });
    db = shop.db;
    const twin = await liveServer({}, { dir: shop.dir });
    servers = [shop, twin];
    await shop.start();
    await twin.start();
  } else {
    // The template database is seeded with OWNER_PASSWORD (tests/server/pg-global-setup.ts).
    const database = await postgresDatabase();
    db = database;
    // Started at once, as a deployment's instances may be (migrations and the seed take locks: docs/architecture.md, "Two databases").
    servers = await Promise.all(Array.from({ length: 3 }, () => liveServer({ DEMO_OWNER_PASSWORD: OWNER_PASSWORD }, { db: database })));
    await Promise.all(servers.map((s) => s.start()));
    shop = servers[0];
  }
}

async function stopServers() {
  // One directory per PostgreSQL instance; the SQLite processes share the first one's.
  for (const server of servers.slice(1)) {
    if (server.dir === shop.dir) await server.kill();
    else await disposeLive(server);
  }
  await disposeLive(shop);
  await db?.dispose();
  servers = [];
}

const newKey = () => `key-${crypto.randomUUID()}`;

async function productId(slug: string): Promise<number> {
  return (await db.one<{ id: number }>('select id from products where slug = ?', slug)).id;
}

/** Seed product [2]: no smells, no gift, 2650 EGP: a cart of it is complete and above every coupon minimum. */
const GIFT_BOX = 'royal-oud-gift-box';

async function setStock(id: number, stock: number) {
  await db.run('update products set stock = ? where id = ?', stock, id);
}

const stockOf = (id: number) => db.one<{ stock: number }>('select stock from products where id = ?', id);

async function addUnit(server: LiveServer, s: LiveShopper, product: number) {
  const res = await server.request('POST', '/addToCard', { token: s.token, body: { product_id: product } });
  if (res.status !== 200) throw new Error(`addToCard: ${res.status} ${res.raw}`);
  return res;
}

async function cardId(server: LiveServer, s: LiveShopper): Promise<number> {
  const res = await server.request('GET', '/showCard', { token: s.token });
  expect(res.status).toBe(200);
  return res.body.data.card_id;
}

function checkout(server: LiveServer, s: LiveShopper, card: number, key?: string) {
  return server.request('POST', '/checkout', {
    token: s.token,
    headers: key ? { 'idempotency-key': key } : {},
    body: { card_id: card, username: 'Salma Nabil', phone: '01012345678', address_id: s.addressId, shiping: 'free', date: null, payment: 'delivery', point: 0 },
  });
}

function ordersOf(userId: number) {
  return db.all<{
    id: number; coupon_code: string | null; coupon_discount: number; points_used: number; points_earned: number; items: number; units: number; statuses: number;
  }>(`
    select o.id, o.coupon_code, o.coupon_discount, o.points_used, o.points_earned,
      (select count(*) from order_items i where i.order_id = o.id) as items,
      (select coalesce(sum(i.qty), 0) from order_items i where i.order_id = o.id) as units,
      (select count(*) from order_status_history h where h.order_id = o.id) as statuses
    from orders o where o.user_id = ? order by o.id`, userId);
}

async function ordersOfAll(userIds: number[]) {
  return (await Promise.all(userIds.map(ordersOf))).flat();
}

function expectNo5xx(answers: LiveAnswer[]) {
  const bad = answers.filter((a) => a.status >= 500);
  expect(bad.map((a) => `${a.status} ${a.raw}`), servers.map((s) => s.log()).join('')).toEqual([]);
}

/** Opens kept-alive connections to every server process first, `n` in all. */
async function warmAll(n: number) {
  await Promise.all(servers.map((s) => warm(s, Math.ceil(n / servers.length))));
}

/** Opens `n` kept-alive connections first, so that `n` requests then arrive together rather than one per handshake. */
async function warm(server: LiveServer, n: number) {
  await Promise.all(Array.from({ length: n }, () => server.request('GET', '/health')));
}

/** Samples a number from the database while `work` runs; answers every sample. */
async function watching<T>(sample: () => Promise<number>, work: () => Promise<T>): Promise<{ result: T; samples: number[] }> {
  const samples: number[] = [];
  let done = false;
  const watcher = (async () => {
    while (!done) {
      samples.push(await sample());
      await sleep(5);
    }
  })();
  try {
    const result = await work();
    return { result, samples };
  } finally {
    done = true;
    await watcher;
    samples.push(await sample());
  }
}

/**
 * `waves` rounds of `perWave` concurrent taps per step: each step of a round
 * starts once every tap of the step before has its answer. The steps force
 * the order that matters (something in the cart before a coupon or points are
 * asked for; those answered before the checkouts go), whatever the machine's
 * speed, while each step's taps race one another, after a seeded jitter.
 */
async function inWaves(random: () => number, waves: number, perWave: number, steps: ((i: number) => Promise<LiveAnswer>)[]) {
  const answers: LiveAnswer[][] = steps.map(() => []);
  for (let w = 0; w < waves; w += 1) {
    for (const [n, step] of steps.entries()) {
      answers[n].push(...await Promise.all(Array.from({ length: perWave }, async (_, i) => {
        await sleep(random() * 30);
        return step(i);
      })));
    }
  }
  return answers;
}

/**
 * A coupon allowed once in all (max_uses 1) at 100 checkouts at once: 20 buyers, each with the
 * coupon on a cart of its own, each confirming 5 times with a new key (taps on a slow screen).
 * Twenty carts race for the one use; each registration costs a password hash, so not a hundred.
 */
const SINGLE_USE_BUYERS = 20;
const SINGLE_USE_TAPS = 5;

/** The owner's token, signed in over HTTP (the shop is started with DEMO_OWNER_PASSWORD). */
async function ownerToken(server: LiveServer): Promise<string> {
  const res = await server.request('POST', '/user/login', { body: { login: 'owner@attar.eg', password: OWNER_PASSWORD } });
  if (res.status !== 200) throw new Error(`owner login: ${res.status} ${res.raw}`);
  return res.body.data.token;
}

/** A coupon made by the owner in the back office (POST /admin/coupons): 10 % off, no minimum, with `limits`. */
async function ownersCoupon(code: string, limits: { max_uses: number | null; once_per_customer: boolean }) {
  const res = await shop.request('POST', '/admin/coupons', {
    token: await ownerToken(shop),
    body: { code, kind: 'percent', value: 10, min_order: 0, starts_at: null, ends_at: null, active: true, ...limits },
  });
  if (res.status !== 201) throw new Error(`coupon: ${res.status} ${res.raw}`);
  return code;
}

describe.each(liveDialects('tests/server/concurrency.test.ts'))('on %s', (dialect) => {
  beforeAll(() => startServers(dialect), 180_000);
  afterAll(() => stopServers());
  const processes = dialect === 'sqlite' ? 'two server processes on one file' : 'three instances on one database';

  describe('50 checkouts with one Idempotency-Key', () => {
    /**
     * Each client sends the checkout; a 409 (the key still in flight) must be the
     * documented answer, and the client sends it again after Retry-After, as the
     * storefront does, until it gets something else.
     */
    async function client(server: LiveServer, s: LiveShopper, card: number, key: string, seen: LiveAnswer[]) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await checkout(server, s, card, key);
        seen.push(res);
        if (res.status !== 409) return res;
        expect(res.raw).toBe(IN_FLIGHT);
        expect(res.headers['retry-after']).toBe('1');
        await sleep(Number(res.headers['retry-after']) * 1000);
      }
      throw new Error('still in flight after 20 tries');
    }

    // The duplicates on the other processes find the key held by the first and
    // wait for its answer (idempotencyWaitMs, 5 s): a 409 comes only when the
    // holder takes longer, so here there may be none (the 409 itself is proven
    // in checkout.test.ts, 'answers 409 while another request holds the key').
    it(`make exactly one order, sent to ${processes}; every 2xx is byte-identical, every 409 the documented one, and clients retrying after it end with the same answer`, async () => {
      const s = await liveShopper(shop);
      const product = await productId(GIFT_BOX);
      await setStock(product, 40);
      await addUnit(shop, s, product);
      const card = await cardId(shop, s);
      const key = newKey();
      const seen: LiveAnswer[] = [];
      await warmAll(50);
      const finals = await Promise.all(Array.from({ length: 50 }, (_, i) => client(at(i), s, card, key, seen)));
      tally('one key ×50', seen, { clients: 50, orders: (await ordersOf(s.userId)).length });
      expectNo5xx(seen);

      // Every answer other than the documented 409 is a 2xx, and every 2xx is byte-identical.
      for (const a of seen) expect([200, 409], a.raw).toContain(a.status);
      const ok = seen.filter((a) => a.status === 200);
      expect(new Set(ok.map((a) => a.raw)).size).toBe(1);
      expect(new Set(ok.map((a) => a.headers['content-type'])).size).toBe(1);
      // Every client ended with that answer.
      for (const f of finals) expect(f.raw).toBe(ok[0].raw);
      // One of them made the order; every other 2xx is its replay.
      expect(ok.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      expect(ok.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(ok.length - 1);

      const orders = await ordersOf(s.userId);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ id: JSON.parse(ok[0].raw).data.order.id, items: 1, units: 1, statuses: 1 });
      expect(await stockOf(product)).toEqual({ stock: 39 });
    });
  });

  describe('50 checkouts with different keys on one cart', () => {
    it(`make exactly one order, sent to ${processes} at once; the others are told the cart is empty`, async () => {
      const s = await liveShopper(shop);
      const product = await productId(GIFT_BOX);
      await setStock(product, 40);
      await addUnit(shop, s, product);
      await addUnit(shop, s, product);
      const card = await cardId(shop, s);
      await warmAll(50);
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => checkout(at(i), s, card, newKey())));
      tally('different keys, one cart', answers, { orders: (await ordersOf(s.userId)).length });
      expectNo5xx(answers);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(422);
        expect(a.body).toEqual({ status: 422, message: 'Your cart is empty.' });
      }
      expect(await ordersOf(s.userId)).toEqual([expect.objectContaining({ items: 1, units: 2, statuses: 1 })]);
      expect(await stockOf(product)).toEqual({ stock: 38 });
    });
  });

  describe('a once-per-customer coupon redeemed 100 times in parallel by one customer', () => {
    it.each([
      ['WELCOME10, the seed\'s', async () => 'WELCOME10'],
      ['one the owner made in the back office', () => ownersCoupon('ONCEEACH', { max_uses: null, once_per_customer: true })],
    ])('%s: used once, one order carries it, one use is counted', async (_name, make) => {
      const code = await make();
      const s = await liveShopper(shop);
      const product = await productId(GIFT_BOX);
      await setStock(product, 1000);
      const coupon = () => db.one<{ id: number; used_count: number }>('select id, used_count from coupons where code = ?', code);
      const before = await coupon();
      const card = await cardId(shop, s);
      const random = seededRandom(7001);
      // 100 redemptions, each: put something in the cart, apply the coupon, check out; in ten
      // waves of ten, each wave's checkouts spread over the server processes.
      const [added, applied, placed] = await inWaves(random, 10, 10, [
        () => shop.request('POST', '/addToCard', { token: s.token, body: { product_id: product } }),
        () => shop.request('POST', `/add/coupons/${card}`, { token: s.token, body: { name: code } }),
        (i) => checkout(at(i), s, card, newKey()),
      ]);
      const all = [...added, ...applied, ...placed];
      const orders = await ordersOf(s.userId);
      tally(`${code} ×100`, all, {
        redemptions: 100, couponApplied: applied.filter((a) => a.status === 200).length, orders: orders.length,
        ordersWithCoupon: orders.filter((o) => o.coupon_code !== null).length,
      });
      expectNo5xx(all);
      expect(added.every((a) => a.status === 200)).toBe(true);
      for (const a of [...applied, ...placed].filter((x) => x.status !== 200)) {
        expect(a.status, a.raw).toBe(422);
        expect([
          `You have already used the coupon "${code}".`, 'Your cart is empty.',
          // applied to a cart another redemption had just emptied
          'The coupon "WELCOME10" needs a subtotal of at least EGP 300.00.',
        ]).toContain(a.body.message);
      }

      const withCoupon = orders.filter((o) => o.coupon_code === code);
      expect(withCoupon).toHaveLength(1);
      expect(withCoupon[0].coupon_discount).toBeGreaterThan(0);
      expect(orders.filter((o) => o.coupon_discount > 0)).toHaveLength(1);
      const uses = await db.one<{ n: number }>('select count(*) as n from coupon_uses where coupon_id = ? and user_id = ?', before.id, s.userId);
      expect(uses.n).toBe(1);
      expect((await coupon()).used_count).toBe(before.used_count + 1);
      // No unit went missing: what was added is in an order or still in the cart.
      const left = await db.one<{ n: number }>('select coalesce(sum(i.qty), 0) as n from cart_items i join carts c on c.id = i.cart_id where c.user_id = ?', s.userId);
      expect(orders.reduce((n, o) => n + o.units, 0) + left.n).toBe(100);
      expect(orders.every((o) => o.items === 1 && o.statuses === 1)).toBe(true);
    });
  });

  describe(`a single-use coupon the owner made, at ${SINGLE_USE_BUYERS * SINGLE_USE_TAPS} checkouts at once`, () => {
    it(`goes to one order; every other checkout is refused as used up (or, the winner's own taps, as an empty cart) and leaves nothing behind`, async () => {
      const code = await ownersCoupon('JUSTONE', { max_uses: 1, once_per_customer: false });
      const product = await productId(GIFT_BOX);
      await setStock(product, 1000);
      // Set up through one process: on SQLite, writes from two at once could meet the busy timeout (503), which is not what this test is about.
      const buyers = await Promise.all(Array.from({ length: SINGLE_USE_BUYERS }, () => liveShopper(shop)));
      const cards = await Promise.all(buyers.map(async (b) => {
        await addUnit(shop, b, product);
        const card = await cardId(shop, b);
        const applied = await shop.request('POST', `/add/coupons/${card}`, { token: b.token, body: { name: code } });
        expect(applied.status, applied.raw).toBe(200);
        return card;
      }));
      await warmAll(SINGLE_USE_BUYERS * SINGLE_USE_TAPS);
      // Tap t of buyer b is request b + t·buyers: a buyer's taps land on different processes.
      const taps = Array.from({ length: SINGLE_USE_TAPS }, (_, t) => buyers.map((b, i) => ({ b, i, n: t * SINGLE_USE_BUYERS + i })));
      const answers = await Promise.all(taps.flat().map(async ({ b, i, n }) => ({ i, res: await checkout(at(n), b, cards[i], newKey()) })));
      const orders = await ordersOfAll(buyers.map((b) => b.userId));
      tally(`${code}: ${SINGLE_USE_BUYERS} buyers × ${SINGLE_USE_TAPS} taps`, answers.map((a) => a.res), { orders: orders.length });
      expectNo5xx(answers.map((a) => a.res));
      const won = answers.filter((a) => a.res.status === 200);
      expect(won).toHaveLength(1);
      for (const { i, res } of answers.filter((a) => a.res.status !== 200)) {
        expect(res.status, res.raw).toBe(422);
        // A winner's other taps find its cart emptied, or the coupon used up; every other buyer's, the coupon used up.
        const allowed = [`The coupon "${code}" has reached its use limit.`, ...(i === won[0].i ? ['Your cart is empty.'] : [])];
        expect(allowed).toContain(res.body.message);
      }
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ coupon_code: code, items: 1, units: 1, statuses: 1 });
      const row = await db.one<{ id: number; used_count: number }>('select id, used_count from coupons where code = ?', code);
      expect(row.used_count).toBe(1);
      expect(await db.one('select count(*) as n from coupon_uses where coupon_id = ?', row.id)).toEqual({ n: 1 });
      // Every other buyer's cart is as it was: its unit, and the coupon still on it.
      const carts = await db.all<{ units: number; coupon_id: number | null }>(`
        select (select coalesce(sum(i.qty), 0) from cart_items i where i.cart_id = c.id) as units, c.coupon_id
        from carts c where c.id in (${cards.map(() => '?').join(', ')})`, ...cards);
      expect(carts.filter((c) => c.units === 1 && c.coupon_id === row.id)).toHaveLength(SINGLE_USE_BUYERS - 1);
    }, 180_000);
  });

  describe('points spent by concurrent checkouts', () => {
    it('never go negative, and the ledger always sums to the balance', async () => {
      const s = await liveShopper(shop);
      const product = await productId(GIFT_BOX);
      await setStock(product, 1000);
      const START = 5000;
      await db.run('update users set points = ? where id = ?', START, s.userId);
      await db.run("insert into points_ledger (user_id, delta, reason, order_id, created_at) values (?, ?, 'welcome', null, ?)", s.userId, START, new Date().toISOString());
      const card = await cardId(shop, s);
      const balance = async () => (await db.one<{ points: number }>('select points from users where id = ?', s.userId)).points;
      const ledger = async () => (await db.one<{ n: number }>('select coalesce(sum(delta), 0) as n from points_ledger where user_id = ?', s.userId)).n;
      const random = seededRandom(7002);
      // Five waves of ten taps on each button: every points answer is in before the checkouts
      // go, so each wave's first order is bound to find points on the cart, while the other
      // checkouts (spread over the server processes) race it for the same cart.
      const WAVES = 5;
      const PER_WAVE = 10;
      let answers: LiveAnswer[] = [];
      const { samples } = await watching(balance, async () => {
        answers = (await inWaves(random, WAVES, PER_WAVE, [
          () => shop.request('POST', '/addToCard', { token: s.token, body: { product_id: product } }),
          () => shop.request('GET', '/usepoint/done', { token: s.token }),
          (i) => checkout(at(i), s, card, newKey()),
        ])).flat();
      });
      const orders = await ordersOf(s.userId);
      tally('points ×50', answers, {
        checkouts: WAVES * PER_WAVE, orders: orders.length, ordersSpendingPoints: orders.filter((o) => o.points_used > 0).length, samples: samples.length,
      });
      expectNo5xx(answers);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status, a.raw).toBe(422);
        expect(['not can use point', 'Your cart is empty.']).toContain(a.body.message);
      }
      // Points were really spent, more than once, by concurrent checkouts: each wave's first order did.
      expect(orders.filter((o) => o.points_used > 0).length).toBeGreaterThan(1);
      expect(orders.filter((o) => o.points_used > 0).length).toBeGreaterThanOrEqual(WAVES);
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
      expect(await ledger()).toBe(await balance());
      expect(await balance()).toBe(START + orders.reduce((n, o) => n + o.points_earned - o.points_used, 0));
      // Each order's points are in the ledger, once.
      const rows = await db.all<{ order_id: number; reason: string; delta: number }>(
        'select order_id, reason, delta from points_ledger where user_id = ? and order_id is not null', s.userId);
      for (const o of orders) {
        const mine = rows.filter((r) => r.order_id === o.id);
        expect(mine.filter((r) => r.reason === 'order_spent').map((r) => r.delta)).toEqual(o.points_used > 0 ? [-o.points_used] : []);
        expect(mine.filter((r) => r.reason === 'order_earned').map((r) => r.delta)).toEqual(o.points_earned > 0 ? [o.points_earned] : []);
      }
    });
  });

  describe('stock N with 10×N buyers', () => {
    it(`makes exactly N orders, and stock ends at 0, never below (the buyers split over ${processes})`, async () => {
      const N = 5;
      const product = await productId(GIFT_BOX);
      await setStock(product, 40);
      const buyers = await Promise.all(Array.from({ length: 10 * N }, () => liveShopper(shop)));
      const cards = await Promise.all(buyers.map(async (b) => {
        await addUnit(shop, b, product);
        return cardId(shop, b);
      }));
      await setStock(product, N);
      const sold = () => db.one<{ stock: number; units_sold: number }>('select stock, units_sold from products where id = ?', product);
      const before = await sold();
      await warmAll(50);
      const { result: answers, samples } = await watching(async () => (await sold()).stock,
        () => Promise.all(buyers.map((b, i) => checkout(at(i), b, cards[i], newKey()))));
      const orders = await ordersOfAll(buyers.map((b) => b.userId));
      tally('stock 5, 50 buyers', answers, { buyers: buyers.length, orders: orders.length, samples: samples.length });
      expectNo5xx(answers);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(N);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(422);
        expect(a.body.message).toMatch(/is out of stock\.$|^Only \d+ of .* left in stock\.$/);
      }
      expect(orders).toHaveLength(N);
      expect(orders.every((o) => o.items === 1 && o.units === 1 && o.statuses === 1)).toBe(true);
      expect(await sold()).toEqual({ stock: 0, units_sold: before.units_sold + N });
      expect(Math.min(...samples)).toBe(0);
      expect(samples.every((n) => n >= 0 && n <= N)).toBe(true);
    }, 120_000);
  });
});
