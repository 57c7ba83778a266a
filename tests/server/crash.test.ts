// Crashes: a server process is killed (SIGKILL: no shutdown, no flush, no
// closing of the database) at seeded random moments while shoppers check out,
// and every Idempotency-Key is sent again. Nothing may be half-done or done
// twice: every order has all its items and its first status, stock and points
// add up against the order items and the points ledger, each coupon use
// belongs to one order, each key ends with exactly one order and answers it
// byte for byte.
//
// On each database (docs/architecture.md, "Tests"):
// - SQLite: one process on a file; it is restarted on the same file after
//   each kill, the keys are sent to it again, and SQLite's integrity check
//   passes after every kill.
// - PostgreSQL: three instances on one database; each round kills one of them
//   (in turn) while the checkouts are on it, and every key is sent again to
//   the two others at once, while the killed one starts again. The test
//   spreads the requests itself rather than through HAProxy, so that a replay
//   surely reaches another instance than the one killed.
//
// CRASH_SEED=<n> replays another sequence of kill points (the default is fixed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disposeLive, liveDialects, liveServer, liveShopper, postgresDatabase, sleep,
  type LiveAnswer, type LiveDatabase, type LiveDialect, type LiveServer, type LiveShopper,
} from './live-server.ts';
import { seededRandom } from '../seeded-random.ts';

const SEED = Number(process.env.CRASH_SEED ?? 7_2024);
const SHOPPERS = 8;
/**
 * Per database: rounds (one kill each), server processes, how many ms after the checkouts are sent
 * a kill by time lands at most (they take about as long; PostgreSQL's round trips make them
 * longer), and, where the seed does not choose, how each round's kill lands: 'answer' waits for
 * some answers first, so that orders surely committed before the kill (a kill by time may land
 * before any did). Fewer rounds on PostgreSQL: each one there also starts an instance again, and
 * the suite's time is counted (docs/architecture.md, "Tests").
 */
const PLAN: Record<LiveDialect, { rounds: number; instances: number; killWindowMs: number; kills?: ('time' | 'answer')[] }> = {
  sqlite: { rounds: 8, instances: 1, killWindowMs: 40 },
  postgres: { rounds: 3, instances: 3, killWindowMs: 150, kills: ['answer', 'time', 'answer'] },
};
/**
 * How long a replayed key may go on answering "in flight" (409) or "busy" (503) before the test
 * gives up: after a kill the key stays held until its holder is found gone or its lease runs out
 * (plugins/app/idempotency), seconds at most. A limit that catches a hang, not a verdict on speed.
 */
const REPLAY_DEADLINE_MS = 90_000;

/** The contract's in-flight answer (docs/rules.md, "Idempotency-Key: requests that are safe to send again"). */
const IN_FLIGHT = JSON.stringify({ status: 409, message: 'This order is still being placed. Please wait a moment.' });

/** The body a shopper's checkout sends; the same bytes again on replay. */
const checkoutBody = (s: LiveShopper, card: number) => ({
  card_id: card, username: 'Salma Nabil', phone: '01012345678', address_id: s.addressId, shiping: 'free', date: null, payment: 'delivery', point: 0,
});

interface Shopper extends LiveShopper {
  /** spends points: starts with 5000 and applies them every round */
  points: boolean;
}

/** One shopper's checkout in one round: its key, its body, what its cart held. */
interface Attempt {
  s: Shopper;
  key: string;
  body: ReturnType<typeof checkoutBody>;
  lines: { product: number; qty: number }[];
  total: number;
  /** answers that came back before the kill (a 2xx is the order's answer for good) */
  before: LiveAnswer[];
}

interface Start {
  stock: Map<number, { stock: number; units_sold: number }>;
  coupons: Map<number, number>;
  points: Map<number, number>;
}

/**
 * What must hold of the database at any moment, crash or not, given the
 * stock, sales and coupon counts before the test and the shoppers' starting points.
 */
