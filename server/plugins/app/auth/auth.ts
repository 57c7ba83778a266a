import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../../errors.ts';
import type { AuthUser } from '../../../types.ts';
import { TokenStore } from './auth-repository.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header.trim());
  return m ? m[1] : null;
}

async function resolveUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  if (request.user) return request.user;
  const token = bearer(request);
  if (!token) return null;
  const row = await app.tokens.find(token);
  if (!row) return null;
  request.user = { id: row.user_id, tokenId: row.id };
  return request.user;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenStore;
  }
}

async function auth(app: FastifyInstance) {
  app.decorate('tokens', new TokenStore(app.db, app.settings.tokenTtlDays));
  app.decorateRequest('user', null);
  app.decorate('optionalUser', (request: FastifyRequest) => resolveUser(app, request));
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await resolveUser(app, request);
    if (!user) {
      // request.log carries the request id (reqId); never the header itself.
      request.log.info({
        event: 'auth_failed', reason: request.headers.authorization === undefined ? 'no token' : 'bad, expired or revoked token',
        method: request.method, route: request.routeOptions.url, ip: request.ip,
      }, 'authentication failed');
      throw unauthenticated();
    }
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
