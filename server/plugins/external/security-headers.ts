import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from '../../vary.ts';

export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The CSP hashes ('sha256-…') of the shell's inline scripts: index.html's
 * boot script (src/boot.ts, scripts/vite/inline-boot.ts) runs before the
 * first paint, so it is in the page rather than a file the paint would wait for,
 * and the policy allows exactly it, never inline script in general.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The security headers of every answer, API and storefront alike, computed
 * once at start. @fastify/helmet set the same headers but recomputed them through
 * Express-style middleware on every request, which cost more than half of a
 * small route's throughput (docs/decisions.md, "Hand-written security headers
 * instead of @fastify/helmet").
 */
export function securityHeaders(scriptHashes: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(scriptHashes),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** What a cross-origin caller may send: the API's own headers, and its methods. */
const CORS_PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE',
  'access-control-allow-headers': 'authorization, content-type, lang, idempotency-key',
  'access-control-max-age': '600',
};

/**
 * CORS from a fixed allow-list (config.corsOrigins, CORS_ORIGINS): a listed
 * origin gets itself back, exactly, and Vary: Origin; any other gets no CORS
 * header, so the browser keeps the answer from it. Bearer tokens, not
 * cookies: no credentials are allowed. A listed origin's preflight (OPTIONS
 * with Access-Control-Request-Method) is answered here with 204.
 */
function corsFor(origins: readonly string[]) {
  const allowed = new Set(origins);
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const origin = request.headers.origin;
    addVary(reply, 'Origin');
    if (typeof origin !== 'string' || !allowed.has(origin)) return false;
    reply.header('access-control-allow-origin', origin);
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return false;
    reply.headers(CORS_PREFLIGHT).code(204).send();
    return true;
  };
}

/** The security headers for the storefront built into `distDir` (its shell's inline script allowed by hash). */
export function securityHeadersFor(distDir: string): Record<string, string> {
  const shell = path.join(distDir, 'index.html');
  return securityHeaders(fs.existsSync(shell) ? inlineScriptHashes(fs.readFileSync(shell, 'utf8')) : []);
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = securityHeadersFor(app.config.distDir);
  const cors = app.config.corsOrigins?.length ? corsFor(app.config.corsOrigins) : null;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (cors?.(request, reply)) return;
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
