import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CheckoutService } from '../../services/checkout.ts';
import { OrderStatusService } from '../../services/order-status.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
    orderStatus: OrderStatusService;
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
  app.decorate('orderStatus', new OrderStatusService(app.db, { orders: app.orders, stock: app.stock, coupons: app.coupons, points: app.points, audit: app.audit }));
}

export default fp(services, { name: 'services', dependencies: ['repositories'] });
