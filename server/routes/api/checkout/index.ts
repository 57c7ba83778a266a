import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CheckoutBody, CheckoutHeaders, PlacedOrder } from '../../../contract/checkout.ts';
import { bearer, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/checkout', {
    onRequest: app.authenticate,
    // A refused checkout frees its key: the shopper fixes the cart and
    // confirms again with the same attempt. The order's answer is kept inside
    // the order's transaction (CheckoutRepository), not after it.
    config: { idempotency: { refusals: 'release', messages: { inFlight: 'idempotency_in_flight', mismatch: 'idempotency_mismatch' } } },
    schema: {
      tags: ['checkout'], security: bearer, headers: CheckoutHeaders, body: CheckoutBody, response: responses(PlacedOrder),
    },
  }, async (request, reply) => {
    const answer = await app.checkout.checkout(request.user!.id, request.body, request.lang, request.idempotencyKeyId);
    return reply.code(answer.statusCode).send(answer.body as never);
  });
};

export default routes;
