// The API fuzz's world and judge: a real app on a seeded in-memory SQLite
// database with real shoppers, the requests of requests.ts sent to it through
// Fastify's inject, and every answer checked. Shared by the small run in
// `npm test` (tests/server/fuzz.test.ts) and `npm run fuzz` (cli.ts).
//
// Pass means: no 5xx; every 4xx in the contract's error envelope
// (`{ status, message, errors? }`, errors on 422 only) and every 2xx in the
// success envelope; no stack trace, SQL, file path or token in any answer's
// body or headers; and, after the run, nothing of another shopper's changed,
// no price or coupon changed, no order moved, and every points balance equal
// to its ledger.
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { addAddress, call, checkoutBody, completeCart, loginOwner, makeApp, registerShopper, seededProduct } from '../helpers.ts';
import { DEMO_USER } from '../../../server/db/seed/seed.ts';
import { allowedDeliveryDays } from '../../../server/domain/shipping.ts';
import { HOSTILE_STRINGS } from './hostile.ts';
import { Pick, Raw, planArbitrary, routesFromOpenApi, type Plan, type PoolName, type RouteSpec } from './requests.ts';

interface Shopper {
  id: number;
  token: string;
  email: string;
  phone: string;
  password: string;
}

export interface World {
  app: FastifyInstance;
  routes: RouteSpec[];
  /** the shopper the fuzz signs in as */
  me: Shopper & { cartId: number };
  /** another shopper, whose ids the fuzz sends: nothing of theirs may change */
  other: Shopper & { cartId: number; cartItemIds: number[]; addressIds: number[]; orderIds: number[] };
  /** the shopper whose password the fuzz changes (which revokes their other tokens) */
  session: Shopper;
  revokedToken: string;
  expiredToken: string;
  /** the demo owner's token, for the contract walk of the back office */
  ownerToken: string;
  /** every token the fuzz holds: none may ever appear in an answer */
  secrets: Set<string>;
  pools: Record<PoolName, (string | number)[]>;
  /** the other shopper's rows and the catalog's prices, as they were before the fuzz */
  before: string;
  sent: number;
}

/**
 * A quarter of the runs: the routes that run scrypt (about 90 ms a request
 * here), and openapi.json, which takes no input and costs 6 ms to answer.
 */
export const REDUCED_ROUTES = new Set(['POST /api/user/register', 'POST /api/user/login', 'POST /api/user/change-password', 'GET /api/openapi.json']);

/** An id no row has: what a pool with nothing in it (an emptied cart) answers. */
const MISSING_ID = 2147483000;

