import type { FastifyInstance } from 'fastify';
import catalogRoutes from './catalog/index.ts';
import accountRoutes from './account/index.ts';
import cartRoutes from './cart/index.ts';
import checkoutRoutes from './checkout/index.ts';
import orderRoutes from './orders/index.ts';
import contentRoutes from './content/index.ts';
import adminRoutes from './admin/index.ts';
import { sendError } from '../../plugins/app/error-handler.ts';

export default async function apiRoutes(app: FastifyInstance) {
  await app.register(catalogRoutes);
  await app.register(accountRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes);
  await app.register(contentRoutes);
  await app.register(adminRoutes);
  // Unknown API paths answer the contract's 404, never the storefront's shell.
  app.setNotFoundHandler((request, reply) => sendError(reply, request.lang ?? 'en', 404, 'not_found'));
}
