// Security logging (OWASP ASVS 5.0 V16): a real app's log, captured as
// the shop writes it (its own logger configuration, the default LOG_LEVEL),
// while shoppers and an attacker fail to sign in, use dead tokens, ask for
// another shopper's things and hit the log-in limit. Each such event is in the
// log, with the request id of the request that caused it, at a level the
// default LOG_LEVEL shows; and no token and no password appears anywhere in
// it, as typed, URL-encoded, JSON-escaped or base64-encoded. The most verbose
// level (trace, every request logged) is grepped for secrets too.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { DEFAULT_SETTINGS, loadConfig } from '../../server/settings.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';
import { MEDIA_DIR, completeCart, seededProduct, toAnswer } from './helpers.ts';

interface LogLine {
  level: number;
  reqId?: string;
  msg: string;
  [key: string]: unknown;
}

const INFO = 30;
const WARN = 40;

/** Passwords with characters that URL-encoding and JSON escaping change. */
const PASSWORDS = {
  owner: 'Ow"ner/pässwörd 1',
  ownerNew: 'N3w\\owner+pass&=',
  wrongGuess: 'gu€ss "wrong" 42',
  intruder: 'intruder-s3cret%',
};

/** The ways a secret could be written into a line. */
function writings(secret: string): string[] {
  return [...new Set([
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(JSON.stringify(secret)).slice(1, -1),
    Buffer.from(secret).toString('base64'),
  ])];
}

