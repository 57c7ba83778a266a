import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddToCartBody, AddToCartData, CardIdParams, CartData, CartIdParams, CartItemIdParams, ChangeSummaryBody, CouponBody,
  PointsValue, RemoveBody, RemoveData, SmellBody,
} from '../../../contract/cart.ts';
import { formatMoney, t } from '../../../i18n/messages.ts';
import { toEgp } from '../../../domain/money.ts';
import { bearer, idempotent, idempotentHeaders, ok, responses } from '../helpers.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = { tags: ['cart'], security: bearer };
  const auth = { onRequest: app.authenticate };
  /** the changes the storefront may replay from its offline queue */
  const change = { ...schema, ...idempotentHeaders };
  const cartAnswer = responses(CartData);

  app.post('/addToCard', { ...auth, ...idempotent, schema: { ...change, body: AddToCartBody, response: responses(AddToCartData) } }, async (request) => {
    const count = await app.carts.addUnit(request.user!.id, request.body.product_id, request.lang);
    return ok(t(request.lang, 'added_to_cart'), { count });
  });

  app.get('/showCard', { ...auth, schema: { ...schema, response: cartAnswer } }, async (request) =>
    ok(t(request.lang, 'ok'), await app.carts.cartData(request.user!.id, request.lang)));

  app.post('/add/smell/:cartItemId', {
    ...auth, ...idempotent, schema: { ...change, params: CartItemIdParams, body: SmellBody, response: cartAnswer },
  }, async (request) => {
    await app.carts.setSmells(request.user!.id, request.params.cartItemId, request.body.smell, request.lang);
    return ok(t(request.lang, 'smell_updated'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.post('/changeSummaryCard/:cartId', {
    ...auth, ...idempotent, schema: { ...change, params: CartIdParams, body: ChangeSummaryBody, response: cartAnswer },
  }, async (request) => {
    await app.carts.changeLine(request.user!.id, request.params.cartId, request.body, request.lang);
    return ok(t(request.lang, 'cart_updated'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.post('/remove', { ...auth, ...idempotent, schema: { ...change, body: RemoveBody, response: responses(RemoveData) } }, async (request) => {
    const count = await app.carts.removeUnits(request.user!.id, request.body.product_id, request.body.qty);
    return ok(t(request.lang, 'removed_from_cart'), { card_count: count });
  });

  app.post('/add/coupons/:cardId', {
    ...auth, ...idempotent, schema: { ...change, params: CardIdParams, body: CouponBody, response: cartAnswer },
  }, async (request) => {
    await app.carts.applyCoupon(request.user!.id, request.params.cardId, request.body.name, request.lang);
    return ok(t(request.lang, 'coupon_applied'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.post('/remove/coupons/:cardId', { ...auth, ...idempotent, schema: { ...change, params: CardIdParams, response: cartAnswer } }, async (request) => {
    await app.carts.removeCoupon(request.user!.id, request.params.cardId);
    return ok(t(request.lang, 'coupon_removed'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.get('/usepoint', { ...auth, schema: { ...schema, response: responses(PointsValue) } }, async (request) => {
    const { points, value } = await app.carts.pointsWorth(request.user!.id);
    return ok(t(request.lang, 'points_value', { points, amount: formatMoney(request.lang, value) }), { price: toEgp(value), points });
  });

  app.get('/usepoint/done', { ...auth, ...idempotent, schema: { ...change, response: cartAnswer } }, async (request) => {
    await app.carts.setPointsApplied(request.user!.id, true);
    return ok(t(request.lang, 'points_applied'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.get('/usepoint/cancel', { ...auth, ...idempotent, schema: { ...change, response: cartAnswer } }, async (request) => {
    await app.carts.setPointsApplied(request.user!.id, false);
    return ok(t(request.lang, 'points_cancelled'), await app.carts.cartData(request.user!.id, request.lang));
  });
};

export default routes;
