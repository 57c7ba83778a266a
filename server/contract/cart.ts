import { Type } from 'typebox';
import { Day, Id, Money, Nullable, Text } from './common.ts';
import { imageFields } from './images.ts';

export const CartLine = Type.Object({
  id: Id,
  product_id: Id,
  product_name: Type.String(),
  product_image: Type.String(),
  ...imageFields('product_image'),
  product_price: Money,
  previous_price: Nullable(Type.Number({
    description: 'EGP: the unit price when this line was put in the cart, when today\'s (product_price) differs; else null. The storefront points the change out before checkout',
  })),
  product_qty: Type.Integer(),
  line_total: Money,
  typesale_name: Type.String(),
  product_smell: Type.Array(Type.String()),
  smell: Type.Array(Nullable(Type.String())),
  gift_id: Nullable(Id),
  giftproduct: Type.Array(Type.Object({ gift_id: Id, gift_name: Type.String(), gift_image: Type.String() })),
  stock: Type.Integer(),
});

export const CartData = Type.Object({
  card_id: Id,
  points: Type.Integer(),
  points_applied: Type.Boolean(),
  points_discount: Money,
  points_used: Type.Integer(),
  coupon: Type.String({ description: '"not there" or the applied code' }),
  coupon_discount: Money,
  coupon_problem: Nullable(Type.String({ description: 'why the applied coupon gives no discount now (checkout refuses it), or null' })),
  price_after_coupon: Money,
  shiping: Money,
  shipping_governorate: Nullable(Type.String({
    description: 'the governorate (its code) whose fee `shiping` is: the address named by ?address_id; null: no address chosen, the default fee',
  })),
  fee_varies_by_governorate: Type.Boolean({ description: 'true when some governorate has a fee of its own: before an address is chosen, `shiping` is the default fee, not necessarily the shopper\'s' }),
  standard_delivery_days: Type.Integer({ description: 'free standard delivery arrives within this many days (the shop setting standardDeliveryDays)' }),
  phone: Type.String({ description: "the shop's Vodafone Cash wallet" }),
  subtotal: Money,
  summary: Type.Object({ total: Money, totalAfterShiping: Money, Estimated_Delivery_by: Day }),
  delivery_days: Type.Array(Day, { description: 'the days a scheduled delivery may be booked' }),
  closed_weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
    description: 'the weekdays with no scheduled delivery (0 = Sunday … 6 = Saturday; the shop setting closedWeekdays): delivery_days leaves them out, and the storefront names them',
  }),
  product_in_card: Type.Array(CartLine),
  card_count: Type.Integer(),
});

export const CartQuery = Type.Object({
  address_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the delivery address chosen at checkout: the fee is its governorate\'s' })),
});

export const AddToCartBody = Type.Object({ product_id: Id }, { additionalProperties: false });
export const AddToCartData = Type.Object({ count: Type.Integer() });

export const SmellBody = Type.Object(
  { smell: Type.Array(Nullable(Type.String({ maxLength: 100 })), { maxItems: 1000 }) },
  { additionalProperties: false },
);

export const ChangeSummaryBody = Type.Object(
  {
    product_id: Id,
    qty: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'the line\'s new quantity: at least 1 and at most the product\'s stock' }),
    gift_id: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);

export const RemoveBody = Type.Object(
  { product_id: Id, qty: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false },
);
export const RemoveData = Type.Object({ card_count: Type.Integer() });

export const CouponBody = Type.Object(
  { name: Text(64, { minLength: 1, description: 'the coupon code, in any case, with Western or Arabic digits' }), totalprice: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 32 })])) },
  { additionalProperties: false },
);

export const PointsValue = Type.Object({ price: Money, points: Type.Integer() });

export const CardIdParams = Type.Object({ cardId: Id }, { additionalProperties: false });
export const CartIdParams = Type.Object({ cartId: Id }, { additionalProperties: false });
export const CartItemIdParams = Type.Object({ cartItemId: Id }, { additionalProperties: false });

/** Why a line of the order was not put back in the cart, or not all of it (docs/rules.md, "Buy again"). */
export type BuyAgainReason = 'unavailable' | 'out_of_stock' | 'smell_gone' | 'stock_limit';

export const BuyAgainLine = Type.Object({
  product_id: Id,
  name: Type.String({ description: 'the product\'s name as the order has it, in the request\'s language' }),
  ordered: Type.Integer({ description: 'the units the order had' }),
  added: Type.Integer({ description: 'the units put in the cart now: ordered, fewer (stock_limit) or 0' }),
  reason: Type.Union([Type.Literal('unavailable'), Type.Literal('out_of_stock'), Type.Literal('smell_gone'), Type.Literal('stock_limit'), Type.Null()], {
    description: 'null: all added. unavailable: the owner took the product off sale; out_of_stock: none left; '
      + 'smell_gone: a smell the order had is no longer offered (`smells` names it); stock_limit: fewer left than ordered (with what the cart held already)',
  }),
  smells: Type.Array(Type.String(), { description: 'smell_gone: the smells no longer offered; else empty' }),
});

export const BuyAgainData = Type.Object({
  cart: CartData,
  lines: Type.Array(BuyAgainLine, { description: 'one per line of the order, in its order' }),
});
