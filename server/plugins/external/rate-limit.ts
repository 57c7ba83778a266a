import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { waitMinutes } from '../../i18n/messages.ts';

/** Off by default; routes that guard credentials turn it on with `config.rateLimit`. */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      // The header in seconds, for clients; the shopper reads whole minutes.
      return new AppError(429, 'rate_limited', { minutes: waitMinutes(seconds) }, undefined, { 'Retry-After': String(seconds) });
    },
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
