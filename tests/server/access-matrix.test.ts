// IDOR matrix (OWASP ASVS 5.0 V8): every route that takes an id, in
// its path or in its body, asked by every kind of caller who must not reach
// the owner's things:
//
//   other       another shopper's valid token
//   none        no Authorization header
//   expired     the owner's own token, past its 30 days
//   logged-out  the owner's own token, revoked by GET /user/logout
//   pw-changed  the owner's own token, revoked by a password change elsewhere
//
// Each answer must carry none of the owner's data and the documented status
// (404 for another shopper's id, 401 without a valid token), and the owner's
// things, read back by the owner through the API and straight from the
// database, must be exactly as they were. The routes come from the API's own
// description (GET /api/openapi.json), cross-checked against the routes the
// server really has, so an id-taking route added later fails here until it
// is placed in the matrix.
import type { Lang } from '../../server/contract/lang.ts';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, completeCart, makeApp, registerShopper, seededProduct, type Answer } from './helpers.ts';
import { rowsOfUser } from './db-inspect.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type Caller = 'other' | 'none' | 'expired' | 'logged-out' | 'pw-changed';
const CALLERS: Caller[] = ['other', 'none', 'expired', 'logged-out', 'pw-changed'];
const OWNER_TOKENS_GONE: Caller[] = ['expired', 'logged-out', 'pw-changed'];

/**
 * How a route's id relates to the caller:
 * - owned: the id names the owner's thing (order, address, cart, cart line):
 *   another shopper gets 404, a caller without a valid token 401.
 * - own-list: the id is a public product id and the call reads or changes
 *   the caller's own list (wishlist, cart, reviews): another shopper acts on
 *   their own list (200) and the owner's stays as it was; no valid token, 401.
 * - public: catalog ids, no sign-in: every caller gets exactly the guest's
 *   answer (nothing of the owner's, e.g. no wishlist hearts from a dead token).
 */
type Kind = 'owned' | 'own-list' | 'public';

interface Attempt {
  label: string;
  method: Method;
  url: string;
  body?: unknown;
  /** the Idempotency-Key the owner used for this very request: never replays to anyone else */
  key?: string;
}

interface Row {
  route: string;
  kind: Kind;
  attempts: (caller: Caller) => Attempt[];
}

let app: FastifyInstance;

/** The owner: distinctive data, so that any of it in an answer is a leak. */
const OWNER = {
  first_name: 'Zubaida', last_name: 'Qasimiyya', email: `zubaida.${process.pid}@owner.example`,
  phone: `0155${String(process.pid % 10_000_000).padStart(7, '0')}`, password: 'owner-pass-1', password_confirmation: 'owner-pass-1',
};
const OWNER_ADDRESS = { title: 'Hideout', address: '77 Qasimiyya Secret Lane', phone: '01098765432', city: 'Zamalek', government: 'cairo' };
const REVIEW_TEXT = 'zubaida-owner-review-marker';

let a: {
  id: number; token: string; orderId: number; orderNumber: string; addressId: number; cardId: number;
  itemId: number; itemSmells: string[]; onlyInCart: number; alsoInCart: number; favProduct: number; favCategory: number; reviewProduct: number;
};
let b: { token: string; cardId: number; addressId: number };
const ownerTokens = {} as Record<'expired' | 'logged-out' | 'pw-changed', string>;

/** The owner's data in any answer to anyone else is a leak. */
const secrets = () => [OWNER.email, OWNER.phone, OWNER.first_name, OWNER.last_name, OWNER_ADDRESS.address, OWNER_ADDRESS.phone, a.orderNumber, REVIEW_TEXT];

function tokenOf(caller: Caller): string | undefined {
  if (caller === 'other') return b.token;
  if (caller === 'none') return undefined;
  return ownerTokens[caller];
}

function send(caller: Caller, attempt: Attempt, lang: Lang = 'en') {
  return call(app, attempt.method, attempt.url, {
    token: tokenOf(caller), body: attempt.body, lang, headers: attempt.key ? { 'idempotency-key': attempt.key } : {},
  });
}

const checkout = (cardId: number, addressId: number) => ({
  card_id: cardId, username: 'Zubaida Qasimiyya', phone: '01098765432', address_id: addressId, shiping: 'free', date: null, payment: 'delivery', point: 0,
});