export async function createWorld(): Promise<World> {
  const app = await makeApp();
  const doc = JSON.parse((await app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
  const routes = routesFromOpenApi(doc);

  const p0 = await seededProduct(app, 0);
  const p1 = await seededProduct(app, 1);

  // The other shopper: an order placed, a cart with a line, an address, a favorite, a review.
  // Other passwords than the fuzz's shopper's: the fuzz signs in with that one, and must not become them.
  const ub = await registerShopper(app, { password: 'other-secret-1', password_confirmation: 'other-secret-1' });
  await call(app, 'POST', '/addToCard', { token: ub.token, body: { product_id: p0.id } });
  await completeCart(app, ub.token);
  const bAddress = await addAddress(app, ub.token);
  const bCart = (await call(app, 'GET', '/showCard', { token: ub.token })).body.data;
  const bOrder = await call(app, 'POST', '/checkout', { token: ub.token, body: checkoutBody(bCart.card_id, bAddress) });
  if (bOrder.statusCode !== 200) throw new Error(`fuzz world: the other shopper's order failed: ${bOrder.raw}`);
  await call(app, 'POST', '/addToCard', { token: ub.token, body: { product_id: p1.id } });
  await call(app, 'POST', '/addToCard', { token: ub.token, body: { product_id: p1.id } });
  await completeCart(app, ub.token);
  await call(app, 'POST', '/add/coupons/' + bCart.card_id, { token: ub.token, body: { name: 'EID100' } });
  await call(app, 'POST', `/fav/add/${p0.id}`, { token: ub.token });
  await call(app, 'POST', '/review/send', { token: ub.token, body: { product_id: p1.id, comment: 'Lovely, lasts all day.', rate: 4.5 } });
  const bCartNow = (await call(app, 'GET', '/showCard', { token: ub.token })).body.data;

  // The fuzz's shopper: an order of their own, an address, points to spend.
  const ua = await registerShopper(app);
  await call(app, 'POST', '/addToCard', { token: ua.token, body: { product_id: p0.id } });
  await completeCart(app, ua.token);
  const aAddress = await addAddress(app, ua.token);
  const aCart = (await call(app, 'GET', '/showCard', { token: ua.token })).body.data;
  const aOrder = await call(app, 'POST', '/checkout', { token: ua.token, body: checkoutBody(aCart.card_id, aAddress) });
  if (aOrder.statusCode !== 200) throw new Error(`fuzz world: the shopper's order failed: ${aOrder.raw}`);

  const uc = await registerShopper(app, { password: 'session-secret-1', password_confirmation: 'session-secret-1' });

  // Tokens that must be refused: one revoked, one expired.
  const revokedToken = await app.tokens.issue(ua.user.id);
  const revokedRow = await app.tokens.find(revokedToken);
  await app.tokens.revoke(revokedRow!.id);
  const expiredToken = await app.tokens.issue(ua.user.id, new Date(Date.now() - 400 * 86_400_000));
  const ownerToken = await loginOwner(app);

  const world: World = {
    app,
    routes,
    me: { id: ua.user.id, token: ua.token, email: ua.body.email, phone: ua.user.phone, password: ua.body.password, cartId: aCart.card_id },
    other: {
      id: ub.user.id, token: ub.token, email: ub.body.email, phone: ub.user.phone, password: ub.body.password,
      cartId: bCartNow.card_id,
      cartItemIds: bCartNow.product_in_card.map((l: { id: number }) => l.id),
      addressIds: [bAddress],
      orderIds: [bOrder.body.data.order.id],
    },
    session: { id: uc.user.id, token: uc.token, email: uc.body.email, phone: uc.user.phone, password: uc.body.password },
    revokedToken,
    expiredToken,
    ownerToken,
    secrets: new Set([ua.token, ub.token, uc.token, revokedToken, expiredToken, ownerToken]),
    pools: {} as World['pools'],
    before: '',
    sent: 0,
  };
  await topUpPoints(world, 5000);
  await refresh(world);
  world.before = await guardedState(world);
  return world;
}

// ------------------------------------------------------------------ keeping the world deep

async function topUpPoints(world: World, points: number) {
  const { db } = world.app;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set((eb) => ({ points: eb('points', '+', points) })).where('id', '=', world.me.id).execute();
    await trx.insertInto('points_ledger').values({ user_id: world.me.id, delta: points, reason: 'fuzz_top_up', order_id: null, created_at: new Date().toISOString() }).execute();
  });
}

/**
 * Puts back what the fuzz used up, so requests keep reaching the rules
 * rather than "your cart is empty": a cart with lines (smells chosen, so a
 * checkout can go through), an address, stock, points. Then re-reads the
 * pools of ids the requests pick from.
 */
