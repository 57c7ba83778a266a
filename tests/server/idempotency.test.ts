// Idempotency-Key on every change the storefront may send again (a retry, its
// offline queue replayed after a reload): the same key never changes anything
// twice and answers what it answered the first time.
import type { Lang } from '../../server/contract/lang.ts';
import crypto from 'node:crypto';
import os from 'node:os';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../server/db/database.ts';
import * as initial from '../../server/db/migrations/001-initial.ts';
import * as idempotencyRoutes from '../../server/db/migrations/002-idempotency-routes.ts';
import { bodyHash, requestHash } from '../../server/plugins/app/idempotency/idempotency-repository.ts';
import { addAddress, call, checkoutBody, completeCart, makeApp, registerShopper, seededProduct, type Answer } from './helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const newKey = () => `key-${crypto.randomUUID()}`;
const MISMATCH = /already sent with different details/;

interface Shopper {
  token: string;
  userId: number;
  cardId: number;
  /** the cart line of seeded product 0 (4 smells, qty 3) */
  lineId: number;
  smells: string[];
  p0: number;
  p2: number;
}

/** A shopper with 3 of product 0 (smells) and 1 of product 2 (subtotal enough for WELCOME10), and 1200 points. */
async function shopper(): Promise<Shopper> {
  const { token, user } = await registerShopper(app);
  const p0 = (await seededProduct(app, 0)).id;
  const p2 = (await seededProduct(app, 2)).id;
  for (const id of [p0, p0, p0, p2]) {
    expect((await call(app, 'POST', '/addToCard', { token, body: { product_id: id } })).statusCode).toBe(200);
  }
  await app.db.updateTable('users').set({ points: 1200 }).where('id', '=', user.id).execute();
  const cart = (await call(app, 'GET', '/showCard', { token })).body.data;
  const line = cart.product_in_card.find((l: { product_id: number }) => l.product_id === p0);
  return { token, userId: user.id, cardId: cart.card_id, lineId: line.id, smells: line.product_smell, p0, p2 };
}

/** What a shopper would notice of their cart and wishlist; no ids, so two shoppers compare. */
async function state(s: Shopper) {
  const cart = (await call(app, 'GET', '/showCard', { token: s.token })).body.data;
  const favs = (await call(app, 'GET', '/fav/show', { token: s.token })).body.data;
  return {
    count: cart.card_count,
    lines: cart.product_in_card.map((l: any) => ({ product: l.product_id, qty: l.product_qty, smell: l.smell, gift: l.gift_id })),
    coupon: cart.coupon,
    pointsApplied: cart.points_applied,
    favs: favs.map((p: { id: number }) => p.id).sort(),
  };
}

interface Req { method: 'GET' | 'POST'; url: string; body?: unknown }

function send(s: Shopper, req: Req, key?: string, options: { lang?: Lang; token?: string } = {}) {
  return call(app, req.method, req.url, {
    token: options.token ?? s.token, lang: options.lang, body: req.body, headers: key ? { 'idempotency-key': key } : {},
  });
}

interface Case {
  name: string;
  /** brings the shopper to where the change makes sense */
  prepare?: (s: Shopper) => Promise<void>;
  /** the change under test */
  change: (s: Shopper) => Req;
  /** a later change (sent without a key) that running `change` again would visibly undo */
  undo: (s: Shopper) => Req;
  /** the same route for another change (another body or path), when the route has one */
  other?: (s: Shopper) => Req;
}

/** The order each shopper's buy-again case buys again (its prepare places it). */
const orderOf = new Map<string, number>();

