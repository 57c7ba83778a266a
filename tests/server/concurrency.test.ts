// Concurrency: real parallel HTTP requests against a running server
// process (server/server.ts, spawned, on a SQLite file in a temp dir), never
// inject. Each scenario fires its requests together, counts what came back,
// and then reads the database file itself: one order where one is due, one
// coupon use, points never negative and equal to their ledger, stock at 0 and
// never below. Any 5xx fails the scenario.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeLive, liveServer, liveShopper, sleep, type LiveAnswer, type LiveServer, type LiveShopper } from './live-server.ts';
import { seededRandom } from '../seeded-random.ts';
import { OWNER_PASSWORD } from './helpers.ts';

/**
 * The contract's in-flight answer: 409, Retry-After, and this body (docs/rules.md,
 * "Idempotency-Key: requests that are safe to send again").
 */
const IN_FLIGHT = JSON.stringify({ status: 409, message: 'This order is still being placed. Please wait a moment.' });

let shop: LiveServer;
/**
 * A second server process on the same SQLite file. One Node process runs each
 * checkout start to end without yielding (better-sqlite3 is synchronous), so
 * within one process requests hardly overlap; across two processes they do,
 * and only the database's locks and guarded writes keep them apart.
 */
let twin: LiveServer;
const figures: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  shop = await liveServer({ DEMO_OWNER_PASSWORD: OWNER_PASSWORD });
  await shop.start();
  twin = await liveServer({}, { dir: shop.dir });
  await twin.start();
}, 60_000);

afterAll(async () => {
  await twin?.kill();
  await disposeLive(shop);
  for (const [name, counts] of Object.entries(figures)) console.log(`[concurrency] ${name}: ${JSON.stringify(counts)}`);
});

function tally(name: string, answers: LiveAnswer[], extra: Record<string, number> = {}) {
  const counts: Record<string, number> = { requests: answers.length };
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  figures[name] = { ...counts, ...extra };
}

const newKey = () => `key-${crypto.randomUUID()}`;

function productId(server: LiveServer, slug: string): number {
  return server.sql((db) => (db.prepare('select id from products where slug = ?').get(slug) as { id: number }).id);
}

/** Seed product [2]: no smells, no gift, 2650 EGP: a cart of it is complete and above every coupon minimum. */
const GIFT_BOX = 'royal-oud-gift-box';

function setStock(server: LiveServer, id: number, stock: number) {
  server.sql((db) => db.prepare('update products set stock = ? where id = ?').run(stock, id));
}

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

function ordersOf(server: LiveServer, userId: number) {
  return server.sql((db) => db.prepare(`
    select o.id, o.coupon_code, o.coupon_discount, o.points_used, o.points_earned,
      (select count(*) from order_items i where i.order_id = o.id) as items,
      (select coalesce(sum(i.qty), 0) from order_items i where i.order_id = o.id) as units,
      (select count(*) from order_status_history h where h.order_id = o.id) as statuses
    from orders o where o.user_id = ? order by o.id`).all(userId)) as {
    id: number; coupon_code: string | null; coupon_discount: number; points_used: number; points_earned: number; items: number; units: number; statuses: number;
  }[];
}

function expectNo5xx(answers: LiveAnswer[], server: LiveServer) {
  const bad = answers.filter((a) => a.status >= 500);
  expect(bad.map((a) => `${a.status} ${a.raw}`), server.log() + (twin?.log() ?? '')).toEqual([]);
}

/** Opens `n` kept-alive connections first, so that `n` requests then arrive together rather than one per handshake. */
async function warm(server: LiveServer, n: number) {
  await Promise.all(Array.from({ length: n }, () => server.request('GET', '/health')));
}