/** One scenario against a real app writing to `lines`; answers each event's request id and every secret used. */
async function runScenario(level: string) {
  const lines: string[] = [];
  const app = await buildApp({
    config: {
      databaseUrl: ':memory:', logLevel: level, mediaDir: MEDIA_DIR, distDir: path.join(os.tmpdir(), 'attar-no-dist'),
      settings: { ...DEFAULT_SETTINGS },
    },
    logStream: { write: (line) => void lines.push(line) },
  });
  // The test learns each request's id from its answer (the server does not send it).
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-test-request-id', request.id);
  });
  await app.ready();

  const tokens: string[] = [];
  const passwords: string[] = Object.values(PASSWORDS);
  const events: { name: string; reqId: string; msg: string; level: number; fields?: Record<string, unknown> }[] = [];

  async function send(method: 'GET' | 'POST' | 'DELETE', url: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = toAnswer(await app.inject({ method, url: `/api${url}`, headers, remoteAddress: options.from, ...(options.body !== undefined ? { payload: options.body as object } : {}) }));
    const token = res.body?.data?.token;
    if (typeof token === 'string') tokens.push(token);
    return { ...res, reqId: String(res.headers['x-test-request-id']) };
  }
  const expectEvent = (name: string, res: { statusCode: number; reqId: string; raw: string }, status: number, msg: string, lvl: number, fields?: Record<string, unknown>) => {
    expect(res.statusCode, `${name}: ${res.raw}`).toBe(status);
    events.push({ name, reqId: res.reqId, msg, level: lvl, fields });
  };

  const signUp = (n: string, password: string) => ({
    first_name: 'Laila', last_name: 'Haddad', email: `log.${n}.${process.pid}@example.com`, phone: `0100${String(process.pid % 1000).padStart(3, '0')}${n.padStart(4, '0').slice(-4)}`,
    password, password_confirmation: password, birth_date: '1990-01-01',
  });

  // An owner with an order and an address; an intruder.
  const ownerBody = signUp('1', PASSWORDS.owner);
  const owner = await send('POST', '/user/register', { body: ownerBody });
  expect(owner.statusCode, owner.raw).toBe(201);
  const ownerToken = owner.body.data.token as string;
  const intruder = await send('POST', '/user/register', { body: signUp('2', PASSWORDS.intruder) });
  const intruderToken = intruder.body.data.token as string;
  const address = await send('POST', '/user/add/address', { token: ownerToken, body: { title: 'Home', address: '9 Log St', phone: '01098765432', city: 'Giza', government: 'giza' } });
  await send('POST', '/addToCard', { token: ownerToken, body: { product_id: (await seededProduct(app, 0)).id } });
  const cart = await completeCart(app, ownerToken);
  const order = await send('POST', '/checkout', {
    token: ownerToken,
    body: { card_id: cart.card_id, username: 'Laila Haddad', phone: '01098765432', address_id: address.body.data.id, shiping: 'free', date: null, payment: 'delivery', point: 0 },
  });
  expect(order.statusCode, order.raw).toBe(200);

  // Log-in failures: a wrong password, an unknown account, a password typed into the login field.
  expectEvent('bad password', await send('POST', '/user/login', { body: { login: ownerBody.email, password: PASSWORDS.wrongGuess } }), 422, 'login failed', INFO, { reason: 'bad password' });
  expectEvent('unknown account', await send('POST', '/user/login', { body: { login: 'nobody@example.com', password: PASSWORDS.wrongGuess } }), 422, 'login failed', INFO, { reason: 'unknown account' });
  expectEvent('password in the login field', await send('POST', '/user/login', { body: { login: PASSWORDS.owner, password: PASSWORDS.owner } }), 422, 'login failed', INFO);
  const good = await send('POST', '/user/login', { body: { login: ownerBody.email, password: PASSWORDS.owner } });
  expect(good.statusCode).toBe(200);

  // Bad, expired and revoked tokens; none; a Basic header carrying a password.
  const forged = crypto.randomBytes(32).toString('base64url');
  tokens.push(forged);
  expectEvent('no token', await send('GET', '/user/profile'), 401, 'authentication failed', INFO, { reason: 'no token' });
  expectEvent('forged token', await send('GET', '/showCard', { token: forged }), 401, 'authentication failed', INFO);
  const basic = `${ownerBody.email}:${PASSWORDS.owner}`;
  passwords.push(basic);
  expectEvent('basic credentials', await send('GET', '/orders', { headers: { authorization: `Basic ${Buffer.from(basic).toString('base64')}` } }), 401, 'authentication failed', INFO);
  const toExpire = await send('POST', '/user/login', { body: { login: ownerBody.email, password: PASSWORDS.owner } });
  const expiring = toExpire.body.data.token as string;
  await app.db.updateTable('tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', crypto.createHash('sha256').update(expiring).digest('hex')).execute();
  app.tokens.clearCache();
  expectEvent('expired token', await send('GET', '/user/profile', { token: expiring }), 401, 'authentication failed', INFO);
  const leaving = (await send('POST', '/user/login', { body: { login: ownerBody.email, password: PASSWORDS.owner } })).body.data.token as string;
  expect((await send('GET', '/user/logout', { token: leaving })).statusCode).toBe(200);
  expectEvent('logged-out token', await send('GET', '/fav/show', { token: leaving }), 401, 'authentication failed', INFO);
  expectEvent('wrong current password', await send('POST', '/user/change-password', {
    token: ownerToken, body: { current_password: PASSWORDS.wrongGuess, password: PASSWORDS.ownerNew, password_confirmation: PASSWORDS.ownerNew },
  }), 422, 'password change refused', INFO);
  const changed = await send('POST', '/user/change-password', {
    token: ownerToken, body: { current_password: PASSWORDS.owner, password: PASSWORDS.ownerNew, password_confirmation: PASSWORDS.ownerNew },
  });
  expect(changed.statusCode, changed.raw).toBe(200);
  expectEvent('token revoked by a password change', await send('GET', `/orders/${order.body.data.order.id}`, { token: good.body.data.token }), 401, 'authentication failed', INFO);

  // Another shopper's ids.
  expectEvent('another\'s order', await send('GET', `/orders/${order.body.data.order.id}`, { token: intruderToken }), 404, 'access refused', INFO, { status: 404, route: '/api/orders/:id' });
  expectEvent('another\'s address', await send('DELETE', `/user/address/${address.body.data.id}`, { token: intruderToken }), 404, 'access refused', INFO, { status: 404 });
  expectEvent('another\'s cart', await send('POST', `/add/coupons/${cart.card_id}`, { token: intruderToken, body: { name: 'EID100', totalprice: 0 } }), 404, 'access refused', INFO, { status: 404 });

  // The log-in limit: 10 guesses, then 429 even with the right password.
  for (let i = 0; i < DEFAULT_SETTINGS.authRateLimitMax; i++) {
    await send('POST', '/user/login', { body: { login: ownerBody.email, password: `${PASSWORDS.wrongGuess}${i}` }, from: '192.0.2.50' });
    passwords.push(`${PASSWORDS.wrongGuess}${i}`);
  }
  expectEvent('log-in limit', await send('POST', '/user/login', { body: { login: ownerBody.email, password: PASSWORDS.ownerNew }, from: '192.0.2.50' }), 429, 'rate limited', WARN, { status: 429 });

  // The owner's new token, issued and used normally.
  const fresh = await send('POST', '/user/login', { body: { login: ownerBody.email, password: PASSWORDS.ownerNew } });
  expect(fresh.statusCode).toBe(200);
  expect((await send('GET', '/user/profile', { token: fresh.body.data.token })).statusCode).toBe(200);
  // The demo shopper too, with the seed's password.
  passwords.push(DEMO_USER.password);
  expect((await send('POST', '/user/login', { body: { login: DEMO_USER.email, password: DEMO_USER.password } })).statusCode).toBe(200);

  await app.close();
  return { app, lines, tokens, passwords, events };
}

