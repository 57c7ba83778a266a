// The owner's shop data: categories, coupons and the shop's texts, each a file of its own.
import type { FastifyPluginAsync } from 'fastify';
import categories from './categories.ts';
import coupons from './coupons.ts';
import content from './content.ts';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(categories);
  await app.register(coupons);
  await app.register(content);
};

export default routes;
