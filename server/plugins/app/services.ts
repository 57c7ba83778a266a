import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BuyAgainService } from '../../services/buy-again.ts';
import { CheckoutService } from '../../services/checkout.ts';
import { OrderStatusService } from '../../services/order-status.ts';
import { ProductPhotosService } from '../../services/product-photos.ts';
import { ensurePhotosFolder } from '../../services/image-variants.ts';
import { OrderMails } from '../../mail/order-mails.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
    buyAgain: BuyAgainService;
    orderStatus: OrderStatusService;
    productPhotos: ProductPhotosService;
  }
}

/** One instance of each service per app, over the app's repositories. */
async function services(app: FastifyInstance) {
  const mails = new OrderMails(app.mail, app.config.publicUrl);
  app.decorate('checkout', new CheckoutService(app.db, app.settings, {
    carts: app.carts,
    accounts: app.accounts,
    orders: app.orders,
    stock: app.stock,
    coupons: app.coupons,
    points: app.points,
    keys: app.idempotencyKeys,
    catalog: app.catalog,
    mails,
  }));
  app.decorate('buyAgain', new BuyAgainService(app.db, { carts: app.carts, orders: app.orders, keys: app.idempotencyKeys }));
  app.decorate('orderStatus', new OrderStatusService(app.db, { orders: app.orders, stock: app.stock, coupons: app.coupons, points: app.points, audit: app.audit, mails }));
  // The photos' folder and the placeholder a product without photos shows, made at start.
  ensurePhotosFolder(app.config.mediaDir);
  app.decorate('productPhotos', new ProductPhotosService(app.db, app.config.mediaDir, {
    images: app.productImages, audit: app.audit, forgetCachedPages: () => app.catalog.invalidateDetails(),
  }));
}

export default fp(services, { name: 'services', dependencies: ['repositories', 'mail'] });
