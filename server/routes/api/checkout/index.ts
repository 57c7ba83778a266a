import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CheckoutBody, CheckoutHeaders, PlacedOrder } from '../../../contract/checkout.ts';
import { t } from '../../../i18n/messages.ts';
import { bearer, ok, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/checkout', {
    onRequest: app.authenticate,
    // A refused checkout frees its key: the shopper fixes the cart and
    // confirms again with the same attempt. The order's answer is kept inside
    // the order's transaction (services/checkout.ts), not after it.
    config: { idempotency: { refusals: 'release', messages: { inFlight: 'idempotency_in_flight', mismatch: 'idempotency_mismatch' } } },
    schema: {
      tags: ['checkout'], security: bearer, headers: CheckoutHeaders, body: CheckoutBody, response: responses(PlacedOrder),
    },
  }, async (request) => {
    const { lang } = request;
    return app.checkout.place(request.user!.id, request.body, lang, {
      keyId: request.idempotencyKeyId,
      answer: (order) => ok(t(lang, 'order_placed', { number: order.number }), { order }),
    });
  });
};

export default routes;
