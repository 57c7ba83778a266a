import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { waitMinutes } from '../../i18n/messages.ts';
import type { LimitCounters } from '../app/auth/window-limit.ts';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over the shop's shared counters (the
 * `rate_limits` table), so that a limit holds across every server instance.
 * Each limited route counts under its own name: method and path.
 */
function sharedStore(counters: LimitCounters) {
  return class SharedStore {
    constructor(_params: unknown, private readonly route = '') {}

    incr(key: string, done: Done, timeWindow: number) {
      const now = Date.now();
      counters.hit(`${this.route}|${key}`, timeWindow, { now })
        .then((count) => done(null, { current: count.hits, ttl: count.resetAt - now }), done);
    }

    read(key: string, done: Done) {
      const now = Date.now();
      counters.read(`${this.route}|${key}`, now)
        .then((count) => done(null, count ? { current: count.hits, ttl: count.resetAt - now } : { current: 0, ttl: 0 }), done);
    }

    // The library's types name route options; what it passes is its merged parameters, with the route as routeInfo.
    child(params: object) {
      const { method = '', url = '' } = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new SharedStore(params, `route|${[method].flat().join(',')} ${url}`);
    }
  };
}

/** Off by default; routes that guard credentials turn it on with `config.rateLimit`. */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: sharedStore(app.limits),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      // The header in seconds, for clients; the shopper reads whole minutes.
      return new AppError(429, 'rate_limited', { minutes: waitMinutes(seconds) }, undefined, { 'Retry-After': String(seconds) });
    },
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['repositories'] });