/** Samples a number from the database file while `work` runs; answers every sample. */
async function watching<T>(server: LiveServer, sample: () => number, work: () => Promise<T>): Promise<{ result: T; samples: number[] }> {
  const samples: number[] = [];
  let done = false;
  const watcher = (async () => {
    while (!done) {
      samples.push(sample());
      await sleep(5);
    }
  })();
  try {
    const result = await work();
    return { result, samples };
  } finally {
    done = true;
    await watcher;
    samples.push(sample());
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

  async function scenario(server: LiveServer, name: string) {
    const s = await liveShopper(server);
    const product = productId(server, GIFT_BOX);
    setStock(server, product, 40);
    await addUnit(server, s, product);
    const card = await cardId(server, s);
    const key = newKey();
    const seen: LiveAnswer[] = [];
    await Promise.all([warm(server, 25), warm(twin, 25)]);
    const finals = await Promise.all(Array.from({ length: 50 }, (_, i) => client(i % 2 ? twin : server, s, card, key, seen)));
    tally(name, seen, { clients: 50, orders: ordersOf(server, s.userId).length });
    expectNo5xx(seen, server);

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

    const orders = ordersOf(server, s.userId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: JSON.parse(ok[0].raw).data.order.id, items: 1, units: 1, statuses: 1 });
    expect(server.sql((db) => db.prepare('select stock from products where id = ?').get(product))).toEqual({ stock: 39 });
    return seen;
  }

  // Half of them go to the second process, whose duplicates find the key held
  // by the first and wait for its answer (idempotencyWaitMs, 5 s): a 409
  // comes only when the holder takes longer, so here there may be none (the
  // 409 itself is proven in checkout.test.ts, 'answers 409 while another
  // request holds the key').
  it('make exactly one order, sent to two server processes; every 2xx is byte-identical, every 409 the documented one, and clients retrying after it end with the same answer', async () => {
    await scenario(shop, 'one key ×50, two processes');
  });
});

describe('50 checkouts with different keys on one cart', () => {
  it('make exactly one order, sent to two server processes at once; the others are told the cart is empty', async () => {
    const s = await liveShopper(shop);
    const product = productId(shop, GIFT_BOX);
    setStock(shop, product, 40);
    await addUnit(shop, s, product);
    await addUnit(shop, s, product);
    const card = await cardId(shop, s);
    await Promise.all([warm(shop, 25), warm(twin, 25)]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => checkout(i % 2 ? twin : shop, s, card, newKey())));
    tally('different keys, one cart, two processes', answers, { orders: ordersOf(shop, s.userId).length });
    expectNo5xx(answers, shop);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect(a.body).toEqual({ status: 422, message: 'Your cart is empty.' });
    }
    expect(ordersOf(shop, s.userId)).toEqual([expect.objectContaining({ items: 1, units: 2, statuses: 1 })]);
    expect(shop.sql((db) => db.prepare('select stock from products where id = ?').get(product))).toEqual({ stock: 38 });
  });
});

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

describe('a once-per-customer coupon redeemed 100 times in parallel by one customer', () => {
  it.each([
    ['WELCOME10, the seed\'s', async () => 'WELCOME10'],
    ['one the owner made in the back office', () => ownersCoupon('ONCEEACH', { max_uses: null, once_per_customer: true })],
  ])('%s: used once, one order carries it, one use is counted', async (_name, make) => {
    const code = await make();
    const s = await liveShopper(shop);
    const product = productId(shop, GIFT_BOX);
    setStock(shop, product, 1000);
    const coupon = () => shop.sql((db) => db.prepare('select id, used_count from coupons where code = ?').get(code)) as { id: number; used_count: number };
    const before = coupon();
    const card = await cardId(shop, s);
    const random = seededRandom(7001);
    // 100 redemptions, each: put something in the cart, apply the coupon, check out; in ten
    // waves of ten, half of each wave's checkouts on the second process.
    const [added, applied, placed] = await inWaves(random, 10, 10, [
      () => shop.request('POST', '/addToCard', { token: s.token, body: { product_id: product } }),
      () => shop.request('POST', `/add/coupons/${card}`, { token: s.token, body: { name: code } }),
      (i) => checkout(i % 2 === 0 ? shop : twin, s, card, newKey()),
    ]);
    const all = [...added, ...applied, ...placed];
    const orders = ordersOf(shop, s.userId);
    tally(`${code} ×100`, all, {
      redemptions: 100, couponApplied: applied.filter((a) => a.status === 200).length, orders: orders.length,
      ordersWithCoupon: orders.filter((o) => o.coupon_code !== null).length,
    });
    expectNo5xx(all, shop);
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
    const uses = shop.sql((db) => db.prepare('select count(*) as n from coupon_uses where coupon_id = ? and user_id = ?').get(before.id, s.userId)) as { n: number };
    expect(uses.n).toBe(1);
    expect(coupon().used_count).toBe(before.used_count + 1);
    // No unit went missing: what was added is in an order or still in the cart.
    const left = shop.sql((db) => db.prepare('select coalesce(sum(i.qty), 0) as n from cart_items i join carts c on c.id = i.cart_id where c.user_id = ?').get(s.userId)) as { n: number };
    expect(orders.reduce((n, o) => n + o.units, 0) + left.n).toBe(100);
    expect(orders.every((o) => o.items === 1 && o.statuses === 1)).toBe(true);
  });
});

