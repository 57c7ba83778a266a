import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CheckoutBody, CheckoutHeaders, PlacedOrder } from '../../../contract/checkout.ts';
import { t } from '../../../i18n/messages.ts';
import { bearer, describe, ok, responses } from '../helpers.ts';

const PLACES = 'Places the order for the cart as it is now: its totals, coupon and points are the server\'s.';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/checkout', {
    onRequest: app.authenticate,
    // A refused checkout frees its key: the shopper fixes the cart and
    // confirms again with the same attempt. The order's answer is kept inside
    // the order's transaction (services/checkout.ts), not after it.
    config: { idempotency: { refusals: 'release', messages: { inFlight: 'idempotency_in_flight', mismatch: 'idempotency_mismatch' } } },
    schema: {
      tags: ['checkout'], security: bearer, headers: CheckoutHeaders, body: CheckoutBody, response: responses(PlacedOrder),
      description: describe(PLACES, [
        [404, 'cart_not_found'], [404, 'address_not_found'], [422, 'cart_empty'], [422, 'out_of_stock'], [422, 'stock_limit'],
        [422, 'checkout_missing_smell'], [422, 'checkout_missing_gift'], [422, 'points_not_enough'],
        [422, 'coupon_expired'], [422, 'coupon_used_up'], [422, 'coupon_already_used'], [422, 'coupon_below_minimum'],
        [422, 'date_invalid', 'date'], [422, 'delivery_date_required', 'date'], [422, 'delivery_date_too_soon', 'date'],
        [422, 'delivery_date_too_late', 'date'], [422, 'delivery_date_closed', 'date'], [422, 'checkout_total_changed'],
      ]),
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