async function audit(db: LiveDatabase, start: Start) {
  if (db.dialect === 'sqlite') {
    expect(await db.all('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await db.all('pragma foreign_key_check')).toEqual([]);
  }
  // (PostgreSQL checks foreign keys at every commit, and has no file a kill could leave half-written.)

  // No partial order: every order has items, its number, and its first status (one row of it).
  const orders = await db.all<{ id: number; number: string; user_id: number; coupon_id: number | null; points_used: number; points_earned: number; items: number; statuses: number; status: string }>(`
    select o.id, o.number, o.user_id, o.coupon_id, o.points_used, o.points_earned,
      (select count(*) from order_items i where i.order_id = o.id) as items,
      (select count(*) from order_status_history h where h.order_id = o.id) as statuses,
      (select min(h.status) from order_status_history h where h.order_id = o.id) as status
    from orders o`);
  for (const o of orders) {
    expect(o.items, `order ${o.id}`).toBeGreaterThan(0);
    expect(o.number).toBe(`ATR-${10000 + o.id}`);
    expect({ statuses: o.statuses, status: o.status }, `order ${o.id}`).toEqual({ statuses: 1, status: 'pending' });
  }

  // Stock: none lost, none doubled; what left the shelf is in an order.
  const sold = new Map((await db.all<{ product_id: number; n: number }>('select product_id, sum(qty) as n from order_items group by product_id'))
    .map((r) => [r.product_id, r.n]));
  for (const p of await db.all<{ id: number; stock: number; units_sold: number }>('select id, stock, units_sold from products')) {
    const was = start.stock.get(p.id)!;
    expect(p.stock, `stock of product ${p.id}`).toBe(was.stock - (sold.get(p.id) ?? 0));
    expect(p.units_sold, `units sold of product ${p.id}`).toBe(was.units_sold + (sold.get(p.id) ?? 0));
    expect(p.stock).toBeGreaterThanOrEqual(0);
  }

  // Points: each balance is its ledger, and its ledger is its orders.
  for (const [userId, startPoints] of start.points) {
    const { points: balance } = await db.one<{ points: number }>('select points from users where id = ?', userId);
    const { n: ledger } = await db.one<{ n: number }>('select coalesce(sum(delta), 0) as n from points_ledger where user_id = ?', userId);
    const mine = orders.filter((o) => o.user_id === userId);
    expect(balance, `points of user ${userId}`).toBe(ledger);
    expect(balance).toBe(startPoints + mine.reduce((n, o) => n + o.points_earned - o.points_used, 0));
    expect(balance).toBeGreaterThanOrEqual(0);
  }
  const ledgerRows = await db.all<{ order_id: number; reason: string; delta: number }>('select order_id, reason, delta from points_ledger where order_id is not null');
  for (const o of orders) {
    const rows = ledgerRows.filter((r) => r.order_id === o.id);
    expect(rows.filter((r) => r.reason === 'order_spent').map((r) => r.delta)).toEqual(o.points_used > 0 ? [-o.points_used] : []);
    expect(rows.filter((r) => r.reason === 'order_earned').map((r) => r.delta)).toEqual(o.points_earned > 0 ? [o.points_earned] : []);
  }

  // Coupons: each use is one order's, and counted once.
  const uses = await db.all<{ coupon_id: number; order_id: number }>('select coupon_id, order_id from coupon_uses');
  const byNumber = (x: number, y: number) => x - y;
  expect(uses.map((u) => u.order_id).sort(byNumber)).toEqual(orders.filter((o) => o.coupon_id !== null).map((o) => o.id).sort(byNumber));
  for (const c of await db.all<{ id: number; used_count: number }>('select id, used_count from coupons')) {
    expect(c.used_count, `uses of coupon ${c.id}`).toBe(start.coupons.get(c.id)! + uses.filter((u) => u.coupon_id === c.id).length);
  }

  // Every order was placed with a key (this test sends one with each), and
  // the key holds its answer: an order never exists without the answer a
  // retry replays. A key that answered holds an order that exists.
  const answered = new Map<number, number>();
  for (const k of await db.all<{ response_body: string }>("select response_body from idempotency_keys where state = 'done'")) {
    const order = JSON.parse(k.response_body)?.data?.order;
    if (order) answered.set(order.id, (answered.get(order.id) ?? 0) + 1);
  }
  for (const o of orders) expect(answered.get(o.id), `the key of order ${o.id}`).toBe(1);
  for (const id of answered.keys()) expect(orders.some((o) => o.id === id)).toBe(true);
  return orders.length;
}

describe.each(liveDialects('tests/server/crash.test.ts'))('on %s', (dialect) => {
  const plan = PLAN[dialect];
  let servers: LiveServer[] = [];
  let db: LiveDatabase;
  const figures = { seed: SEED, rounds: 0, kills: 0, restarts: 0, checkoutsSent: 0, browsing: 0, answeredBeforeKill: 0, cutOff: 0, replays: 0, replay409: 0, orders: 0, fiveHundreds: 0 };
  const killLog: string[] = [];

  beforeAll(async () => {
    const database = dialect === 'postgres' ? await postgresDatabase() : undefined;
    servers = await Promise.all(Array.from({ length: plan.instances }, () => liveServer({}, { db: database })));
    await Promise.all(servers.map((s) => s.start()));
    db = servers[0].db;
  }, 180_000); // a first start migrates and seeds; on a machine shared with other test runs it took over 60 s

  afterAll(async () => {
    for (const server of servers) await disposeLive(server);
    await db?.dispose();
    servers = [];
    console.log(`[crash ${dialect}] ${JSON.stringify(figures)}\n[crash ${dialect}] ${killLog.join(`\n[crash ${dialect}] `)}`);
  });

  const logs = () => servers.map((s) => s.log()).join('');

  /** Sends a key again until it answers something other than "in flight" or "busy" (as the storefront does). */
  async function replay(server: LiveServer, a: Attempt): Promise<LiveAnswer> {
    const deadline = Date.now() + REPLAY_DEADLINE_MS;
    for (;;) {
      const res = await server.request('POST', '/checkout', { token: a.s.token, headers: { 'idempotency-key': a.key }, body: a.body });
      figures.replays += 1;
      if (res.status !== 409 && res.status !== 503) return res;
      if (res.status === 409) figures.replay409 += 1;
      if (Date.now() > deadline) throw new Error(`key ${a.key} still unanswered after ${REPLAY_DEADLINE_MS} ms: ${res.status} ${res.raw}`);
      await sleep(Number(res.headers['retry-after'] ?? 1) * 1000);
    }
  }

  it(`loses nothing and doubles nothing (seed ${SEED}, ${plan.rounds} kills, ${plan.instances} server process${plan.instances > 1 ? 'es' : ''})`, async () => {
    const shop = servers[0];
    const random = seededRandom(SEED);
    const shoppers: Shopper[] = (await Promise.all(Array.from({ length: SHOPPERS }, () => liveShopper(shop))))
      .map((s, i) => ({ ...s, points: i % 3 === 0 }));
    for (const s of shoppers.filter((x) => x.points)) {
      await db.run('update users set points = 5000 where id = ?', s.userId);
      await db.run("insert into points_ledger (user_id, delta, reason, order_id, created_at) values (?, 5000, 'welcome', null, ?)", s.userId, new Date().toISOString());
    }
    const idOf = async (slug: string) => (await db.one<{ id: number }>('select id from products where slug = ?', slug)).id;
    const giftBox = await idOf('royal-oud-gift-box');
    const oud = await idOf('royal-oud-intense');
    await db.run('update products set stock = 500 where id in (?, ?)', giftBox, oud);
    const start: Start = {
      stock: new Map((await db.all<{ id: number; stock: number; units_sold: number }>('select id, stock, units_sold from products')).map((p) => [p.id, p])),
      coupons: new Map((await db.all<{ id: number; used_count: number }>('select id, used_count from coupons')).map((c) => [c.id, c.used_count])),
      points: new Map(shoppers.map((s) => [s.userId, s.points ? 5000 : 0])),
    };

    const all: Attempt[] = [];
    /** PostgreSQL: the start of the instance killed last (the others serve meanwhile). */
    let restarting = Promise.resolve();
    for (let round = 0; round < plan.rounds; round++) {
      // The instance killed this round, in turn; the checkouts are sent to it.
      const victim = servers[round % servers.length];
      const others = servers.filter((s) => s !== victim);
      // Fill every cart: a gift box, and for every other shopper two oud bottles
      // with their smells (an order of two lines: a partial one would show).
      const attempts: Attempt[] = await Promise.all(shoppers.map(async (s, i): Promise<Attempt> => {
        const lines = [{ product: giftBox, qty: 1 }, ...(i % 2 === 1 ? [{ product: oud, qty: 2 }] : [])];
        for (const l of lines) {
          for (let u = 0; u < l.qty; u++) expect((await victim.request('POST', '/addToCard', { token: s.token, body: { product_id: l.product } })).status).toBe(200);
        }
        let cart = (await victim.request('GET', '/showCard', { token: s.token })).body.data;
        for (const line of cart.product_in_card) {
          if (line.product_smell.length > 0) {
            const smell = Array.from({ length: line.product_qty }, (_, k) => line.product_smell[k % line.product_smell.length]);
            expect((await victim.request('POST', `/add/smell/${line.id}`, { token: s.token, body: { smell } })).status).toBe(200);
          }
        }
        if (round === 0 && i % 2 === 0) expect((await victim.request('POST', `/add/coupons/${cart.card_id}`, { token: s.token, body: { name: 'WELCOME10' } })).status).toBe(200);
        if (s.points && cart.points >= 1000) expect((await victim.request('GET', '/usepoint/done', { token: s.token })).status).toBe(200);
        cart = (await victim.request('GET', '/showCard', { token: s.token })).body.data;
        return { s, key: `crash-${SEED}-${round}-${i}`, body: checkoutBody(s, cart.card_id), lines, total: cart.summary.total, before: [] };
      }));
      all.push(...attempts);

      // Every shopper confirms twice (a double click), all at once, on the instance
      // about to be killed; the kill lands somewhere among them: a random time after
      // sending, or the moment a random answer arrives (the server is then between
      // one order and the next).
      const coin = random();
      const byTime = plan.kills ? plan.kills[round] === 'time' : coin < 0.5;
      const killAfter = byTime ? Math.floor(random() * plan.killWindowMs) : 1 + Math.floor(random() * (2 * SHOPPERS - 1));
      let arrived = 0;
      let answerArrived: () => void = () => {};
      const enoughAnswers = new Promise<void>((resolve) => {
        answerArrived = () => {
          arrived += 1;
          if (arrived >= killAfter) resolve();
        };
      });
      const sent = attempts.flatMap((a) => [a, a].map((x) => victim.request('POST', '/checkout', { token: x.s.token, headers: { 'idempotency-key': x.key }, body: x.body })
        .then((res) => {
          x.before.push(res);
          answerArrived();
          return res;
        }, () => null)));
      // A busy shop: other shoppers browse meanwhile (on every instance), their reads queued with the checkouts' writes.
      const browsing = Array.from({ length: 48 }, (_, k) => servers[k % servers.length].request('GET', k % 2 ? '/showCard' : `/products?page=${1 + (k % 3)}`, { token: shoppers[k % SHOPPERS].token })
        .catch(() => null));
      figures.checkoutsSent += sent.length;
      await (byTime ? sleep(killAfter) : Promise.race([enoughAnswers, sleep(5000)]));
      await victim.kill();
      figures.kills += 1;
      const answered = (await Promise.all(sent)).filter((r): r is LiveAnswer => r !== null);
      const browsed = (await Promise.all(browsing)).filter((r): r is LiveAnswer => r !== null);
      figures.browsing += browsing.length;
      figures.fiveHundreds += browsed.filter((r) => r.status >= 500).length;
      figures.answeredBeforeKill += answered.length;
      figures.cutOff += sent.length - answered.length;
      figures.fiveHundreds += answered.filter((r) => r.status >= 500).length;
      // Each answer is the order's, or (a double click's second request, when the first holds
      // the key past idempotencyWaitMs on a busy machine) the documented 409.
      expect(answered.filter((r) => r.status !== 200 && !(r.status === 409 && r.raw === IN_FLIGHT && r.headers['retry-after'] === '1')).map((r) => `${r.status} ${r.raw}`), logs()).toEqual([]);

      // The database as the kill left it: consistent, whatever got in.
      const ordersAtKill = await audit(db, start);

      // SQLite: the one process starts again on the file, and is sent every key again.
      // PostgreSQL: every key goes to the other instances at once (each shopper's to one of
      // them), while the killed one starts again, into the next round (it is not used before the
      // next round's replays: browsing that reaches it meanwhile is refused, and not counted).
      let replayAt: (i: number) => LiveServer;
      if (others.length === 0) {
        await victim.start();
        figures.restarts += 1;
        replayAt = () => victim;
      } else {
        const previous = restarting;
        restarting = victim.start().then(() => {
          figures.restarts += 1;
        });
        // The instance killed in the round before is one of the others.
        await previous;
        replayAt = (i) => others[i % others.length];
      }
      killLog.push(`round ${round}: kill ${byTime ? `${killAfter} ms after sending` : `at answer ${killAfter}`}, ${answered.length}/${sent.length} answered, ${ordersAtKill} orders in the database`);

      // Every key again: each ends with its one order, and a key that had answered answers the same bytes.
      const replays = await Promise.all(attempts.map(async (a, i) => ({ a, res: await replay(replayAt(i), a), at: replayAt(i) })));
      for (const { a, res, at } of replays) {
        figures.fiveHundreds += res.status >= 500 ? 1 : 0;
        expect(res.status, res.raw).toBe(200);
        for (const first of a.before.filter((r) => r.status === 200)) expect(res.raw).toBe(first.raw);
        const order = res.body.data.order;
        expect(order.total).toBe(a.total);
        const items = await db.all('select product_id as product, qty from order_items where order_id = ? order by id', order.id);
        expect(items).toEqual(a.lines);
        const cart = (await at.request('GET', '/showCard', { token: a.s.token })).body.data;
        expect(cart.product_in_card).toEqual([]);
      }
      figures.rounds += 1;
      figures.orders = await audit(db, start);
    }
    await restarting;
    expect(figures.restarts).toBe(plan.rounds);

    // One order per shopper per round, no more; and the last answer of each key is still its order's.
    expect(figures.orders).toBe(plan.rounds * SHOPPERS);
    for (const s of shoppers) {
      expect(await db.one('select count(*) as n from orders where user_id = ?', s.userId)).toEqual({ n: plan.rounds });
    }
    expect(await db.one("select count(*) as n from idempotency_keys where key like ? and state = 'done'", `crash-${SEED}-%`)).toEqual({ n: all.length });
    // A fixed number of kills and restarts; the limit only catches a hang (at 120 s, a run on a
    // machine shared with four other test runs timed out while keeping every guarantee).
  }, 300_000);
});