const CASES: Case[] = [
  {
    name: 'POST /addToCard',
    change: (s) => ({ method: 'POST', url: '/addToCard', body: { product_id: s.p0 } }),
    undo: (s) => ({ method: 'POST', url: '/remove', body: { product_id: s.p0, qty: 1 } }),
    other: (s) => ({ method: 'POST', url: '/addToCard', body: { product_id: s.p2 } }),
  },
  {
    name: 'POST /changeSummaryCard/{cartId}',
    change: (s) => ({ method: 'POST', url: `/changeSummaryCard/${s.cardId}`, body: { product_id: s.p0, qty: 5 } }),
    undo: (s) => ({ method: 'POST', url: `/changeSummaryCard/${s.cardId}`, body: { product_id: s.p0, qty: 3 } }),
    other: (s) => ({ method: 'POST', url: `/changeSummaryCard/${s.cardId}`, body: { product_id: s.p0, qty: 4 } }),
  },
  {
    name: 'POST /add/smell/{cartItemId}',
    change: (s) => ({ method: 'POST', url: `/add/smell/${s.lineId}`, body: { smell: [s.smells[0], s.smells[0], s.smells[0]] } }),
    undo: (s) => ({ method: 'POST', url: `/add/smell/${s.lineId}`, body: { smell: [s.smells[1], s.smells[1], s.smells[1]] } }),
    other: (s) => ({ method: 'POST', url: `/add/smell/${s.lineId}`, body: { smell: [s.smells[2], s.smells[2], s.smells[2]] } }),
  },
  {
    name: 'POST /remove',
    change: (s) => ({ method: 'POST', url: '/remove', body: { product_id: s.p0, qty: 1 } }),
    undo: (s) => ({ method: 'POST', url: '/addToCard', body: { product_id: s.p0 } }),
    other: (s) => ({ method: 'POST', url: '/remove', body: { product_id: s.p0, qty: 2 } }),
  },
  {
    name: 'POST /fav/add/{id}',
    change: (s) => ({ method: 'POST', url: `/fav/add/${s.p0}` }),
    undo: (s) => ({ method: 'GET', url: `/fav/remove/${s.p0}` }),
    other: (s) => ({ method: 'POST', url: `/fav/add/${s.p2}` }),
  },
  {
    name: 'GET /fav/remove/{id}',
    prepare: async (s) => {
      await send(s, { method: 'POST', url: `/fav/add/${s.p0}` });
    },
    change: (s) => ({ method: 'GET', url: `/fav/remove/${s.p0}` }),
    undo: (s) => ({ method: 'POST', url: `/fav/add/${s.p0}` }),
    other: (s) => ({ method: 'GET', url: `/fav/remove/${s.p2}` }),
  },
  {
    name: 'POST /add/coupons/{cardId}',
    change: (s) => ({ method: 'POST', url: `/add/coupons/${s.cardId}`, body: { name: 'WELCOME10' } }),
    undo: (s) => ({ method: 'POST', url: `/remove/coupons/${s.cardId}` }),
    other: (s) => ({ method: 'POST', url: `/add/coupons/${s.cardId}`, body: { name: 'welcome10' } }),
  },
  {
    name: 'POST /remove/coupons/{cardId}',
    prepare: async (s) => {
      await send(s, { method: 'POST', url: `/add/coupons/${s.cardId}`, body: { name: 'WELCOME10' } });
    },
    change: (s) => ({ method: 'POST', url: `/remove/coupons/${s.cardId}` }),
    undo: (s) => ({ method: 'POST', url: `/add/coupons/${s.cardId}`, body: { name: 'WELCOME10' } }),
  },
  {
    name: 'POST /orders/{id}/buy-again',
    // The cart checked out with product 0 alone (3 units, so that one removal undoes the change):
    // an order to buy again, and an empty cart.
    prepare: async (s) => {
      expectOk(await send(s, { method: 'POST', url: '/remove', body: { product_id: s.p2, qty: 1 } }));
      await completeCart(app, s.token);
      const placed = await call(app, 'POST', '/checkout', { token: s.token, body: checkoutBody(s.cardId, await addAddress(app, s.token)) });
      expectOk(placed);
      orderOf.set(s.token, placed.body.data.order.id);
    },
    change: (s) => ({ method: 'POST', url: `/orders/${orderOf.get(s.token)}/buy-again` }),
    undo: (s) => ({ method: 'POST', url: '/remove', body: { product_id: s.p0, qty: 3 } }),
  },
  {
    name: 'GET /usepoint/done',
    change: () => ({ method: 'GET', url: '/usepoint/done' }),
    undo: () => ({ method: 'GET', url: '/usepoint/cancel' }),
  },
  {
    name: 'GET /usepoint/cancel',
    prepare: async (s) => {
      await send(s, { method: 'GET', url: '/usepoint/done' });
    },
    change: () => ({ method: 'GET', url: '/usepoint/cancel' }),
    undo: () => ({ method: 'GET', url: '/usepoint/done' }),
  },
];

async function ready(c: Case) {
  const s = await shopper();
  await c.prepare?.(s);
  return s;
}

function expectOk(res: Answer) {
  expect(res.statusCode, res.raw).toBe(200);
}

