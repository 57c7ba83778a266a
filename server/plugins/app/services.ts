import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CheckoutService } from '../../services/checkout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

/** One instance of each service per app, over the app's repositories. */
async function services(app: FastifyInstance) {
  app.decorate('checkout', new CheckoutService(app.db, app.settings, {
    carts: app.carts,
    accounts: app.accounts,
    orders: app.orders,
    stock: app.stock,
    coupons: app.coupons,
    points: app.points,
    keys: app.idempotencyKeys,
    catalog: app.catalog,
  }));
}

export default fp(services, { name: 'services', dependencies: ['repositories'] });