// The matrix. Keys are the routes as GET /api/openapi.json names them.
const MATRIX: Row[] = [
  {
    route: 'GET /orders/{id}', kind: 'owned',
    attempts: () => [{ label: 'the order (trackOrders/{id}/{num})', method: 'GET', url: `/orders/${a.orderId}` }],
  },
  {
    route: 'POST /orders/{id}/cancel', kind: 'owned',
    attempts: () => [{ label: 'cancel the pending order', method: 'POST', url: `/orders/${a.orderId}/cancel`, body: { reason: 'changed my mind' } }],
  },
  {
    route: 'POST /orders/{id}/payment', kind: 'owned',
    attempts: () => [{ label: 'report a transfer for the wallet order', method: 'POST', url: `/orders/${a.orderId}/payment`, body: { sender_phone: '01012345678', reference: 'VC-778899' } }],
  },
  {
    route: 'POST /orders/{id}/buy-again', kind: 'owned',
    attempts: () => [{ label: 'buy the order again', method: 'POST', url: `/orders/${a.orderId}/buy-again`, key: 'owner-buy-again-key' }],
  },
  {
    route: 'DELETE /user/address/{id}', kind: 'owned',
    attempts: () => [{ label: 'the address', method: 'DELETE', url: `/user/address/${a.addressId}` }],
  },
  {
    route: 'POST /add/smell/{cartItemId}', kind: 'owned',
    attempts: () => [{ label: 'the cart line', method: 'POST', url: `/add/smell/${a.itemId}`, body: { smell: [...a.itemSmells].reverse() }, key: 'owner-smell-key' }],
  },
  {
    route: 'POST /changeSummaryCard/{cartId}', kind: 'owned',
    attempts: (caller) => [
      { label: 'the cart', method: 'POST', url: `/changeSummaryCard/${a.cardId}`, body: { product_id: a.onlyInCart, qty: 1 } },
      // one's own cart id with a line only the owner has
      ...(caller === 'other' ? [{ label: 'own cart, owner\'s line', method: 'POST' as const, url: `/changeSummaryCard/${b.cardId}`, body: { product_id: a.onlyInCart, qty: 1 } }] : []),
    ],
  },
  {
    route: 'POST /add/coupons/{cardId}', kind: 'owned',
    attempts: () => [{ label: 'the card', method: 'POST', url: `/add/coupons/${a.cardId}`, body: { name: 'EID100', totalprice: 0 }, key: 'owner-coupon-key' }],
  },
  {
    route: 'POST /remove/coupons/{cardId}', kind: 'owned',
    attempts: () => [{ label: 'the card', method: 'POST', url: `/remove/coupons/${a.cardId}` }],
  },
  {
    route: 'POST /checkout', kind: 'owned',
    attempts: (caller) => caller === 'other'
      ? [
        { label: 'owner\'s card and address, owner\'s key', method: 'POST', url: '/checkout', body: checkout(a.cardId, a.addressId), key: 'owner-order-key' },
        { label: 'owner\'s card, own address', method: 'POST', url: '/checkout', body: checkout(a.cardId, b.addressId) },
        { label: 'own card, owner\'s address', method: 'POST', url: '/checkout', body: checkout(b.cardId, a.addressId) },
      ]
      : [{ label: 'owner\'s card and address, owner\'s key', method: 'POST', url: '/checkout', body: checkout(a.cardId, a.addressId), key: 'owner-order-key' }],
  },
  {
    route: 'POST /remove', kind: 'owned',
    attempts: () => [{ label: 'a product only in the owner\'s cart', method: 'POST', url: '/remove', body: { product_id: a.onlyInCart, qty: 1 } }],
  },
  {
    route: 'POST /fav/add/{id}', kind: 'own-list',
    attempts: () => [{ label: 'the owner\'s wished product', method: 'POST', url: `/fav/add/${a.favProduct}`, key: 'owner-fav-key' }],
  },
  {
    route: 'GET /fav/remove/{id}', kind: 'own-list',
    attempts: () => [{ label: 'the owner\'s wished product', method: 'GET', url: `/fav/remove/${a.favProduct}` }],
  },
  {
    route: 'POST /review/send', kind: 'own-list',
    attempts: () => [{ label: 'the product the owner reviewed', method: 'POST', url: '/review/send', body: { product_id: a.reviewProduct, comment: 'another view', rate: 1 } }],
  },
  {
    route: 'GET /review/mine/{id}', kind: 'own-list',
    attempts: () => [{ label: 'the product the owner reviewed', method: 'GET', url: `/review/mine/${a.reviewProduct}` }],
  },
  {
    route: 'GET /products/{id}/reviews', kind: 'public',
    attempts: () => [{ label: 'the product the owner reviewed', method: 'GET', url: `/products/${a.reviewProduct}/reviews` }],
  },
  {
    route: 'POST /addToCard', kind: 'own-list',
    attempts: () => [{ label: 'a product in the owner\'s cart', method: 'POST', url: '/addToCard', body: { product_id: a.alsoInCart } }],
  },
  {
    route: 'GET /products/details/{id}', kind: 'public',
    attempts: () => [{ label: 'the product the owner reviewed', method: 'GET', url: `/products/details/${a.reviewProduct}` }],
  },
  {
    route: 'GET /products/category/{id}', kind: 'public',
    attempts: () => [{ label: 'the category of the owner\'s wished product', method: 'GET', url: `/products/category/${a.favCategory}?per_page=48` }],
  },
];

