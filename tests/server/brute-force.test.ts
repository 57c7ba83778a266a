// Log-in brute force (OWASP ASVS 5.0 V6.3): with the shop's real limits
// (server/settings.ts; docs/rules.md, "Settings": 10 failed attempts in 15 minutes per account
// and address, 100 per address over all accounts), the attempt after 10 failures meets 429
// with Retry-After even with the right password; successes are not counted, and one clears
// the account's failures; another account and another
// address are not blocked; X-Forwarded-For counts only when TRUST_PROXY says
// so; the window opens again after 15 minutes. And a token past its 30 days
// gets 401 on every signed-in route.
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { DEFAULT_SETTINGS, loadConfig, type AppConfig } from '../../server/settings.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';
import { MEDIA_DIR, call, registerShopper, toAnswer } from './helpers.ts';
import { WindowLimit } from '../../server/plugins/app/auth/window-limit.ts';

const LIMIT = DEFAULT_SETTINGS.authRateLimitMax;
const PER_ADDRESS = DEFAULT_SETTINGS.authRateLimitPerAddressMax;
const WINDOW_MS = DEFAULT_SETTINGS.authRateLimitWindowMs;

/** A real app with the shop's real log-in limits (helpers.makeApp raises them for the other tests). */
async function realLimitsApp(config: Partial<AppConfig> = {}) {
  const app = await buildApp({
    config: {
      databaseUrl: ':memory:', logLevel: 'silent', mediaDir: MEDIA_DIR, distDir: path.join(os.tmpdir(), 'attar-no-dist'),
      ...config, settings: { ...DEFAULT_SETTINGS },
    },
    logger: false,
  });
  await app.ready();
  return app;
}

function login(app: FastifyInstance, loginName: string, password: string, from = '192.0.2.10', headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: from, headers, payload: { login: loginName, password } }).then(toAnswer);
}

/** The wait a shopper reads: Retry-After's seconds as whole minutes, rounded up. */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

