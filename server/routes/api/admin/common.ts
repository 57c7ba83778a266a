// What every back-office route file shares: the refusals every route can answer, the role guards
// and the schema's common parts. Each area of the back office (orders, the catalog, the shop's
// settings…) is a file of its own, registered by ./index.ts inside its no-store scope.
import type { FastifyInstance } from 'fastify';
import { bearer, describe, type Refusal } from '../helpers.ts';

/** Refused on every back-office route: no token, not the role, a one-time password still in use. */
export const GUARD: Refusal[] = [[401, 'unauthenticated'], [403, 'forbidden'], [403, 'password_change_required']];

/** The role guards (plugins/app/auth/auth.ts) and the OpenAPI parts every back-office route repeats. */
export function adminRoute(app: FastifyInstance) {
  return {
    staff: { onRequest: app.requireStaff },
    owner: { onRequest: app.requireOwner },
    schema: (summary: string, refusals: Refusal[] = []) => ({ tags: ['admin'], security: bearer, description: describe(summary, [...GUARD, ...refusals]) }),
  };
}
