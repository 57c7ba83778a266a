// The security headers on every answer, storefront and API, successes and failures alike,
// and CORS from a fixed allow-list that never echoes an origin it was not given.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { parseOrigins } from '../../server/settings.ts';
import { MEDIA_DIR } from './helpers.ts';

const BOOT = "document.documentElement.lang = localStorage.getItem('lang') || 'en';\n";
const ALLOWED = 'https://partner.attar.eg';

/**
 * Every security header the shop sends (docs/decisions.md, "Hand-written security headers
 * instead of @fastify/helmet"), checked on one answer; `what` says which answer failed.
 */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '').split(/;\s*/);
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp, `${what}: ${directive}`).toContain(directive);
  }
  const script = csp.find((d) => d.startsWith('script-src'));
  expect(script, `${what}: script-src`).toBeDefined();
  expect(script, what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  // The shell's inline boot script, and only it, by its hash.
  expect(script, what).toBe(`script-src 'self' 'sha256-${crypto.createHash('sha256').update(BOOT).digest('base64')}'`);
  const hsts = /max-age=(\d+)/.exec(String(res.headers['strict-transport-security'] ?? ''));
  expect(hsts, `${what}: HSTS`).not.toBeNull();
  expect(Number(hsts![1]), `${what}: HSTS max-age`).toBeGreaterThanOrEqual(365 * 24 * 3600);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(String(res.headers['permissions-policy'] ?? ''), what).toMatch(/camera=\(\)/);
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers and CORS', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-headers-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script data-boot>${BOOT}</script><script type="module" src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>`);
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-x.js'), 'console.log(1)');
    app = await buildApp({
      config: {
        databaseUrl: ':memory:', logLevel: 'silent', mediaDir: MEDIA_DIR, distDir: dist, bodyLimit: 1024, corsOrigins: [ALLOWED],
        settings: { authRateLimitMax: 2 } as never,
      },
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('come with every kind of answer: pages, files, the API\'s successes and each of its failures', async () => {
    const login = { method: 'POST' as const, url: '/api/user/login', headers: { 'content-type': 'application/json' } };
    const answers: [string, LightMyRequestResponse, number][] = [
      ['the shell', await app.inject({ url: '/' }), 200],
      ['a deep link', await app.inject({ url: '/products/product-details/1' }), 200],
      ['a built file', await app.inject({ url: '/assets/index-x.js' }), 200],
      ['a missing built file', await app.inject({ url: '/assets/gone-y.js' }), 404],
      ['the service worker', await app.inject({ url: '/sw.js' }), 200],
      ['a picture', await app.inject({ url: '/media/products/royal-oud-intense.svg' }), 200],
      ['an API answer', await app.inject({ url: '/api/home' }), 200],
      ['the contract', await app.inject({ url: '/api/openapi.json' }), 200],
      ['an unknown API path', await app.inject({ url: '/api/nothing-here' }), 404],
      ['an unknown id', await app.inject({ url: '/api/products/details/999999' }), 404],
      ['a signed-in route without a token', await app.inject({ url: '/api/showCard' }), 401],
      ['a bad token', await app.inject({ url: '/api/showCard', headers: { authorization: 'Bearer nope' } }), 401],
      ['malformed JSON', await app.inject({ ...login, payload: '{"login":' }), 400],
      ['a validation failure', await app.inject({ ...login, payload: JSON.stringify({ login: '' }) }), 422],
      ['a body too large', await app.inject({ ...login, payload: JSON.stringify({ login: 'x'.repeat(5000), password: 'y' }) }), 413],
      ['a bad percent-encoding', await app.inject({ url: '/api/products/details/%E0%A4%A' }), 400],
      ['a method not allowed', await app.inject({ method: 'DELETE', url: '/api/home' }), 404],
    ];
    for (let i = 0; i < 3; i += 1) answers.push(['a refused log-in', await app.inject({ ...login, payload: JSON.stringify({ login: 'demo@attar.eg', password: 'wrong-password' }) }), i < 2 ? 422 : 429]);
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
      // The API's failures, however early they happen, in its one envelope.
      if (status >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
        expect(Object.keys(res.json()).sort(), what).toEqual(expect.arrayContaining(['message', 'status']));
        expect(res.json().status, what).toBe(status);
      }
    }
    const arabic = await app.inject({ url: '/api/products/details/%E0%A4%A', headers: { lang: 'ar' } });
    expect(arabic.json().message).toMatch(/[\u0600-\u06ff]/);
  });

  it('answers a listed origin with itself and Vary: Origin, and its preflight with the API\'s methods and headers', async () => {
    const res = await app.inject({ url: '/api/home', headers: { origin: ALLOWED } });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await app.inject({
      method: 'OPTIONS', url: '/api/addToCard',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/);
    expectSecurityHeaders(preflight, 'a preflight');
  });

  it('keeps Vary: Origin beside a route\'s own Vary (product details, pages, compressed answers)', async () => {
    const product = (await app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const answers = {
      'product details': await app.inject({ url: `/api/products/details/${product}`, headers: { origin: ALLOWED, 'accept-encoding': 'br' } }),
      'a page': await app.inject({ url: '/', headers: { origin: ALLOWED } }),
      'a compressed list': await app.inject({ url: '/api/products', headers: { origin: ALLOWED, 'accept-encoding': 'gzip' } }),
    };
    const own = { 'product details': /accept-encoding/i, 'a page': /cookie/i, 'a compressed list': /accept-encoding/i };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBe(200);
      expect(res.headers['access-control-allow-origin'], what).toBe(ALLOWED);
      const vary = String(res.headers.vary);
      expect(vary, what).toMatch(/\bOrigin\b/);
      expect(vary, what).toMatch(own[what as keyof typeof own]);
    }
  });

  it('never echoes an origin it was not given: no CORS header for others, lookalikes and null', async () => {
    for (const origin of ['https://evil.example', 'https://partner.attar.eg.evil.example', 'http://partner.attar.eg', 'https://partner.attar.eg:8443', 'null', `${ALLOWED}/`]) {
      const res = await app.inject({ url: '/api/home', headers: { origin } });
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await app.inject({ method: 'OPTIONS', url: '/api/addToCard', headers: { origin, 'access-control-request-method': 'POST' } });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.statusCode, origin).not.toBe(204);
    }
  });

  it('takes the allow-list from CORS_ORIGINS, and refuses anything that is not a bare origin', () => {
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins('https://attar.eg, https://www.attar.eg')).toEqual(['https://attar.eg', 'https://www.attar.eg']);
    for (const wrong of ['*', 'attar.eg', 'https://attar.eg/', 'https://attar.eg/shop', 'ftp://attar.eg', 'https://*.attar.eg']) {
      expect(() => parseOrigins(wrong), wrong).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('CORS with no allow-list (the default)', () => {
  it('gives no CORS header to any origin', async () => {
    const app = await buildApp({ config: { databaseUrl: ':memory:', logLevel: 'silent', mediaDir: MEDIA_DIR, distDir: path.join(os.tmpdir(), 'attar-no-dist'), corsOrigins: [] }, logger: false });
    try {
      const res = await app.inject({ url: '/api/home', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