/** Everything of the owner's, as the owner reads it through the API and as the database holds it. */
async function ownerState() {
  const read = async (url: string) => {
    const res = await call(app, 'GET', url, { token: a.token });
    expect(res.statusCode, url).toBe(200);
    return res.body.data;
  };
  const orders = (await read('/orders')).orders as { id: number }[];
  const api = {
    profile: await read('/user/profile'),
    cart: await read('/showCard'),
    addresses: await read('/user/show/address'),
    orders,
    orderDetails: await Promise.all(orders.map((o) => read(`/orders/${o.id}`))),
    wishlist: await read('/fav/show'),
  };
  // Every row that names the owner, in every table that has a user_id, and the rows hanging from the owner's cart and orders.
  const db: Record<string, unknown[]> = await rowsOfUser(app, a.id);
  expect(Object.keys(db)).toEqual(expect.arrayContaining(['addresses', 'carts', 'favorites', 'orders', 'reviews', 'tokens', 'coupon_uses', 'points_ledger', 'idempotency_keys']));
  db.users = await app.db.selectFrom('users').selectAll().where('id', '=', a.id).execute();
  db.cart_items = await app.db.selectFrom('cart_items as i').innerJoin('carts as c', 'c.id', 'i.cart_id').selectAll('i').where('c.user_id', '=', a.id).orderBy('i.id').execute();
  db.order_items = await app.db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').selectAll('i').where('o.user_id', '=', a.id).orderBy('i.id').execute();
  db.order_status_history = await app.db.selectFrom('order_status_history as h').innerJoin('orders as o', 'o.id', 'h.order_id').selectAll('h').where('o.user_id', '=', a.id).orderBy('h.id').execute();
  db.all_orders = await app.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).execute();
  return { api, db };
}

/**
 * None of the owner's data in the answer. On a public page the owner's review
 * (name and text) is public by design; there the guest's answer is the measure.
 * A key the caller never sent before must not replay anything: a replay there
 * is the owner's answer.
 */
function expectNoLeak(res: Answer, what: string, options: { publicPage?: boolean; firstUseOfKey?: boolean } = {}) {
  const mine = options.publicPage ? secrets().filter((s) => ![OWNER.first_name, OWNER.last_name, REVIEW_TEXT].includes(s)) : secrets();
  for (const secret of mine) expect(res.raw, `${what}: answer carries the owner's "${secret}"`).not.toContain(secret);
  if (options.firstUseOfKey) expect(res.headers['idempotent-replayed'], `${what}: the owner's stored answer was replayed`).toBeUndefined();
}

