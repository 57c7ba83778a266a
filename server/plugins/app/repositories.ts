import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CatalogRepository } from './catalog/catalog-repository.ts';
import { CartRepository } from './cart/cart-repository.ts';
import { OrdersRepository } from './orders/orders-repository.ts';
import { AccountRepository } from './account/account-repository.ts';
import { ContentRepository } from './content/content-repository.ts';
import { IdempotencyKeys } from './idempotency/idempotency-repository.ts';
import { StockRepository } from './stock/stock-repository.ts';
import { CouponsRepository } from './coupons/coupons-repository.ts';
import { PointsRepository } from './points/points-repository.ts';
import { AuditRepository } from './back-office/audit-repository.ts';
import { BackOfficeRepository } from './back-office/back-office-repository.ts';
import { ProductAdminRepository } from './catalog/product-admin-repository.ts';
import { ProductImagesRepository } from './catalog/product-images.ts';
import { CategoriesRepository } from './back-office/categories-repository.ts';
import { CouponsAdminRepository } from './back-office/coupons-admin-repository.ts';
import { SettingsRepository } from './settings/settings-repository.ts';
import { StaffRepository } from './back-office/staff-repository.ts';
import { LimitCounters } from './auth/window-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogRepository;
    carts: CartRepository;
    orders: OrdersRepository;
    accounts: AccountRepository;
    content: ContentRepository;
    idempotencyKeys: IdempotencyKeys;
    stock: StockRepository;
    coupons: CouponsRepository;
    points: PointsRepository;
    audit: AuditRepository;
    backOffice: BackOfficeRepository;
    productAdmin: ProductAdminRepository;
    productImages: ProductImagesRepository;
    categories: CategoriesRepository;
    couponsAdmin: CouponsAdminRepository;
    shopSettings: SettingsRepository;
    staff: StaffRepository;
    /** the request limits' counters, shared by every instance */
    limits: LimitCounters;
  }
}

/** One instance of each repository per app, over the app's database. */
async function repositories(app: FastifyInstance) {
  app.decorate('catalog', new CatalogRepository(app.db, app.settings, app.changes));
  app.changes.on('catalog', (product) => app.catalog.forgetCached(product ? Number(product) : undefined));
  app.decorate('carts', new CartRepository(app.db, app.settings));
  app.decorate('idempotencyKeys', new IdempotencyKeys(app.db, app.settings));
  app.addHook('onClose', async () => app.idempotencyKeys.close());
  app.decorate('limits', new LimitCounters(app.db));
  app.decorate('orders', new OrdersRepository(app.db));
  app.decorate('accounts', new AccountRepository(app.db));
  app.decorate('stock', new StockRepository(app.db));
  app.decorate('coupons', new CouponsRepository(app.db));
  app.decorate('points', new PointsRepository(app.db));
  app.decorate('audit', new AuditRepository(app.db));
  app.decorate('content', new ContentRepository(app.db, app.audit, app.changes));
  app.changes.on('content', () => app.content.forget());
  app.decorate('backOffice', new BackOfficeRepository(app.db, app.orders, app.audit, app.settings.timeZone));
  app.decorate('productAdmin', new ProductAdminRepository(app.db, app.audit, app.catalog));
  app.decorate('productImages', new ProductImagesRepository());
  app.decorate('categories', new CategoriesRepository(app.db, app.audit, app.config.mediaDir));
  app.decorate('couponsAdmin', new CouponsAdminRepository(app.db, app.audit, app.settings.timeZone));
  app.decorate('shopSettings', new SettingsRepository(app.db, app.config.settings, app.settings, app.audit, app.changes));
  app.changes.on('settings', () => app.shopSettings.reload());
  app.decorate('staff', new StaffRepository(app.db, app.audit, (userId) => app.tokens.forgetUser(userId)));
}

export default fp(repositories, { name: 'repositories', dependencies: ['db'] });