export async function refresh(world: World) {
  const { app, me } = world;
  const { db } = app;
  await db.updateTable('products').set({ stock: 60 }).where('stock', '<', 5).execute();
  const lines = await db.selectFrom('cart_items').select(['id']).where('cart_id', '=', me.cartId).execute();
  if (lines.length === 0) {
    // Two products, one with gifts: a cart that checkout, smells and gifts all have work in.
    for (const index of [0, 1, 1]) await app.carts.addUnit(me.id, (await seededProduct(app, index)).id, 'en');
  }
  // Every smell and gift chosen, so that a well-formed checkout goes through.
  try {
    await completeCart(app, me.token);
  } catch {
    // A line the fuzz made odd (a quantity past what smells take): checkouts are refused until it changes.
  }
  // Kept small, so that answers stay small: the fuzz adds addresses and units by the thousand.
  const addresses = await db.selectFrom('addresses').select('id').where('user_id', '=', me.id).orderBy('id', 'desc').execute();
  if (addresses.length > 12) await db.deleteFrom('addresses').where('id', 'in', addresses.slice(12).map((r) => r.id)).execute();
  await db.updateTable('cart_items').set({ qty: 3 }).where('cart_id', '=', me.cartId).where('qty', '>', 6).execute();
  if (!(await db.selectFrom('addresses').select('id').where('user_id', '=', me.id).executeTakeFirst())) {
    await app.accounts.addAddress(me.id, { title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'cairo' }, 'en');
  }
  const user = await db.selectFrom('users').select(['points', 'email', 'phone']).where('id', '=', me.id).executeTakeFirstOrThrow();
  if (user.points < 1000) await topUpPoints(world, 5000);
  me.email = user.email;
  me.phone = user.phone;

  const ids = async (table: 'cart_items' | 'addresses' | 'orders', column: 'cart_id' | 'user_id', value: number) =>
    (await db.selectFrom(table).select('id').where(column, '=', value).orderBy('id').execute()).map((r) => r.id);
  const myLines = await db.selectFrom('cart_items').select(['id', 'product_id']).where('cart_id', '=', me.cartId).execute();
  const smells = await db.selectFrom('product_smells').select(['product_id', 'name_en', 'name_ar']).execute();
  const inMyCart = new Set(myLines.map((l) => l.product_id));
  const today = app.carts.today();
  world.pools = {
    product: (await db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id),
    category: (await db.selectFrom('categories').select('id').execute()).map((r) => r.id),
    gift: (await db.selectFrom('gifts').select('id').execute()).map((r) => r.id),
    // The options of what is in the cart, in both languages, and some of other products.
    smell: [
      ...smells.filter((s) => inMyCart.has(s.product_id)).flatMap((s) => [s.name_en, s.name_ar, s.name_en.toUpperCase()]),
      ...smells.slice(0, 6).map((s) => s.name_en),
    ],
    coupon: (await db.selectFrom('coupons').select('code').execute()).map((r) => r.code),
    deliveryDay: allowedDeliveryDays(today, app.settings),
    myCart: [me.cartId],
    myCartItem: myLines.map((l) => l.id),
    myAddress: await ids('addresses', 'user_id', me.id),
    myOrder: await ids('orders', 'user_id', me.id),
    myUser: [me.id],
    otherCart: [world.other.cartId],
    otherCartItem: world.other.cartItemIds,
    otherAddress: world.other.addressIds,
    otherOrder: world.other.orderIds,
    otherUser: [world.other.id, world.session.id],
    email: [me.email, world.other.email, world.session.email, DEMO_USER.email, me.email.toUpperCase()],
    phone: [me.phone, world.other.phone, world.session.phone, DEMO_USER.phone],
    password: [me.password],
    idempotencyKey: ['fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003', 'fuzz-key-0004'],
  };
}

// ------------------------------------------------------------------ sending

export interface Sent {
  route: string;
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload: string | undefined;
  /** everything the request carried, decoded: an answer may echo it back */
  echo: string;
  ms: number;
  res: LightMyRequestResponse | null;
  thrown: unknown;
}

function resolve(world: World, value: unknown, route: string): unknown {
  if (value instanceof Pick) {
    const pool = value.pool === 'password' && route === 'POST /api/user/change-password' ? [world.session.password] : world.pools[value.pool];
    return pool.length ? pool[value.index % pool.length] : MISSING_ID;
  }
  if (value instanceof Raw) return value;
  if (Array.isArray(value)) return value.map((v) => resolve(world, v, route));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, { value: resolve(world, (value as Record<string, unknown>)[key], route), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * Percent-encoding that also takes lone surrogates (encodeURIComponent throws
 * on them): their bytes go out as WTF-8, which no UTF-8 decoder accepts.
 */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      out += ch.length === 1 && code >= 0xD800 && code <= 0xDFFF
        ? [0xE0 | (code >> 12), 0x80 | ((code >> 6) & 0x3F), 0x80 | (code & 0x3F)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(ch);
    }
    return out;
  }
}

