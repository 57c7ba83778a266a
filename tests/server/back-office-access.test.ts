// Who may call each back-office route: learned from the API's own description
// (GET /api/openapi.json), so a /admin route added later fails here until it
// has a row. Every route: 401 without a token, 403 for a shopper (with the
// envelope, in the caller's language), 403 for staff on the owner's routes,
// and let through for the roles that may (whatever the answer is then:
// 200, 404 for an unknown id, 422 for a bad body, never 401 or 403).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, loginOwner, makeApp, makeStaff, registerShopper } from './helpers.ts';

/** The least role each back-office route needs. */
const ROLES: Record<string, 'staff' | 'owner'> = {
  'GET /admin/dashboard': 'staff',
  'GET /admin/orders': 'staff',
  'GET /admin/orders/{number}': 'staff',
  'POST /admin/orders/{number}/status': 'staff',
  'POST /admin/orders/{number}/payment': 'staff',
  'POST /admin/orders/{number}/notes': 'staff',
  'GET /admin/messages': 'staff',
  'POST /admin/messages/{id}/handled': 'staff',
  'GET /admin/customers': 'staff',
  'GET /admin/customers/{id}': 'staff',
  'POST /admin/customers/{id}/points': 'owner',
  'GET /admin/audit': 'owner',
  'GET /admin/products': 'owner',
  'POST /admin/products': 'owner',
  'GET /admin/products/{id}': 'owner',
  'PUT /admin/products/{id}': 'owner',
  'POST /admin/products/{id}/archive': 'owner',
  'GET /admin/products/export': 'owner',
  'POST /admin/products/import': 'owner',
  'GET /admin/gifts': 'owner',
  'GET /admin/products/{id}/images': 'owner',
  'POST /admin/products/{id}/images': 'owner',
  'DELETE /admin/products/{id}/images/{imageId}': 'owner',
  'PUT /admin/products/{id}/images/order': 'owner',
  'POST /admin/products/{id}/images/{imageId}/main': 'owner',
  'GET /admin/categories': 'owner',
  'POST /admin/categories': 'owner',
  'PUT /admin/categories/{id}': 'owner',
  'GET /admin/coupons': 'owner',
  'POST /admin/coupons': 'owner',
  'PUT /admin/coupons/{id}': 'owner',
  'GET /admin/content': 'owner',
  'PUT /admin/content': 'owner',
  'GET /admin/settings': 'owner',
  'PUT /admin/settings': 'owner',
  'GET /admin/staff': 'owner',
  'POST /admin/staff': 'owner',
  'PUT /admin/staff/{id}': 'owner',
  'POST /admin/staff/{id}/remove': 'owner',
  'GET /admin/mails': 'owner',
  'GET /admin/mails/{id}': 'owner',
  'POST /admin/mails/{id}/retry': 'owner',
};

let app: FastifyInstance;
let tokens: { shopper: string; staff: string; owner: string };
let routes: string[];

beforeAll(async () => {
  app = await makeApp();
  tokens = { shopper: (await registerShopper(app)).token, staff: (await makeStaff(app)).token, owner: await loginOwner(app) };
  const spec = (await call(app, 'GET', '/openapi.json')).body;
  routes = Object.entries<Record<string, unknown>>(spec.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/^\/api/, '')}`))
    .sort();
});
afterAll(() => app?.close());

const url = (route: string) => route.split(' ')[1].replace('{number}', 'ATR-99999999').replace('{id}', '999999').replace('{imageId}', '999999');

describe('the back office by role', () => {
  it('every /admin route openapi.json lists has a row, and no row is stale', () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(routes.filter((r) => !(r in ROLES)), 'admin routes without a role row').toEqual([]);
    expect(Object.keys(ROLES).filter((r) => !routes.includes(r)), 'rows for routes that are gone').toEqual([]);
  });

  it('every admin route says it needs a sign-in', async () => {
    const spec = (await call(app, 'GET', '/openapi.json')).body;
    for (const route of routes) {
      const [method, path] = route.split(' ');
      expect(spec.paths[`/api${path}`][method.toLowerCase()].security, route).toEqual([{ bearer: [] }]);
    }
  });

  it.each(Object.entries(ROLES))('%s: 401 without a token, 403 below %s, through for the roles that may', async (route, needed) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const none = await call(app, method, url(route), { body });
    expect(none.statusCode, route).toBe(401);
    for (const lang of ['en', 'ar'] as const) {
      const shopper = await call(app, method, url(route), { token: tokens.shopper, body, lang });
      expect(shopper.statusCode, `${route} by a shopper`).toBe(403);
      expect(shopper.body, route).toEqual({ status: 403, message: lang === 'en' ? 'You do not have access to this.' : 'ليست لديك صلاحية الوصول إلى هذا.' });
    }
    const byStaff = await call(app, method, url(route), { token: tokens.staff, body });
    if (needed === 'owner') expect(byStaff.statusCode, `${route} by staff`).toBe(403);
    else expect([401, 403], `${route} by staff: ${byStaff.raw}`).not.toContain(byStaff.statusCode);
    const byOwner = await call(app, method, url(route), { token: tokens.owner, body });
    // No cache keeps an answer, a refusal or a success.
    expect(none.headers['cache-control'], route).toBe('no-store');
    expect(byOwner.headers['cache-control'], route).toBe('no-store');
    expect([401, 403], `${route} by the owner: ${byOwner.raw}`).not.toContain(byOwner.statusCode);
    expect(byOwner.statusCode, route).toBeLessThan(500);
  });
});
