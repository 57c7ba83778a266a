import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CheckoutBody, CheckoutHeaders, PlacedOrder } from '../../../contract/checkout.ts';
import { bearer, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/checkout', {
    onRequest: app.authenticate,
    schema: {
      tags: ['checkout'], security: bearer, headers: CheckoutHeaders, body: CheckoutBody, response: responses(PlacedOrder),
    },
  }, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const answer = await app.checkout.checkout(request.user!.id, request.body, request.lang, typeof key === 'string' ? key : undefined);
    return reply.code(answer.statusCode).send(answer.body as never);
  });
};

export default routes;