describe.each(CASES)('$name', (c) => {
  it('the same key twice: changed once, and the retry gets the first answer back', async () => {
    const s = await ready(c);
    const before = await state(s);
    const key = newKey();
    const first = await send(s, c.change(s), key);
    expectOk(first);
    const changed = await state(s);
    expect(changed).not.toEqual(before);
    // A later change the retry must not undo.
    expectOk(await send(s, c.undo(s)));
    const later = await state(s);
    expect(later).not.toEqual(changed);

    const again = await send(s, c.change(s), key, { lang: 'ar' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await state(s)).toEqual(later);
  });

  it('10 concurrent sendings with one key: one change, ten identical answers', async () => {
    const s = await ready(c);
    const twin = await ready(c);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(s, c.change(s), key)));
    expectOk(answers[0]);
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.raw}`)).size).toBe(1);
    // The twin made the change once, without a key.
    expectOk(await send(twin, c.change(twin)));
    expect(await state(s)).toEqual(await state(twin));
  });

  it('the same key on another route is refused (422) and changes nothing', async () => {
    const s = await ready(c);
    const key = newKey();
    expectOk(await send(s, c.change(s), key));
    const after = await state(s);
    const elsewhere: Req = c.name === 'POST /addToCard'
      ? { method: 'POST', url: `/fav/add/${s.p2}` }
      : { method: 'POST', url: '/addToCard', body: { product_id: s.p2 } };
    const res = await send(s, elsewhere, key);
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toMatch(MISMATCH);
    expect(await state(s)).toEqual(after);
  });

  it("another shopper's same key is their own", async () => {
    const a = await ready(c);
    const b = await ready(c);
    const key = newKey();
    expectOk(await send(a, c.change(a), key));
    const bBefore = await state(b);
    const res = await send(b, c.change(b), key);
    expectOk(res);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await state(b)).not.toEqual(bBefore);
  });

  it('without a key every sending runs, and no key is looked up or kept', async () => {
    const s = await ready(c);
    const claim = vi.spyOn(app.idempotencyKeys, 'claim');
    try {
      expectOk(await send(s, c.change(s)));
      const changed = await state(s);
      expectOk(await send(s, c.undo(s)));
      expectOk(await send(s, c.change(s)));
      expect(await state(s)).toEqual(changed);
      expect(claim).not.toHaveBeenCalled();
    } finally {
      claim.mockRestore();
    }
    expect(await app.db.selectFrom('idempotency_keys').select('id').where('user_id', '=', s.userId).execute()).toEqual([]);
  });
});

// Routes with nothing to vary (no body, no path id) are covered by the route test above.
describe.each(CASES.flatMap((c) => (c.other ? [{ ...c, other: c.other }] : [])))('$name', (c) => {
  it('the same key with another body or path is refused (422) and changes nothing', async () => {
    const s = await ready(c);
    const key = newKey();
    expectOk(await send(s, c.change(s), key));
    const after = await state(s);
    const res = await send(s, c.other(s), key, { lang: 'ar' });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(res.body.message).not.toMatch(/الدفع/); // the cart's wording, not checkout's
    expect(await state(s)).toEqual(after);
  });
});

describe('answers that are replayed, and answers that free the key', () => {
  it('a refused change (out of stock) replays its refusal, even once the stock is back', async () => {
    const s = await shopper();
    const soldOut = await app.db.selectFrom('products').select(['id', 'stock']).where('slug', '=', 'mubakhar-oud-oil').executeTakeFirstOrThrow();
    expect(soldOut.stock).toBe(0);
    const key = newKey();
    const req: Req = { method: 'POST', url: '/addToCard', body: { product_id: soldOut.id } };
    const before = await state(s);
    const first = await send(s, req, key);
    expect(first.statusCode).toBe(422);
    await app.db.updateTable('products').set({ stock: 5 }).where('id', '=', soldOut.id).execute();
    try {
      const again = await send(s, req, key);
      expect(again.statusCode).toBe(422);
      expect(again.raw).toBe(first.raw);
      expect(await state(s)).toEqual(before);
      // A new attempt is a new change.
      expectOk(await send(s, req, newKey()));
    } finally {
      await app.db.updateTable('products').set({ stock: 0 }).where('id', '=', soldOut.id).execute();
    }
  });

  it('a refused quantity (over stock) and a missing cart line (404) replay too', async () => {
    const s = await shopper();
    const overStock: Req = { method: 'POST', url: `/changeSummaryCard/${s.cardId}`, body: { product_id: s.p0, qty: 51 } };
    const key = newKey();
    const first = await send(s, overStock, key);
    expect(first.statusCode).toBe(422);
    expect((await send(s, overStock, key)).raw).toBe(first.raw);

    const missing: Req = { method: 'POST', url: '/add/smell/2000000000', body: { smell: [] } };
    const missingKey = newKey();
    const gone = await send(s, missing, missingKey);
    expect(gone.statusCode).toBe(404);
    const replay = await send(s, missing, missingKey);
    expect(replay.statusCode).toBe(404);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('a 401 keeps nothing: the same key then makes the change', async () => {
    const s = await shopper();
    const key = newKey();
    const req: Req = { method: 'POST', url: '/addToCard', body: { product_id: s.p2 } };
    const refused = await send(s, req, key, { token: 'not-a-real-token-0123456789' });
    expect(refused.statusCode).toBe(401);
    const before = await state(s);
    const res = await send(s, req, key);
    expectOk(res);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await state(s)).count).toBe(before.count + 1);
  });

  it('a failure on our side (503) frees the key: the retry with it makes the change once', async () => {
    const s = await shopper();
    const key = newKey();
    const req: Req = { method: 'POST', url: '/addToCard', body: { product_id: s.p2 } };
    const before = await state(s);
    const addUnit = vi.spyOn(app.carts, 'addUnit').mockRejectedValueOnce(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
    try {
      const failed = await send(s, req, key);
      expect(failed.statusCode).toBe(503);
    } finally {
      addUnit.mockRestore();
    }
    const retry = await send(s, req, key);
    expectOk(retry);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expectOk(await send(s, req, key));
    expect((await state(s)).count).toBe(before.count + 1);
  });

  it('keeps the answer as JSON, before compression, and replays it to a client that takes no compression', async () => {
    const s = await shopper();
    const key = newKey();
    const inject = (encoding?: string) => app.inject({
      method: 'POST', url: `/api/changeSummaryCard/${s.cardId}`,
      headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': key, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      payload: { product_id: s.p0, qty: 2 },
    });
    const first = await inject('gzip');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const sent = zlib.gunzipSync(first.rawPayload).toString('utf8');
    const replay = await inject();
    expect(replay.headers['content-encoding']).toBeUndefined();
    expect(replay.body).toBe(sent);
    expect(JSON.parse(replay.body).data.product_in_card.find((l: any) => l.product_id === s.p0).product_qty).toBe(2);
  });
});

describe('keys across routes and in flight', () => {
  it('a checkout key sent to the cart (and a cart key to checkout) is refused', async () => {
    const { token, user } = await registerShopper(app);
    const p2 = (await seededProduct(app, 2)).id;
    await call(app, 'POST', '/addToCard', { token, body: { product_id: p2 } });
    const cart = await completeCart(app, token);
    const addressId = await addAddress(app, token);
    const key = newKey();
    const order = await call(app, 'POST', '/checkout', { token, headers: { 'idempotency-key': key }, body: checkoutBody(cart.card_id, addressId) });
    expectOk(order);
    const add = await call(app, 'POST', '/addToCard', { token, headers: { 'idempotency-key': key }, body: { product_id: p2 } });
    expect(add.statusCode).toBe(422);
    expect(add.body.message).toMatch(MISMATCH);
    expect((await call(app, 'GET', '/showCard', { token })).body.data.card_count).toBe(0);

    const cartKey = newKey();
    expectOk(await call(app, 'POST', '/addToCard', { token, headers: { 'idempotency-key': cartKey }, body: { product_id: p2 } }));
    const checkout = await call(app, 'POST', '/checkout', { token, headers: { 'idempotency-key': cartKey }, body: checkoutBody(cart.card_id, addressId) });
    expect(checkout.statusCode).toBe(422);
    expect(checkout.body.message).toMatch(/different order/);
    expect(await app.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('the same key, path id and (empty) body on another route is refused: the route is part of the request', async () => {
    const s = await shopper();
    const pairs: [Req, Req][] = [
      [{ method: 'POST', url: `/fav/add/${s.p0}` }, { method: 'GET', url: `/fav/remove/${s.p0}` }],
      [{ method: 'GET', url: '/usepoint/done' }, { method: 'GET', url: '/usepoint/cancel' }],
    ];
    for (const [first, second] of pairs) {
      const key = newKey();
      expectOk(await send(s, first, key));
      const after = await state(s);
      const res = await send(s, second, key);
      expect(res.statusCode, `${second.method} ${second.url}`).toBe(422);
      expect(res.body.message).toMatch(MISMATCH);
      expect(await state(s)).toEqual(after);
    }
  });

  it('answers 409 with Retry-After while another request holds the key, and takes over a key abandoned long ago', async () => {
    const short = await makeApp({ idempotencyWaitMs: 100 });
    try {
      const { token, user } = await registerShopper(short);
      const p2 = (await seededProduct(short, 2)).id;
      const body = { product_id: p2 };
      const key = newKey();
      await short.db.insertInto('idempotency_keys').values({
        user_id: user.id, key, request_hash: requestHash({ method: 'POST', route: '/api/addToCard', body }), state: 'in_flight',
        response_status: null, response_body: null, response_type: null, created_at: new Date().toISOString(),
      }).execute();
      const busy = await call(short, 'POST', '/addToCard', { token, headers: { 'idempotency-key': key }, body });
      expect(busy.statusCode).toBe(409);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.body.message).toMatch(/still being saved/);
      expect((await call(short, 'GET', '/showCard', { token })).body.data.card_count).toBe(0);

      await short.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - 3_600_000).toISOString() })
        .where('key', '=', key).execute();
      const taken = await call(short, 'POST', '/addToCard', { token, headers: { 'idempotency-key': key }, body });
      expectOk(taken);
      expect((await call(short, 'GET', '/showCard', { token })).body.data.card_count).toBe(1);
    } finally {
      await short.close();
    }
  });

  it('takes over a key whose holder\'s lease ran out, on whatever host it ran, and waits on one whose lease still runs', async () => {
    const short = await makeApp({ idempotencyWaitMs: 100 });
    try {
      const { token, user } = await registerShopper(short);
      const body = { product_id: (await seededProduct(short, 2)).id };
      const now = Date.now();
      const holders: Record<string, { holder: string | null; lease_until: number | null; claimedAgo: number }> = {
        // a live holder renews its lease: still running
        'leased, running': { holder: crypto.randomUUID(), lease_until: now + 60_000, claimedAgo: 0 },
        // a holder that stopped renewing (killed, crashed, on this host or another)
        'lease ran out': { holder: crypto.randomUUID(), lease_until: now - 1, claimedAgo: 5_000 },
        // stored before leases by a process named host|pid|start: only its age tells
        'no lease, claimed before this server started': { holder: `${os.hostname()}|1|old`, lease_until: null, claimedAgo: 30_000 },
        'no lease, claimed since': { holder: `${os.hostname()}|1|old`, lease_until: null, claimedAgo: 0 },
      };
      const cart = async () => (await call(short, 'GET', '/showCard', { token })).body.data.card_count as number;
      for (const [who, { holder, lease_until, claimedAgo }] of Object.entries(holders)) {
        const key = newKey();
        await short.db.insertInto('idempotency_keys').values({
          user_id: user.id, key, request_hash: requestHash({ method: 'POST', route: '/api/addToCard', body }), state: 'in_flight',
          response_status: null, response_body: null, response_type: null, holder, lease_until,
          // within idempotencyStaleMs (a minute) either way
          created_at: new Date(now - claimedAgo).toISOString(),
        }).execute();
        const before = await cart();
        const res = await call(short, 'POST', '/addToCard', { token, headers: { 'idempotency-key': key }, body });
        if (who === 'leased, running' || who === 'no lease, claimed since') {
          expect(res.statusCode, who).toBe(409);
          expect(await cart(), who).toBe(before);
        } else {
          expectOk(res);
          expect(await cart(), who).toBe(before + 1);
        }
      }
    } finally {
      await short.close();
    }
  });

  it('renews a held key\'s lease, and a holder that lost its key can neither keep an answer for it nor free it', async () => {
    const keys = app.idempotencyKeys;
    const { user } = await registerShopper(app);
    const key = newKey();
    const row = () => app.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.id).where('key', '=', key).executeTakeFirstOrThrow();
    const claim = await keys.claim(user.id, key, 'hash', { inFlight: 'change_in_flight', mismatch: 'change_key_mismatch' });
    const first = await row();
    expect(first.holder).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(first.lease_until)).toBeGreaterThan(Date.now());
    // The holder renews while it runs (a few times per lease): the lease moves on.
    await expect.poll(async () => Number((await row()).lease_until), { timeout: 30_000 }).toBeGreaterThan(Number(first.lease_until));

    // It stalled past its lease, and a retry took the key over.
    await app.db.updateTable('idempotency_keys').set({ holder: 'the-retry' }).where('id', '=', claim.id!).execute();
    expect(await keys.complete(claim.id!, { statusCode: 200, contentType: 'application/json', body: '{}' })).toBe(false);
    await keys.release(claim.id!);
    expect(await row()).toMatchObject({ state: 'in_flight', holder: 'the-retry', response_body: null });
  });

  it('a checkout whose key was taken over while it ran rolls back: no order, the cart intact, the key left to its new holder', async () => {
    const { token, user } = await registerShopper(app);
    await call(app, 'POST', '/addToCard', { token, body: { product_id: (await seededProduct(app, 2)).id } });
    const cart = await completeCart(app, token);
    const addressId = await addAddress(app, token);
    const key = newKey();
    // The takeover, forced between the claim and the order's transaction: the request stalled past its lease.
    const claim = app.idempotencyKeys.claim.bind(app.idempotencyKeys);
    const spy = vi.spyOn(app.idempotencyKeys, 'claim').mockImplementationOnce(async (...args) => {
      const claimed = await claim(...args);
      await app.db.updateTable('idempotency_keys').set({ holder: 'the-retry' }).where('id', '=', claimed.id!).execute();
      return claimed;
    });
    try {
      const res = await call(app, 'POST', '/checkout', { token, headers: { 'idempotency-key': key }, body: checkoutBody(cart.card_id, addressId) });
      expect(res.statusCode, res.raw).toBe(409);
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      spy.mockRestore();
    }
    expect(await app.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect((await call(app, 'GET', '/showCard', { token })).body.data.card_count).toBe(1);
    expect(await app.db.selectFrom('idempotency_keys').select(['state', 'holder']).where('key', '=', key).executeTakeFirst())
      .toEqual({ state: 'in_flight', holder: 'the-retry' });
  });

  it('refuses a malformed key with a field error (422) and changes nothing', async () => {
    const s = await shopper();
    const before = await state(s);
    const res = await send(s, { method: 'POST', url: '/addToCard', body: { product_id: s.p2 } }, 'short');
    expect(res.statusCode).toBe(422);
    expect(res.body.errors['idempotency-key']).toBeDefined();
    expect(await state(s)).toEqual(before);
  });
});

describe('the contract', () => {
  it('documents the optional Idempotency-Key header on checkout and every replayable change', async () => {
    const doc = (await call(app, 'GET', '/openapi.json')).body;
    const routes: [string, string][] = [
      ['post', '/api/checkout'], ['post', '/api/addToCard'], ['post', '/api/changeSummaryCard/{cartId}'],
      ['post', '/api/add/smell/{cartItemId}'], ['post', '/api/remove'], ['post', '/api/fav/add/{id}'], ['get', '/api/fav/remove/{id}'],
      ['post', '/api/add/coupons/{cardId}'], ['post', '/api/remove/coupons/{cardId}'], ['get', '/api/usepoint/done'], ['get', '/api/usepoint/cancel'],
    ];
    for (const [method, path] of routes) {
      const header = doc.paths[path][method].parameters?.find((p: any) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header, `${method} ${path}`).toBeDefined();
      expect(header.required ?? false).toBe(false);
      expect(header.schema.maxLength).toBe(128);
    }
    const showCard = doc.paths['/api/showCard'].get.parameters ?? [];
    expect(showCard.find((p: any) => p.name === 'idempotency-key')).toBeUndefined();
  });
});

describe('migration 002', () => {
  it('rewrites the body-only checkout hashes stored before, so those checkouts still replay', async () => {
    const opened = openDatabase(':memory:');
    try {
      await initial.up(opened.db);
      const { id: userId } = await opened.db.insertInto('users').values({
        first_name: 'Salma', last_name: 'Nabil', email: 's@example.com', phone: '01012345678', password_hash: 'x',
        birth_date: '1998-03-14', points: 0, created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow();
      const body = checkoutBody(7, 9);
      await (opened.db as any).insertInto('idempotency_keys').values({
        user_id: userId, key: 'key-before-002', request_hash: bodyHash(body), state: 'done',
        response_status: 200, response_body: '{"status":200}', created_at: new Date().toISOString(),
      }).execute();
      await idempotencyRoutes.up(opened.db);
      const row = await opened.db.selectFrom('idempotency_keys').selectAll().executeTakeFirstOrThrow();
      expect(row.request_hash).toBe(requestHash({ method: 'POST', route: '/api/checkout', params: {}, body }));
      expect(row.response_type).toBeNull();
    } finally {
      await opened.close();
    }
  });
});
