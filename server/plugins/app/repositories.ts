import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CatalogRepository } from './catalog/catalog-repository.ts';
import { CartRepository } from './cart/cart-repository.ts';
import { CheckoutRepository } from './checkout/checkout-repository.ts';
import { OrdersRepository } from './orders/orders-repository.ts';
import { AccountRepository } from './account/account-repository.ts';
import { ContentRepository } from './content/content-repository.ts';
import { IdempotencyKeys } from './idempotency/idempotency-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogRepository;
    carts: CartRepository;
    checkout: CheckoutRepository;
    orders: OrdersRepository;
    accounts: AccountRepository;
    content: ContentRepository;
    idempotencyKeys: IdempotencyKeys;
  }
}

/** One instance of each repository per app, over the app's database. */
async function repositories(app: FastifyInstance) {
  const carts = new CartRepository(app.db, app.settings);
  const catalog = new CatalogRepository(app.db, app.settings);
  app.decorate('catalog', catalog);
  app.decorate('carts', carts);
  const idempotencyKeys = new IdempotencyKeys(app.db, app.settings);
  app.decorate('idempotencyKeys', idempotencyKeys);
  app.decorate('checkout', new CheckoutRepository(app.db, app.settings, carts, idempotencyKeys, () => catalog.invalidateDetails()));
  app.decorate('orders', new OrdersRepository(app.db));
  app.decorate('accounts', new AccountRepository(app.db));
  app.decorate('content', new ContentRepository(app.db));
}

export default fp(repositories, { name: 'repositories', dependencies: ['db'] });
