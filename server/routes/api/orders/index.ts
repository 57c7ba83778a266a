import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { Meta } from '../../../contract/catalog.ts';
import { OrderDetail, OrderRow, OrdersQuery } from '../../../contract/checkout.ts';
import { t } from '../../../i18n/messages.ts';
import { bearer, describe, ok, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = { tags: ['orders'], security: bearer };

  app.get('/orders', {
    onRequest: app.authenticate,
    schema: { ...schema, querystring: OrdersQuery, response: responses(Type.Object({ orders: Type.Array(OrderRow), meta: Meta })) },
  }, async (request) => ok(t(request.lang, 'ok'), await app.orders.list(request.user!.id, request.query.page ?? 1)));

  app.get('/orders/:id', {
    onRequest: app.authenticate,
    schema: { ...schema, description: describe('One of the account\'s orders.', [[404, 'order_not_found']]), params: IdParams, response: responses(Type.Object({ order: OrderDetail })) },
  }, async (request) => ok(t(request.lang, 'ok'), { order: await app.orders.detail(request.user!.id, request.params.id, request.lang) }));
};

export default routes;