describe('a single-use coupon the owner made, at 20 checkouts at once', () => {
  it('goes to one order; every other checkout is refused as used up and leaves nothing behind', async () => {
    const code = await ownersCoupon('JUSTONE', { max_uses: 1, once_per_customer: false });
    const product = productId(shop, GIFT_BOX);
    setStock(shop, product, 1000);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => liveShopper(shop)));
    const cards: number[] = [];
    for (const b of buyers) {
      await addUnit(shop, b, product);
      const card = await cardId(shop, b);
      const applied = await shop.request('POST', `/add/coupons/${card}`, { token: b.token, body: { name: code } });
      expect(applied.status, applied.raw).toBe(200);
      cards.push(card);
    }
    await Promise.all([warm(shop, 10), warm(twin, 10)]);
    const answers = await Promise.all(buyers.map((b, i) => checkout(i % 2 ? twin : shop, b, cards[i], newKey())));
    const orders = buyers.flatMap((b) => ordersOf(shop, b.userId));
    tally(`${code}: 20 buyers, two processes`, answers, { orders: orders.length });
    expectNo5xx(answers, shop);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status, a.raw).toBe(422);
      expect(a.body.message).toBe(`The coupon "${code}" has reached its use limit.`);
    }
    expect(orders).toHaveLength(1);
    expect(orders[0].coupon_code).toBe(code);
    const row = shop.sql((db) => db.prepare('select id, used_count from coupons where code = ?').get(code)) as { id: number; used_count: number };
    expect(row.used_count).toBe(1);
    expect(shop.sql((db) => db.prepare('select count(*) as n from coupon_uses where coupon_id = ?').get(row.id))).toEqual({ n: 1 });
  }, 120_000);
});

