import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { Meta } from '../../../contract/catalog.ts';
import { CancelOrderBody, OrderDetail, OrderRow, OrdersQuery, ReportPaymentBody } from '../../../contract/checkout.ts';
import { normalizePhone } from '../../../contract/rules.ts';
import { t } from '../../../i18n/messages.ts';
import { BuyAgainData } from '../../../contract/cart.ts';
import { bearer, describe, idempotent, idempotentHeaders, ok, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = { tags: ['orders'], security: bearer };
  const orderAnswer = responses(Type.Object({ order: OrderDetail }));

  app.get('/orders', {
    onRequest: app.authenticate,
    schema: { ...schema, querystring: OrdersQuery, response: responses(Type.Object({ orders: Type.Array(OrderRow), meta: Meta })) },
  }, async (request) => ok(t(request.lang, 'ok'), await app.orders.list(request.user!.id, request.query.page ?? 1)));

  app.get('/orders/:id', {
    onRequest: app.authenticate,
    schema: { ...schema, description: describe('One of the account\'s orders.', [[404, 'order_not_found']]), params: IdParams, response: orderAnswer },
  }, async (request) => ok(t(request.lang, 'ok'), { order: await app.orders.detail(request.user!.id, request.params.id, request.lang) }));

  app.post('/orders/:id/cancel', {
    onRequest: app.authenticate,
    schema: {
      ...schema, params: IdParams, body: CancelOrderBody, response: orderAnswer,
      description: describe('The shopper cancels their own order while it is pending: its stock, spent points and coupon use come back.', [
        [404, 'order_not_found'], [422, 'order_not_cancellable'], [422, 'payment_order_cancelled'], [422, 'order_changed_meanwhile'],
      ]),
    },
  }, async (request) => {
    const reason = request.body.reason?.trim() || null;
    const moved = await app.orderStatus.cancelByShopper(request.user!.id, request.params.id, reason);
    app.catalog.invalidateDetails(); // the stock came back
    return ok(t(request.lang, 'order_cancelled', { number: moved.number }), { order: await app.orders.detail(request.user!.id, moved.id, request.lang) });
  });

  app.post('/orders/:id/payment', {
    onRequest: app.authenticate,
    schema: {
      ...schema, params: IdParams, body: ReportPaymentBody, response: orderAnswer,
      description: describe('The shopper reports a Vodafone Cash transfer for their order: payment_status becomes "reported" (again, to correct it, until it is paid).', [
        [404, 'order_not_found'], [422, 'payment_not_wallet'], [422, 'payment_already_paid'], [422, 'payment_order_cancelled'], [422, 'order_changed_meanwhile'],
      ]),
    },
  }, async (request) => {
    const { sender_phone, reference } = request.body;
    const id = await app.orderStatus.reportTransfer(request.user!.id, request.params.id, normalizePhone(sender_phone)!, reference.trim());
    return ok(t(request.lang, 'payment_reported'), { order: await app.orders.detail(request.user!.id, id, request.lang) });
  });

  app.post('/orders/:id/buy-again', {
    onRequest: app.authenticate,
    // The cart and the answer are kept with the key in one transaction (services/buy-again.ts): a
    // retry, or the storefront's offline queue, adds the order once.
    ...idempotent,
    schema: {
      ...schema, ...idempotentHeaders, params: IdParams, response: responses(BuyAgainData),
      description: describe('Buy again: puts the lines of one of the account\'s orders back in the cart, with their smells and gift, '
        + 'never above the stock; skips what is off sale, sold out or no longer has a smell the order had, and says which in `lines` (docs/rules.md, "Buy again").', [
        [404, 'order_not_found'],
      ]),
    },
  }, async (request) => {
    const { lang } = request;
    return app.buyAgain.run(request.user!.id, request.params.id, lang, {
      keyId: request.idempotencyKeyId,
      answer: (cart, lines) => {
        const added = lines.filter((l) => l.added > 0).length;
        const key = added === 0 ? 'buy_again_none' : lines.every((l) => l.reason === null) ? 'buy_again_added' : 'buy_again_partly';
        return ok(t(lang, key), { cart, lines });
      },
    });
  });
};

export default routes;