const segment = (v: unknown) => (v instanceof Raw ? v.text : encode(String(v)));
const queryText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The token the route acts with when the plan says "me". */
async function myToken(world: World, route: string): Promise<string> {
  // Log-out and a password change end sessions: they get a token of their own,
  // so the fuzz never signs itself out.
  if (route === 'GET /api/user/logout') return world.app.tokens.issue(world.me.id);
  if (route === 'POST /api/user/change-password') return world.app.tokens.issue(world.session.id);
  return world.me.token;
}

export async function send(world: World, route: RouteSpec, plan: Plan): Promise<Sent> {
  const r = (v: unknown) => resolve(world, v, route.name);
  let path = route.path;
  for (const [name, value] of Object.entries(plan.pathParams)) path = path.replace(`{${name}}`, segment(r(value)));
  const query: string[] = [];
  for (const [key, value] of plan.query) {
    const v = r(value);
    for (const item of Array.isArray(v) ? v : [v]) query.push(`${encode(key)}=${encode(queryText(item))}`);
  }
  if (plan.rawQuery) query.push(plan.rawQuery);
  const url = query.length ? `${path}?${query.join('&')}` : path;

  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(plan.headers)) {
    const v = r(value);
    headers[name] = Array.isArray(v) ? v.map(String) : String(v);
  }
  let bearer: string | null = null;
  switch (plan.auth.mode) {
    case 'me': bearer = await myToken(world, route.name); break;
    case 'owner': bearer = world.ownerToken; break;
    case 'revoked': bearer = world.revokedToken; break;
    case 'expired': bearer = world.expiredToken; break;
    case 'garbage': headers.authorization = plan.auth.header; break;
    case 'none': break;
  }
  if (bearer) {
    world.secrets.add(bearer);
    headers.authorization = `Bearer ${bearer}`;
  }

  let payload: string | undefined;
  if (plan.body.kind === 'json') {
    payload = JSON.stringify(r(plan.body.value)) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (plan.body.kind === 'raw') {
    payload = plan.body.text;
    if (plan.body.type) headers['content-type'] = plan.body.type;
  }

  const options: InjectOptions = { method: plan.method, url, headers, remoteAddress: plan.ip, ...(payload !== undefined ? { payload } : {}) };
  const echo = [safeDecode(url), payload ?? '', ...Object.values(headers).flat()].join('\n');
  const started = performance.now();
  let res: LightMyRequestResponse | null = null;
  let thrown: unknown = null;
  try {
    res = await world.app.inject(options);
  } catch (error) {
    thrown = error;
  }
  world.sent += 1;
  return { route: route.name, method: plan.method, url, headers, payload, echo, ms: performance.now() - started, res, thrown };
}

/** What the world learns from an answer, once it is judged. */
export function learn(world: World, sent: Sent) {
  const res = sent.res;
  // The shopper whose password changed: later requests need the new one.
  if (sent.route === 'POST /api/user/change-password' && res?.statusCode === 200 && sent.payload) {
    world.session.password = JSON.parse(sent.payload).password;
  }
  // A shopper signed up or in: the token they got is a secret from now on.
  if (res && res.statusCode < 300 && (sent.route === 'POST /api/user/login' || sent.route === 'POST /api/user/register')) {
    const token = tryJson(res.body)?.data?.token;
    if (typeof token === 'string') world.secrets.add(token);
  }
}

function tryJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------ judging

export type ProblemKind = '5xx' | 'shape' | 'leak' | 'crash' | 'slow';

export interface Problem {
  kind: ProblemKind;
  detail: string;
}