/** The routes the server really has, from Fastify's own route tree (HEAD twins dropped). */
function serverRoutes(): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─\s]*)(\S+) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1].length / 4);
    stack.length = depth;
    stack[depth] = m[2];
    const path = stack.join('');
    for (const method of m[3].split(',').map((s) => s.trim()).filter((s) => s !== 'HEAD')) {
      if (path.startsWith('/api/')) out.push(`${method} ${path.slice(4).replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return out.sort();
}

interface Operation { route: string; auth: boolean; idTaking: boolean; pathIds: string[]; bodyIds: string[] }

async function operations(): Promise<Operation[]> {
  const spec = (await call(app, 'GET', '/openapi.json')).body;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(spec.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const pathIds = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
      const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      const bodyIds = props.filter((p) => /(^|_)id$/i.test(p));
      ops.push({
        route: `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`,
        auth: Array.isArray(op.security) && op.security.some((s: Record<string, unknown>) => 'bearer' in s),
        idTaking: pathIds.length > 0 || bodyIds.length > 0, pathIds, bodyIds,
      });
    }
  }
  return ops;
}

beforeAll(async () => {
  app = await makeApp();
  const owner = await registerShopper(app, OWNER);
  const [p0, p1, p2] = [await seededProduct(app, 0), await seededProduct(app, 1), await seededProduct(app, 2)];
  const other = await registerShopper(app);
  const t = owner.token;
  const ok = (res: Answer, what: string) => expect(res.statusCode, `${what}: ${res.raw}`).toBe(200);

  // The owner: an address, a placed order (with a key), a full cart with a coupon, a wished product, a review.
  const address = await call(app, 'POST', '/user/add/address', { token: t, body: OWNER_ADDRESS });
  ok(address, 'address');
  ok(await call(app, 'POST', '/addToCard', { token: t, body: { product_id: p0.id } }), 'add p0');
  const first = await completeCart(app, t);
  const placed = await call(app, 'POST', '/checkout', { token: t, body: checkout(first.card_id, address.body.data.id), headers: { 'idempotency-key': 'owner-order-key' } });
  ok(placed, 'checkout');
  for (const id of [p1.id, p1.id, p2.id]) ok(await call(app, 'POST', '/addToCard', { token: t, body: { product_id: id } }), 'add');
  const cart = await completeCart(app, t);
  const line = cart.product_in_card.find((l: { product_id: number }) => l.product_id === p1.id);
  const smells = line.smell as string[];
  // the same request the matrix sends, with the same key: nobody else may get this answer back
  const reversed = [...smells].reverse();
  ok(await call(app, 'POST', `/add/smell/${line.id}`, { token: t, body: { smell: reversed }, headers: { 'idempotency-key': 'owner-smell-key' } }), 'smell');
  ok(await call(app, 'POST', `/add/coupons/${cart.card_id}`, { token: t, body: { name: 'EID100', totalprice: 0 }, headers: { 'idempotency-key': 'owner-coupon-key' } }), 'coupon');
  const wished = await seededProduct(app, 5);
  ok(await call(app, 'POST', `/fav/add/${wished.id}`, { token: t, headers: { 'idempotency-key': 'owner-fav-key' } }), 'fav');
  ok(await call(app, 'POST', '/review/send', { token: t, body: { product_id: p2.id, comment: REVIEW_TEXT, rate: 4 } }), 'review');
  a = {
    id: owner.user.id, token: t, orderId: placed.body.data.order.id, orderNumber: placed.body.data.order.number,
    addressId: address.body.data.id, cardId: cart.card_id, itemId: line.id, itemSmells: reversed, onlyInCart: p1.id, alsoInCart: p2.id,
    favProduct: wished.id, favCategory: wished.category_id, reviewProduct: p2.id,
  };

  // The other shopper: a cart of their own and an address.
  ok(await call(app, 'POST', '/addToCard', { token: other.token, body: { product_id: p0.id } }), 'b add');
  const bCart = await completeCart(app, other.token);
  const bAddress = await call(app, 'POST', '/user/add/address', { token: other.token, body: { ...OWNER_ADDRESS, address: '1 Other St', phone: '01111111111' } });
  b = { token: other.token, cardId: bCart.card_id, addressId: bAddress.body.data.id };

  // The owner's dead tokens, each used once first so the look-up cache holds it when it dies.
  const login = async (password: string) => {
    const res = await call(app, 'POST', '/user/login', { body: { login: OWNER.email, password } });
    ok(res, 'login');
    ok(await call(app, 'GET', '/showCard', { token: res.body.data.token }), 'use the new token');
    return res.body.data.token as string;
  };
  ownerTokens['logged-out'] = await login(OWNER.password);
  ok(await call(app, 'GET', '/user/logout', { token: ownerTokens['logged-out'] }), 'logout');
  ownerTokens['pw-changed'] = await login(OWNER.password);
  ok(await call(app, 'POST', '/user/change-password', { token: t, body: { current_password: OWNER.password, password: 'owner-pass-2', password_confirmation: 'owner-pass-2' } }), 'change password');
  // Created after the password change, so that only its age kills it.
  ownerTokens.expired = await login('owner-pass-2');
  const hash = crypto.createHash('sha256').update(ownerTokens.expired).digest('hex');
  const changed = await app.db.updateTable('tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
  expect(Number(changed.numUpdatedRows)).toBe(1);
  // The row was changed behind the process's back: the look-up cache (10 s) must forget it, as after any outside change.
  app.tokens.clearCache();
});

afterAll(async () => {
  await app.close();
});

describe('the matrix covers every id-taking route', () => {
  it('every API route the server has is described in openapi.json', async () => {
    const described = (await operations()).map((o) => o.route);
    const real = serverRoutes().filter((r) => r !== 'GET /openapi.json');
    expect(real.length).toBeGreaterThan(30);
    expect(real.filter((r) => !described.includes(r)), 'routes missing from openapi.json').toEqual([]);
  });

  it('every route openapi.json lists with an id in its path or body has a row in the matrix, and no row is stale', async () => {
    const ops = await operations();
    // The back office's routes (/admin) name the shop's things, not a shopper's: their matrix is by role (back-office-access.test.ts).
    const idTaking = ops.filter((o) => o.idTaking && !o.route.includes(' /admin/')).map((o) => o.route).sort();
    expect(idTaking.length).toBeGreaterThanOrEqual(14);
    expect(idTaking.filter((r) => !MATRIX.some((row) => row.route === r)), 'id-taking routes the IDOR matrix does not cover').toEqual([]);
    expect(MATRIX.map((row) => row.route).filter((r) => !idTaking.includes(r)), 'matrix rows for routes that no longer take an id').toEqual([]);
    // a row's kind agrees with the route's sign-in
    for (const row of MATRIX) {
      const op = ops.find((o) => o.route === row.route)!;
      expect(op.auth, row.route).toBe(row.kind !== 'public');
    }
  });

  it('the owner reaches every owned thing the matrix asks for (the ids are real)', async () => {
    expect((await call(app, 'GET', `/orders/${a.orderId}`, { token: a.token })).body.data.order.number).toBe(a.orderNumber);
    const cart = (await call(app, 'GET', '/showCard', { token: a.token })).body.data;
    expect(cart.card_id).toBe(a.cardId);
    expect(cart.coupon).toBe('EID100');
    expect(cart.product_in_card.map((l: { id: number }) => l.id)).toContain(a.itemId);
    const wish = (await call(app, 'GET', '/fav/show', { token: a.token })).body.data;
    expect(wish.map((p: { id: number }) => p.id)).toEqual([a.favProduct]);
    // the owner's token shows the heart on the category page; a guest never sees it
    const page = (await call(app, 'GET', `/products/category/${a.favCategory}?per_page=48`, { token: a.token })).body.data.products;
    expect(page.find((p: { id: number }) => p.id === a.favProduct).is_fav).toBe(true);
    const addresses = (await call(app, 'GET', '/user/show/address', { token: a.token })).body.data.address;
    expect(addresses.map((x: { id: number }) => x.id)).toEqual([a.addressId]);
  });
});

describe('IDOR matrix: routes × callers', () => {
  const cells = MATRIX.flatMap((row) => CALLERS.map((caller) => [row.route, caller, row] as const));

  it.each(cells)('%s asked by %s: documented status, no leak, nothing changed', async (_route, caller, row) => {
    const before = await ownerState();
    for (const attempt of row.attempts(caller)) {
      const what = `${row.route} [${attempt.label}] by ${caller}`;
      for (const lang of ['en', 'ar'] as const) {
        const res = await send(caller, attempt, lang);
        // the first sending of the owner's key by this caller (a second one may replay the caller's own first answer)
        expectNoLeak(res, what, { publicPage: row.kind === 'public', firstUseOfKey: lang === 'en' });
        if (row.kind === 'public') {
          expect(res.statusCode, what).toBe(200);
          // a dead token of the owner's gets exactly what a guest gets (another shopper's hearts are their own)
          if (caller !== 'other') expect(res.raw, what).toBe((await call(app, attempt.method, attempt.url, { lang })).raw);
        } else if (caller === 'other' && row.kind === 'own-list') {
          expect(res.statusCode, `${what}: ${res.raw}`).toBe(200);
        } else if (caller === 'other') {
          expect(res.statusCode, `${what}: ${res.raw}`).toBe(404);
          expect(Object.keys(res.body).sort(), what).toEqual(['message', 'status']);
          expect(res.body.status, what).toBe(404);
        } else {
          expect(res.statusCode, `${what}: ${res.raw}`).toBe(401);
          expect(res.body, what).toEqual({ status: 401, message: lang === 'en' ? 'Please log in first.' : 'يُرجى تسجيل الدخول أولاً.' });
        }
      }
    }
    expect(await ownerState(), `${row.route} by ${caller} changed the owner's things`).toEqual(before);
  });

  it('the dead tokens are the owner\'s own, and dead for the right reason', async () => {
    const rows = await app.db.selectFrom('tokens').selectAll().where('user_id', '=', a.id).execute();
    const byToken = (token: string) => rows.find((r) => r.token_hash === crypto.createHash('sha256').update(token).digest('hex'))!;
    expect(byToken(ownerTokens['logged-out']).revoked_at).not.toBeNull();
    expect(byToken(ownerTokens['pw-changed']).revoked_at).not.toBeNull();
    expect(byToken(ownerTokens.expired).revoked_at).toBeNull();
    expect(Date.parse(byToken(ownerTokens.expired).expires_at)).toBeLessThan(Date.now());
    // and the one token that changed the password still works
    expect((await call(app, 'GET', '/user/profile', { token: a.token })).body.data.user.email).toBe(OWNER.email);
  });
});

