import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../../../errors.ts';
import { hasRole } from '../../../domain/roles.ts';
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
    /**
     * onRequest hooks for the back office: 401 without a valid token, 403 for
     * an account without the role (a shopper; staff on the owner's routes),
     * 403 while the account's password is still a one-time password.
     */
    requireStaff(request: FastifyRequest): Promise<void>;
    requireOwner(request: FastifyRequest): Promise<void>;
  }
}

async function auth(app: FastifyInstance) {
  // Several instances share a PostgreSQL database: no instance may trust an old look-up (docs/architecture.md, "Two databases").
  app.decorate('tokens', new TokenStore(app.db, app.settings.tokenTtlDays, app.dbDialect === 'postgres' ? 0 : TokenStore.CACHE_MS));
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
  app.decorate('requireStaff', roleCheck(app, 'staff'));
  app.decorate('requireOwner', roleCheck(app, 'owner'));
}

/**
 * The account's role is read from the database on every back-office request,
 * never cached with the token: an owner who takes a role away takes it away
 * at once.
 */
function roleCheck(app: FastifyInstance, needed: 'staff' | 'owner') {
  return async (request: FastifyRequest) => {
    await app.authenticate(request);
    const account = await app.db.selectFrom('users').select(['role', 'must_change_password'])
      .where('id', '=', request.user!.id).executeTakeFirst();
    if (!account || !hasRole(account.role, needed)) {
      request.log.info({ event: 'forbidden', needed, userId: request.user!.id, route: request.routeOptions.url, ip: request.ip }, 'role refused');
      throw new AppError(403, 'forbidden');
    }
    if (account.must_change_password === 1) throw new AppError(403, 'password_change_required');
    request.user!.role = account.role;
  };
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