function parse(lines: string[]): LogLine[] {
  return lines.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogLine);
}

describe('with the default LOG_LEVEL', () => {
  let run: Awaited<ReturnType<typeof runScenario>>;
  beforeAll(async () => {
    expect(loadConfig({}).logLevel).toBe('info');
    run = await runScenario(loadConfig({}).logLevel);
  });

  it('logs every authentication failure and refused access, with the request id of its request', () => {
    const log = parse(run.lines);
    expect(run.events.length).toBe(14);
    for (const event of run.events) {
      const found = log.filter((l) => l.reqId === event.reqId && l.msg === event.msg);
      expect(found, `${event.name}: no "${event.msg}" line with reqId ${event.reqId}`).toHaveLength(1);
      expect(found[0].level, event.name).toBe(event.level);
      expect(found[0].level, event.name).toBeGreaterThanOrEqual(INFO);
      if (event.fields) expect(found[0], event.name).toMatchObject(event.fields);
    }
    // each request id is one request's
    expect(new Set(run.events.map((e) => e.reqId)).size).toBe(run.events.length);
  });

  it('writes no token and no password into any line', () => {
    expect(run.tokens.length).toBeGreaterThanOrEqual(8);
    expect(run.lines.length).toBeGreaterThanOrEqual(run.events.length);
    const all = run.lines.join('');
    for (const secret of [...run.tokens, ...run.passwords]) {
      for (const written of writings(secret)) expect(all.includes(written), `"${written}" (from "${secret}") is in the log`).toBe(false);
    }
  });
});

describe('with every request logged (trace)', () => {
  let run: Awaited<ReturnType<typeof runScenario>>;
  beforeAll(async () => {
    run = await runScenario('trace');
  });

  it('logs each request, and still no token and no password', () => {
    const log = parse(run.lines);
    expect(log.filter((l) => l.msg === 'incoming request').length).toBeGreaterThan(30);
    const all = run.lines.join('');
    for (const secret of [...run.tokens, ...run.passwords]) {
      for (const written of writings(secret)) expect(all.includes(written), `"${written}" (from "${secret}") is in the log`).toBe(false);
    }
  });
});

describe('the redaction net', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildApp({
      config: { databaseUrl: ':memory:', logLevel: 'info', mediaDir: MEDIA_DIR, distDir: path.join(os.tmpdir(), 'attar-no-dist'), seed: false },
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a line that did carry a request\'s headers or a body would show its secrets redacted', () => {
    const token = crypto.randomBytes(32).toString('base64url');
    const secret = 'redact-me-123';
    lines.length = 0;
    app.log.info({ req: { headers: { authorization: `Bearer ${token}`, cookie: `sid=${token}` } } }, 'request');
    app.log.info({ headers: { authorization: `Bearer ${token}` } }, 'headers');
    app.log.info({ body: { login: 'x@example.com', password: secret, current_password: secret, password_confirmation: secret } }, 'body');
    app.log.info({ data: { token, user: { id: 1 } } }, 'answer');
    app.log.info({ password: secret, token }, 'flat');
    app.log.info({ a: { b: { c: [{ Authorization: `Bearer ${token}`, password: secret }] } } }, 'deep');
    app.log.child({ token }).info('child');
    app.log.child({ body: { password: secret } }).info('child with a body');
    const all = lines.join('');
    expect(lines).toHaveLength(8);
    expect(all).not.toContain(token);
    expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });
});