/** A request slower than this under attack is a way to stall the shop. */
export const SLOW_MS = 5000;

/** What no answer may show: the server's internals. Each is excused only when the request itself carried it (an echo). */
const LEAK_MARKERS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at |\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/],
  ['an error class', /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|SqliteError|AggregateError|FastifyError)\b/],
  ['SQL', /\bSELECT\b|\bINSERT INTO\b|\bDELETE FROM\b|\bfrom "\w+"|\bwhere "\w+"/],
  ['the database driver', /sqlite|kysely|no such (?:table|column)|constraint failed/i],
  ['a file path', /\/work\/|node_modules|\.ts:\d|\.js:\d|file:\/\//],
  ['an error code', /\b(?:SQLITE|ERR|FST_ERR|ECONN|ENOENT|EACCES)_?[A-Z_]{2,}\b/],
];

/**
 * The catalog's payloads that carry a marker (SQL injections carry SELECT):
 * an address or a name the fuzz saved earlier comes back in later answers,
 * JSON-escaped. They are cut out before the markers are looked for.
 */
const STORED_PAYLOADS = HOSTILE_STRINGS.filter((s) => LEAK_MARKERS.some(([, marker]) => marker.test(s)))
  .flatMap((s) => [JSON.stringify(s).slice(1, -1), s]);

function withoutStoredPayloads(text: string): string {
  let out = text;
  for (const payload of STORED_PAYLOADS) if (out.includes(payload)) out = out.split(payload).join(' ');
  return out;
}

/** Keys an answer may not carry: secrets (a token only where one is issued). */
const SECRET_KEYS = new Set(['password', 'password_hash', 'token_hash', 'token', 'secret']);

/**
 * Whether any held token is in the text. Tokens are 43 characters of
 * base64url: every such window of the text's base64url runs is looked up,
 * rather than searching the text once per token (thousands of them).
 */
function containsSecret(secrets: Set<string>, text: string): boolean {
  for (const run of text.match(/[A-Za-z0-9_-]{43,}/g) ?? []) {
    for (let i = 0; i + 43 <= run.length; i++) if (secrets.has(run.slice(i, i + 43))) return true;
  }
  return false;
}