function expect429(res: Awaited<ReturnType<typeof login>>, maxSeconds = WINDOW_MS / 1000) {
  expect(res.statusCode, res.raw).toBe(429);
  // Retry-After stays in seconds, for clients; the message says minutes.
  const retry = Number(res.headers['retry-after']);
  expect(Number.isInteger(retry), String(res.headers['retry-after'])).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
  const minutes = minutesOf(retry);
  expect(res.body).toEqual({ status: 429, message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
  expect(res.raw).not.toMatch(/token/i);
  return retry;
}

describe('the limits under test are the shop\'s', () => {
  it('10 attempts, 15 minutes, 100 per address', () => {
    expect([LIMIT, WINDOW_MS, PER_ADDRESS]).toEqual([10, 15 * 60 * 1000, 100]);
  });
});

describe('10 attempts in 15 minutes per account and address', () => {
  let app: FastifyInstance;
  let victim: { email: string; phone: string; password: string };
  beforeAll(async () => {
    app = await realLimitsApp();
    const shopper = await registerShopper(app);
    victim = { email: shopper.body.email, phone: shopper.body.phone, password: shopper.body.password };
  });
  afterAll(async () => {
    await app.close();
  });

  it('the 11th attempt is 429 with Retry-After even with the right password', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await login(app, victim.email, `wrong-${i}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(422);
    }
    expect429(await login(app, victim.email, victim.password));
    expect429(await login(app, victim.email.toUpperCase(), victim.password));
  });

  it('the same account named by its phone, in any writing, is the same account', async () => {
    for (const written of [victim.phone, `+20${victim.phone.slice(1)}`, victim.phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)])]) {
      expect429(await login(app, written, victim.password));
    }
  });

  it('another account from the same address is still allowed', async () => {
    const other = await login(app, DEMO_USER.email, DEMO_USER.password);
    expect(other.statusCode, other.raw).toBe(200);
    const unknown = await login(app, 'nobody@example.com', 'whatever1');
    expect(unknown.statusCode).toBe(422);
  });

  it('the same account from another address is allowed', async () => {
    const res = await login(app, victim.email, victim.password, '198.51.100.20');
    expect(res.statusCode, res.raw).toBe(200);
    expect(typeof res.body.data.token).toBe('string');
  });

  it('a client cannot pick its address with X-Forwarded-For when TRUST_PROXY is off (the default)', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const xff of ['198.51.100.21', '198.51.100.22, 198.51.100.23']) {
      expect429(await login(app, victim.email, victim.password, '192.0.2.10', { 'x-forwarded-for': xff }));
    }
  });

  it('a burst of parallel attempts gets no more than 10 answers past the limit', async () => {
    const fresh = await registerShopper(app);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) =>
      login(app, fresh.body.email, i === 24 ? fresh.body.password : `wrong-${i}`, '192.0.2.77')));
    expect(answers.filter((r) => r.statusCode !== 429)).toHaveLength(LIMIT);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25 - LIMIT);
  });
});

describe('only failures count', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await realLimitsApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('20 successful sign-ins in a row all succeed', async () => {
    const shopper = await registerShopper(app);
    for (let i = 0; i < 2 * LIMIT; i++) {
      const res = await login(app, shopper.body.email, shopper.body.password, '192.0.2.31');
      expect(res.statusCode, `sign-in ${i + 1}: ${res.raw}`).toBe(200);
    }
  });

  it('failures after a success start from zero: 9 wrong, a success, then 10 more wrong before 429', async () => {
    const shopper = await registerShopper(app);
    const from = '192.0.2.32';
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(app, shopper.body.email, `wrong-${i}`, from)).statusCode).toBe(422);
    const right = await login(app, shopper.body.email, shopper.body.password, from);
    expect(right.statusCode, right.raw).toBe(200);
    for (let i = 0; i < LIMIT; i++) {
      const res = await login(app, shopper.body.phone, `wrong-again-${i}`, from);
      expect(res.statusCode, `failure ${i + 1} after the success: ${res.raw}`).toBe(422);
    }
    expect429(await login(app, shopper.body.email, shopper.body.password, from));
  });

  it('an address\'s allowance over all accounts: a success gives its own attempt back', async () => {
    const perAddress = new WindowLimit(app.limits, 'test-per-address', 2, 1000);
    const start = Date.now();
    await perAddress.hit('192.0.2.33', start);
    await perAddress.release('192.0.2.33', start + 1);
    await perAddress.hit('192.0.2.33', start + 2);
    await perAddress.hit('192.0.2.33', start + 3);
    await expect(perAddress.hit('192.0.2.33', start + 4)).rejects.toThrow(/rate_limited|Too many/);
    // the window closes, and the next attempt opens a new one
    await perAddress.hit('192.0.2.33', start + 1000);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let app: FastifyInstance;
  const proxy = '10.0.0.5';
  beforeAll(async () => {
    // one proxy in front: its X-Forwarded-For's last entry is the client
    app = await realLimitsApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts each client the proxy names, not the proxy', async () => {
    const client = { 'x-forwarded-for': '203.0.113.40' };
    for (let i = 0; i < LIMIT; i++) expect((await login(app, DEMO_USER.email, `wrong-${i}`, proxy, client)).statusCode).toBe(422);
    expect429(await login(app, DEMO_USER.email, DEMO_USER.password, proxy, client));
    // another client through the same proxy: allowed
    const other = await login(app, DEMO_USER.email, DEMO_USER.password, proxy, { 'x-forwarded-for': '203.0.113.41' });
    expect(other.statusCode, other.raw).toBe(200);
  });

  it('a client cannot pick its address by sending its own X-Forwarded-For through the proxy', async () => {
    // the proxy appends the address it saw: the client's forged entry comes first and is not believed
    expect429(await login(app, DEMO_USER.email, DEMO_USER.password, proxy, { 'x-forwarded-for': '198.51.100.99, 203.0.113.40' }));
  });
});

describe('the window', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens again 15 minutes after the first attempt, and Retry-After says when', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await realLimitsApp();
    try {
      const start = Date.now();
      for (let i = 0; i < LIMIT; i++) expect((await login(app, DEMO_USER.email, `wrong-${i}`)).statusCode).toBe(422);
      expect(expect429(await login(app, DEMO_USER.email, DEMO_USER.password))).toBeGreaterThan(15 * 60 - 5);
      vi.setSystemTime(start + 10 * 60 * 1000);
      const retry = expect429(await login(app, DEMO_USER.email, DEMO_USER.password));
      expect(retry).toBeGreaterThan(4 * 60);
      expect(retry).toBeLessThanOrEqual(5 * 60);
      vi.setSystemTime(start + WINDOW_MS - 1000);
      expect429(await login(app, DEMO_USER.email, DEMO_USER.password), 1);
      vi.setSystemTime(start + WINDOW_MS + 1000);
      const again = await login(app, DEMO_USER.email, DEMO_USER.password);
      expect(again.statusCode, again.raw).toBe(200);
      // a new window: 10 more failures (the success above is not one)
      for (let i = 0; i < LIMIT; i++) expect((await login(app, DEMO_USER.email, `wrong-${i}`)).statusCode).toBe(422);
      expect429(await login(app, DEMO_USER.email, DEMO_USER.password));
    } finally {
      await app.close();
    }
  });

  it('says the wait in whole minutes, in the shopper\'s language and digits, with Arabic\'s plural forms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await realLimitsApp();
    try {
      const start = Date.now();
      for (let i = 0; i < LIMIT; i++) expect((await login(app, DEMO_USER.email, `wrong-${i}`)).statusCode).toBe(422);
      const locked = async (lang: 'en' | 'ar') => {
        const res = await login(app, DEMO_USER.email, DEMO_USER.password, '192.0.2.10', { lang });
        expect(res.statusCode, res.raw).toBe(429);
        return { retry: Number(res.headers['retry-after']), message: res.body.message as string };
      };
      // [time into the window, English, Arabic]: 15 minutes, 7 minutes (399 s, rounded up), 2 minutes, 1 minute.
      const cases: [number, string, string][] = [
        [0, '15 minutes', '١٥ دقيقة'],
        [WINDOW_MS - 399_000, '7 minutes', '٧ دقائق'],
        [WINDOW_MS - 100_000, '2 minutes', 'دقيقتين'],
        [WINDOW_MS - 30_000, '1 minute', 'دقيقة واحدة'],
      ];
      for (const [at, en, ar] of cases) {
        vi.setSystemTime(start + at);
        const english = await locked('en');
        expect(english.message).toBe(`Too many attempts. Please try again in ${en}.`);
        const arabic = await locked('ar');
        expect(arabic.message).toBe(`محاولات كثيرة جداً. يُرجى المحاولة مرة أخرى بعد ${ar}.`);
        expect(arabic.message).not.toMatch(/[0-9]/);
        // The header is the same wait in seconds, whatever the language.
        expect(arabic.retry).toBe(english.retry);
        expect(minutesOf(arabic.retry)).toBe(Number(en.split(' ')[0]));
      }
    } finally {
      await app.close();
    }
  });
});

describe('100 attempts per address over all accounts', () => {
  it('then 429 for any account from that address, even with the right password; other addresses unaffected', async () => {
    const app = await realLimitsApp();
    try {
      const from = '192.0.2.200';
      // real guesses at a few accounts...
      for (let i = 0; i < 5; i++) expect((await login(app, `victim${i}@example.com`, 'guess-123', from)).statusCode).toBe(422);
      // ...and the rest of the hundred as cheap malformed attempts (no password hashing): they count too
      for (let i = 5; i < PER_ADDRESS; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: from, payload: { login: `victim${i}@example.com` } });
        expect(res.statusCode).toBe(422);
      }
      expect429(await login(app, DEMO_USER.email, DEMO_USER.password, from));
      const elsewhere = await login(app, DEMO_USER.email, DEMO_USER.password, '192.0.2.201');
      expect(elsewhere.statusCode, elsewhere.raw).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('an expired token', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gets 401 on every signed-in route of openapi.json, even while its look-up is cached', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await realLimitsApp();
    try {
      const { token } = await registerShopper(app);
      const issued = Date.now();
      const spec = (await call(app, 'GET', '/openapi.json')).body;
      const routes = Object.entries<Record<string, { security?: Record<string, unknown>[] }>>(spec.paths)
        .flatMap(([p, ops]) => Object.entries(ops).filter(([, op]) => op.security?.some((s) => 'bearer' in s)).map(([m]) => [m.toUpperCase(), p.replace(/^\/api/, '').replace(/\{\w+\}/g, '1')] as const));
      expect(routes.length).toBeGreaterThanOrEqual(24);
      // alive a few seconds before the end of its 30 days; this look-up is cached (10 s)
      vi.setSystemTime(issued + DEFAULT_SETTINGS.tokenTtlDays * 86_400_000 - 3000);
      expect((await call(app, 'GET', '/user/profile', { token })).statusCode).toBe(200);
      vi.setSystemTime(issued + DEFAULT_SETTINGS.tokenTtlDays * 86_400_000 + 1000);
      for (const [method, url] of routes) {
        const res = await call(app, method as 'GET', url, { token, body: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}: ${res.raw}`).toBe(401);
        expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
      }
      // a fresh log-in works again
      const again = await login(app, DEMO_USER.email, DEMO_USER.password);
      expect((await call(app, 'GET', '/user/profile', { token: again.body.data.token })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