describe('every signed-in route refuses every dead token', () => {
  it('401 with the error envelope on each auth route of openapi.json (and the HEAD twin of each GET), for no token and each of the owner\'s dead tokens', async () => {
    const ops = (await operations()).filter((o) => o.auth);
    expect(ops.length).toBeGreaterThanOrEqual(24);
    const before = await ownerState();
    let asked = 0;
    let heads = 0;
    for (const op of ops) {
      const [method, path] = op.route.split(' ') as [Method, string];
      const url = path.replace(/\{\w+\}/g, (p) => String(p === '{id}' && path.startsWith('/orders') ? a.orderId : p === '{id}' && path.startsWith('/user/address') ? a.addressId : p === '{cartItemId}' ? a.itemId : p === '{id}' ? a.favProduct : a.cardId));
      for (const caller of ['none', ...OWNER_TOKENS_GONE] as Caller[]) {
        const body = method === 'POST' ? {} : undefined;
        const res = await call(app, method, url, { token: tokenOf(caller), body });
        asked += 1;
        expect(res.statusCode, `${op.route} by ${caller}: ${res.raw}`).toBe(401);
        expect(res.body, op.route).toEqual({ status: 401, message: 'Please log in first.' });
        expectNoLeak(res, `${op.route} by ${caller}`);
        if (method === 'GET') {
          // Fastify's HEAD twin of a GET route goes through the same sign-in
          const head = await app.inject({ method: 'HEAD', url: `/api${url}`, headers: tokenOf(caller) ? { authorization: `Bearer ${tokenOf(caller)}` } : {} });
          expect(head.statusCode, `HEAD ${url} by ${caller}`).toBe(401);
          heads += 1;
        }
      }
    }
    expect(asked).toBe(ops.length * 4);
    expect(heads).toBeGreaterThanOrEqual(40);
    expect(await ownerState()).toEqual(before);
  });
});