function bodyText(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  const raw = res.rawPayload;
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

function secretKeys(value: unknown, path: string, found: string[]) {
  if (Array.isArray(value)) value.forEach((v, i) => secretKeys(v, `${path}[${i}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (path === '' && key === 'errors') continue; // field names, not values
      if (SECRET_KEYS.has(key)) found.push(`${path}${key}`);
      secretKeys(v, `${path}${key}.`, found);
    }
  }
}

export function judge(world: World, sent: Sent): Problem[] {
  const problems: Problem[] = [];
  if (sent.ms > SLOW_MS) problems.push({ kind: 'slow', detail: `took ${Math.round(sent.ms)} ms` });
  const res = sent.res;
  if (!res) {
    problems.push({ kind: 'crash', detail: `inject threw: ${String((sent.thrown as Error)?.message ?? sent.thrown)}` });
    return problems;
  }
  const status = res.statusCode;
  if (status >= 500) problems.push({ kind: '5xx', detail: `answered ${status}` });

  let text: string;
  try {
    // HEAD: the headers of the GET (a Content-Encoding among them) and no body.
    text = sent.method === 'HEAD' ? res.body : bodyText(res);
  } catch {
    problems.push({ kind: 'shape', detail: `a body that does not decode as its content-encoding (${String(res.headers['content-encoding'])})` });
    return problems;
  }
  const headerText = Object.entries(res.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('\n');

  const unechoed = withoutStoredPayloads(text);
  for (const [what, marker] of LEAK_MARKERS) {
    const inBody = marker.test(unechoed);
    const inHeaders = marker.test(headerText);
    if ((inBody || inHeaders) && !marker.test(sent.echo)) problems.push({ kind: 'leak', detail: `${what} in the ${inBody ? 'body' : 'headers'}` });
  }
  if (containsSecret(world.secrets, text) || containsSecret(world.secrets, headerText)) problems.push({ kind: 'leak', detail: 'a bearer token in the answer' });

  if (sent.method === 'HEAD') {
    if (text.length > 0) problems.push({ kind: 'shape', detail: 'a body on HEAD' });
    return problems;
  }
  const issuesTokens = sent.route === 'POST /api/user/login' || sent.route === 'POST /api/user/register';
  const body = tryJson(text);
  const type = String(res.headers['content-type'] ?? '');

  if (status >= 400 && status < 500) {
    const where = `${status}: ${text.slice(0, 200)}`;
    if (!type.startsWith('application/json')) problems.push({ kind: 'shape', detail: `${status} with content-type "${type}"` });
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      problems.push({ kind: 'shape', detail: `${status} whose body is not a JSON object: ${text.slice(0, 200)}` });
      return problems;
    }
    const allowed = status === 422 ? ['status', 'message', 'errors'] : ['status', 'message'];
    const extra = Object.keys(body).filter((k) => !allowed.includes(k));
    if (extra.length) problems.push({ kind: 'shape', detail: `error envelope with ${extra.join(', ')}: ${where}` });
    if (body.status !== status) problems.push({ kind: 'shape', detail: `envelope status ${JSON.stringify(body.status)} on a ${where}` });
    if (typeof body.message !== 'string' || body.message.trim() === '') problems.push({ kind: 'shape', detail: `no message: ${where}` });
    if (body.errors !== undefined) {
      const fine = body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)
        && Object.values(body.errors).every((list) => Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0));
      if (!fine) problems.push({ kind: 'shape', detail: `errors is not { field: [message] }: ${where}` });
    }
    if (status === 429 && !res.headers['retry-after']) problems.push({ kind: 'shape', detail: '429 without Retry-After' });
  } else if (status >= 200 && status < 300) {
    if (sent.route === 'GET /api/openapi.json' && sent.method === 'GET') {
      if (!body?.openapi) problems.push({ kind: 'shape', detail: 'openapi.json is not an OpenAPI document' });
    } else {
      if (!type.startsWith('application/json')) problems.push({ kind: 'shape', detail: `${status} with content-type "${type}"` });
      if (!body || typeof body !== 'object' || body.status !== status || typeof body.message !== 'string' || !('data' in body)) {
        problems.push({ kind: 'shape', detail: `success not in { status, message, data }: ${text.slice(0, 200)}` });
      }
    }
  } else if (status < 500) {
    problems.push({ kind: 'shape', detail: `unexpected status ${status}` });
  }

  if (body && typeof body === 'object' && sent.route !== 'GET /api/openapi.json') {
    const found: string[] = [];
    secretKeys(body, '', found);
    const leaked = found.filter((p) => !(issuesTokens && status < 300 && p === 'data.token'));
    if (leaked.length) problems.push({ kind: 'leak', detail: `secret fields in the answer: ${leaked.join(', ')}` });
  }
  return problems;
}

/** One line that says what was sent and what came back. */
export function report(sent: Sent, problems: Problem[]): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const auth = sent.headers.authorization ? ` auth=${cut(String(sent.headers.authorization), 40)}` : '';
  const other = Object.entries(sent.headers).filter(([k]) => k !== 'authorization').map(([k, v]) => `${k}=${cut(JSON.stringify(v), 60)}`).join(' ');
  const answer = sent.res ? `${sent.res.statusCode} ${cut(sent.res.body, 300)}` : 'no answer';
  return `${problems.map((p) => `[${p.kind}] ${p.detail}`).join('; ')}\n    ${sent.method} ${cut(sent.url, 200)}${auth} ${other}`
    + `${sent.payload !== undefined ? `\n    body: ${cut(sent.payload, 400)}` : ''}\n    → ${answer}`;
}

// ------------------------------------------------------------------ what must not change

/**
 * Everything the fuzz's requests must never change: the other shoppers' rows
 * (user, cart, lines, addresses, orders, favorites, reviews, points, tokens)
 * and the catalog's prices and coupons.
 */
async function guardedState(world: World): Promise<string> {
  const { db } = world.app;
  const others = [world.other.id];
  const orderIds = (await db.selectFrom('orders').select('id').where('user_id', 'in', others).execute()).map((r) => r.id);
  const cartIds = (await db.selectFrom('carts').select('id').where('user_id', 'in', others).execute()).map((r) => r.id);
  const rows = {
    users: await db.selectFrom('users').selectAll().where('id', 'in', others).execute(),
    carts: await db.selectFrom('carts').selectAll().where('user_id', 'in', others).execute(),
    cart_items: cartIds.length ? await db.selectFrom('cart_items').selectAll().where('cart_id', 'in', cartIds).orderBy('id').execute() : [],
    addresses: await db.selectFrom('addresses').selectAll().where('user_id', 'in', others).orderBy('id').execute(),
    orders: await db.selectFrom('orders').selectAll().where('user_id', 'in', others).orderBy('id').execute(),
    order_items: orderIds.length ? await db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute() : [],
    history: orderIds.length ? await db.selectFrom('order_status_history').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute() : [],
    favorites: await db.selectFrom('favorites').selectAll().where('user_id', 'in', others).orderBy('product_id').execute(),
    reviews: await db.selectFrom('reviews').selectAll().where('user_id', 'in', others).orderBy('id').execute(),
    ledger: await db.selectFrom('points_ledger').selectAll().where('user_id', 'in', others).orderBy('id').execute(),
    coupon_uses: await db.selectFrom('coupon_uses').selectAll().where('user_id', 'in', others).orderBy('id').execute(),
    tokens: await db.selectFrom('tokens').select(['id', 'revoked_at', 'expires_at']).where('user_id', 'in', others).orderBy('id').execute(),
    prices: await db.selectFrom('products').select(['id', 'price', 'sale_price', 'sale_type', 'category_id', 'name_en']).orderBy('id').execute(),
    coupons: await db.selectFrom('coupons').select(['id', 'code', 'kind', 'value', 'min_subtotal', 'expires_on', 'max_uses', 'per_user_limit']).orderBy('id').execute(),
  };
  return JSON.stringify(rows);
}

/** Takes what the guarded rows are now as the state to compare with (after reporting a change). */
export async function rebaseline(world: World) {
  world.before = await guardedState(world);
}

/** What the run broke that no single answer shows. */
export async function invariantProblems(world: World): Promise<string[]> {
  const { db } = world.app;
  const problems: string[] = [];
  const now = await guardedState(world);
  if (now !== world.before) {
    const before = JSON.parse(world.before) as Record<string, unknown[]>;
    const after = JSON.parse(now) as Record<string, unknown[]>;
    for (const table of Object.keys(after)) {
      const a = before[table].map((row) => JSON.stringify(row));
      const b = after[table].map((row) => JSON.stringify(row));
      const gone = a.filter((row) => !b.includes(row));
      const came = b.filter((row) => !a.includes(row));
      if (gone.length || came.length) problems.push(`${table} changed: ${gone.slice(0, 2).join(' ')} → ${came.slice(0, 2).join(' ')}`);
    }
  }
  // Only the shop moves an order (the back office, npm run shop); a shopper may only cancel their
  // own pending order. The fuzz's shoppers' orders stay pending, or the fuzz's own are cancelled.
  const shoppers = [world.me.id, world.other.id, world.session.id];
  const movedBy = (rows: { user_id: number; status: string }[]) => rows.filter((r) => !(r.status === 'cancelled' && r.user_id === world.me.id));
  const moved = movedBy(await db.selectFrom('order_status_history as h').innerJoin('orders as o', 'o.id', 'h.order_id')
    .select(['h.order_id', 'h.status', 'o.user_id']).where('o.user_id', 'in', shoppers).where('h.status', '!=', 'pending').execute());
  if (moved.length) problems.push(`orders moved without the shop: ${JSON.stringify(moved.slice(0, 5))}`);
  const states = movedBy(await db.selectFrom('orders').select(['id', 'status', 'user_id']).where('user_id', 'in', shoppers).where('status', '!=', 'pending').execute());
  if (states.length) problems.push(`orders not pending: ${JSON.stringify(states.slice(0, 5))}`);
  const balances = await db.selectFrom('users as u')
    .leftJoin(db.selectFrom('points_ledger').select(['user_id', (eb) => eb.fn.sum<number>('delta').as('sum')]).groupBy('user_id').as('l'), 'l.user_id', 'u.id')
    .select(['u.id', 'u.points', 'l.sum']).execute();
  for (const b of balances) {
    if (b.points < 0) problems.push(`user ${b.id} has ${b.points} points`);
    if (b.points !== Number(b.sum ?? 0)) problems.push(`user ${b.id}: ${b.points} points but a ledger of ${Number(b.sum ?? 0)}`);
  }
  const negative = await db.selectFrom('products').select(['id', 'stock']).where('stock', '<', 0).execute();
  if (negative.length) problems.push(`stock below zero: ${JSON.stringify(negative)}`);
  if (!(await world.app.tokens.find(world.me.token))) problems.push("the fuzz's own token was revoked: it signed itself out");
  return problems;
}

// ------------------------------------------------------------------ running

export interface RouteTally {
  route: string;
  tried: number;
  statuses: Record<number, number>;
  problems: Record<ProblemKind, number>;
  examples: string[];
  slowestMs: number;
}

export function newTally(route: string): RouteTally {
  return { route, tried: 0, statuses: {}, problems: { '5xx': 0, shape: 0, leak: 0, crash: 0, slow: 0 }, examples: [], slowestMs: 0 };
}

export interface RunOptions {
  runs: number;
  seed: number;
  /**
   * 'assert': the first failing request fails the run, shrunk by fast-check
   * to a smallest one (the test). 'tally': every request runs and is counted,
   * failures included (the full run's report).
   */
  mode: 'assert' | 'tally';
  /** how many requests between two refreshes of the world */
  refreshEvery?: number;
}

/** Sends `runs` generated requests to one route and judges each answer. */
export async function fuzzRoute(world: World, route: RouteSpec, options: RunOptions): Promise<RouteTally> {
  const tally = newTally(route.name);
  const refreshEvery = options.refreshEvery ?? 25;
  const property = fc.asyncProperty(planArbitrary(route), async (plan) => {
    if (world.sent % refreshEvery === 0) await refresh(world);
    const sent = await send(world, route, plan);
    const problems = judge(world, sent);
    learn(world, sent);
    tally.tried += 1;
    tally.slowestMs = Math.max(tally.slowestMs, sent.ms);
    if (sent.res) tally.statuses[sent.res.statusCode] = (tally.statuses[sent.res.statusCode] ?? 0) + 1;
    for (const p of problems) tally.problems[p.kind] += 1;
    if (problems.length) {
      const line = report(sent, problems);
      if (tally.examples.length < 5) tally.examples.push(line);
      if (options.mode === 'assert') throw new Error(`${route.name}: ${line}`);
    }
  });
  const params = { numRuns: options.runs, seed: options.seed };
  if (options.mode === 'assert') {
    // The message then says which request failed how, not only the plan fast-check shrank it to.
    await fc.assert(property, { ...params, includeErrorInReport: true });
  } else {
    // The property throws only when the harness itself breaks: count it, do not hide it.
    const details = await fc.check(property, params);
    if (details.failed) {
      tally.problems.crash += 1;
      tally.examples.push(`the fuzz itself failed: ${String((details.errorInstance as Error)?.stack ?? details.errorInstance)}`);
    }
  }
  return tally;
}

export function runsFor(route: RouteSpec, perRoute: number): number {
  return REDUCED_ROUTES.has(route.name) ? Math.max(10, Math.ceil(perRoute / 4)) : perRoute;
}