describe('points spent by concurrent checkouts', () => {
  it('never go negative, and the ledger always sums to the balance', async () => {
    const s = await liveShopper(shop);
    const product = productId(shop, GIFT_BOX);
    setStock(shop, product, 1000);
    const START = 5000;
    shop.sql((db) => {
      db.prepare('update users set points = ? where id = ?').run(START, s.userId);
      db.prepare("insert into points_ledger (user_id, delta, reason, order_id, created_at) values (?, ?, 'welcome', null, ?)").run(s.userId, START, new Date().toISOString());
    });
    const card = await cardId(shop, s);
    const balance = () => shop.sql((db) => db.prepare('select points from users where id = ?').get(s.userId) as { points: number }).points;
    const ledger = () => shop.sql((db) => db.prepare('select coalesce(sum(delta), 0) as n from points_ledger where user_id = ?').get(s.userId) as { n: number }).n;
    const random = seededRandom(7002);
    // Five waves of ten taps on each button: every points answer is in before the checkouts
    // go, so each wave's first order is bound to find points on the cart, while the other
    // checkouts (half of them on the second process) race it for the same cart.
    const WAVES = 5;
    const PER_WAVE = 10;
    let answers: LiveAnswer[] = [];
    const { samples } = await watching(shop, balance, async () => {
      answers = (await inWaves(random, WAVES, PER_WAVE, [
        () => shop.request('POST', '/addToCard', { token: s.token, body: { product_id: product } }),
        () => shop.request('GET', '/usepoint/done', { token: s.token }),
        (i) => checkout(i % 2 === 0 ? shop : twin, s, card, newKey()),
      ])).flat();
    });
    const orders = ordersOf(shop, s.userId);
    tally('points ×50', answers, {
      checkouts: WAVES * PER_WAVE, orders: orders.length, ordersSpendingPoints: orders.filter((o) => o.points_used > 0).length, samples: samples.length,
    });
    expectNo5xx(answers, shop);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status, a.raw).toBe(422);
      expect(['not can use point', 'Your cart is empty.']).toContain(a.body.message);
    }
    // Points were really spent, more than once, by concurrent checkouts: each wave's first order did.
    expect(orders.filter((o) => o.points_used > 0).length).toBeGreaterThan(1);
    expect(orders.filter((o) => o.points_used > 0).length).toBeGreaterThanOrEqual(WAVES);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(ledger()).toBe(balance());
    expect(balance()).toBe(START + orders.reduce((n, o) => n + o.points_earned - o.points_used, 0));
    // Each order's points are in the ledger, once.
    const rows = shop.sql((db) => db.prepare('select order_id, reason, delta from points_ledger where user_id = ? and order_id is not null').all(s.userId)) as { order_id: number; reason: string; delta: number }[];
    for (const o of orders) {
      const mine = rows.filter((r) => r.order_id === o.id);
      expect(mine.filter((r) => r.reason === 'order_spent').map((r) => r.delta)).toEqual(o.points_used > 0 ? [-o.points_used] : []);
      expect(mine.filter((r) => r.reason === 'order_earned').map((r) => r.delta)).toEqual(o.points_earned > 0 ? [o.points_earned] : []);
    }
  });
});

describe('stock N with 10×N buyers', () => {
  it('makes exactly N orders, and stock ends at 0, never below (the buyers split over two server processes)', async () => {
    const N = 5;
    const product = productId(shop, GIFT_BOX);
    setStock(shop, product, 40);
    const buyers = await Promise.all(Array.from({ length: 10 * N }, () => liveShopper(shop)));
    for (const b of buyers) await addUnit(shop, b, product);
    const cards = await Promise.all(buyers.map((b) => cardId(shop, b)));
    setStock(shop, product, N);
    const sold = () => shop.sql((db) => db.prepare('select stock, units_sold from products where id = ?').get(product)) as { stock: number; units_sold: number };
    const before = sold();
    await Promise.all([warm(shop, 25), warm(twin, 25)]);
    const { result: answers, samples } = await watching(shop, () => sold().stock,
      () => Promise.all(buyers.map((b, i) => checkout(i % 2 ? twin : shop, b, cards[i], newKey()))));
    const ids = buyers.map((b) => b.userId);
    const orders = ids.flatMap((id) => ordersOf(shop, id));
    tally('stock 5, 50 buyers, two processes', answers, { buyers: buyers.length, orders: orders.length, samples: samples.length });
    expectNo5xx(answers, shop);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(N);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect(a.body.message).toMatch(/is out of stock\.$|^Only \d+ of .* left in stock\.$/);
    }
    expect(orders).toHaveLength(N);
    expect(orders.every((o) => o.items === 1 && o.units === 1 && o.statuses === 1)).toBe(true);
    expect(sold()).toEqual({ stock: 0, units_sold: before.units_sold + N });
    expect(Math.min(...samples)).toBe(0);
    expect(samples.every((n) => n >= 0 && n <= N)).toBe(true);
  }, 60_000);
});
