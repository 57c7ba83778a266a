import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddToCartBody, AddToCartData, CardIdParams, CartData, CartIdParams, CartItemIdParams, ChangeSummaryBody, CouponBody,
  CartQuery, PointsValue, RemoveBody, RemoveData, SmellBody,
} from '../../../contract/cart.ts';
import { notFound } from '../../../errors.ts';
import { formatMoney, t } from '../../../i18n/messages.ts';
import { toEgp } from '../../../domain/money.ts';
import { bearer, describe, idempotent, idempotentHeaders, ok, responses, type Refusal } from '../helpers.ts';

const STOCK: Refusal[] = [[422, 'out_of_stock'], [422, 'stock_limit']];
const CART: Refusal = [404, 'cart_not_found'];
const COUPON: Refusal[] = [
  [422, 'coupon_not_found'], [422, 'coupon_not_found', 'name'], [422, 'coupon_expired'], [422, 'coupon_used_up'],
  [422, 'coupon_already_used'], [422, 'coupon_below_minimum'], [422, 'cart_empty'],
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = { tags: ['cart'], security: bearer };
  const auth = { onRequest: app.authenticate };
  /** the changes the storefront may replay from its offline queue */
  const change = { ...schema, ...idempotentHeaders };
  const cartAnswer = responses(CartData);

  app.post('/addToCard', { ...auth, ...idempotent, schema: { ...change, description: describe('Adds one unit of a product to the cart.', [[404, 'product_not_found'], ...STOCK]), body: AddToCartBody, response: responses(AddToCartData) } }, async (request) => {
    const count = await app.carts.addUnit(request.user!.id, request.body.product_id, request.lang);
    return ok(t(request.lang, 'added_to_cart'), { count });
  });

  app.get('/showCard', {
    ...auth, schema: {
      ...schema, querystring: CartQuery, response: cartAnswer,
      description: describe('The cart. With ?address_id (one of the shopper\'s addresses, the one chosen for delivery), `shiping` and the totals hold the fee to its governorate.', [[404, 'address_not_found']]),
    },
  }, async (request) => {
    const addressId = request.query.address_id;
    let governorate: string | null = null;
    if (addressId !== undefined) {
      const address = await app.accounts.addressOf(request.user!.id, addressId);
      if (!address) throw notFound('address_not_found');
      governorate = address.government;
    }
    return ok(t(request.lang, 'ok'), await app.carts.cartData(request.user!.id, request.lang, undefined, governorate));
  });

  app.post('/add/smell/:cartItemId', {
    ...auth, ...idempotent, schema: { ...change, description: describe('Chooses the smells of a cart line: one per unit, each one of the product\'s own (in either language), or null for none yet.', [[404, 'cart_item_not_found'], [422, 'no_smells'], [422, 'smell_count'], [422, 'smell_count', 'smell'], [422, 'smell_unknown']]), params: CartItemIdParams, body: SmellBody, response: cartAnswer },
  }, async (request) => {
    await app.carts.setSmells(request.user!.id, request.params.cartItemId, request.body.smell, request.lang);
    return ok(t(request.lang, 'smell_updated'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.post('/changeSummaryCard/:cartId', {
    ...auth, ...idempotent, schema: { ...change, description: describe('Sets a cart line\'s quantity, and its gift on "buy 2 get 1" lines of 2 or more.', [CART, [404, 'cart_item_not_found'], ...STOCK, [422, 'gift_not_allowed'], [422, 'gift_unknown']]), params: CartIdParams, body: ChangeSummaryBody, response: cartAnswer },
  }, async (request) => {
    await app.carts.changeLine(request.user!.id, request.params.cartId, request.body, request.lang);
    return ok(t(request.lang, 'cart_updated'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.post('/remove', { ...auth, ...idempotent, schema: { ...change, description: describe('Removes units of a product from the cart; the line goes when none are left.', [[404, 'cart_item_not_found']]), body: RemoveBody, response: responses(RemoveData) } }, async (request) => {
    const count = await app.carts.removeUnits(request.user!.id, request.body.product_id, request.body.qty);
    return ok(t(request.lang, 'removed_from_cart'), { card_count: count });
  });

  app.post('/add/coupons/:cardId', {
    ...auth, ...idempotent, schema: { ...change, description: describe('Applies a coupon code (any case, Western or Arabic digits). totalprice is not read: the server computes the cart\'s total.', [CART, ...COUPON]), params: CardIdParams, body: CouponBody, response: cartAnswer },
  }, async (request) => {
    await app.carts.applyCoupon(request.user!.id, request.params.cardId, request.body.name, request.lang);
    return ok(t(request.lang, 'coupon_applied'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.post('/remove/coupons/:cardId', { ...auth, ...idempotent, schema: { ...change, description: describe('Removes the cart\'s coupon.', [CART]), params: CardIdParams, response: cartAnswer } }, async (request) => {
    await app.carts.removeCoupon(request.user!.id, request.params.cardId);
    return ok(t(request.lang, 'coupon_removed'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.get('/usepoint', { ...auth, schema: { ...schema, description: describe('What the points balance is worth.', [[422, 'points_not_enough']]), response: responses(PointsValue) } }, async (request) => {
    const { points, value } = await app.carts.pointsWorth(request.user!.id);
    return ok(t(request.lang, 'points_value', { points, amount: formatMoney(request.lang, value) }), { price: toEgp(value), points });
  });

  app.get('/usepoint/done', { ...auth, ...idempotent, schema: { ...change, description: describe('Spends the points balance on this cart.', [[422, 'points_not_enough'], [422, 'cart_empty']]), response: cartAnswer } }, async (request) => {
    await app.carts.setPointsApplied(request.user!.id, true);
    return ok(t(request.lang, 'points_applied'), await app.carts.cartData(request.user!.id, request.lang));
  });

  app.get('/usepoint/cancel', { ...auth, ...idempotent, schema: { ...change, response: cartAnswer } }, async (request) => {
    await app.carts.setPointsApplied(request.user!.id, false);
    return ok(t(request.lang, 'points_cancelled'), await app.carts.cartData(request.user!.id, request.lang));
  });
};

export default routes;
