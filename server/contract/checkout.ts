import { Type } from 'typebox';
import { Day, Enum, IdempotencyHeaders, Id, Money, Nullable, Text, Timestamp } from './common.ts';

export const PAYMENTS = ['cach', 'delivery'] as const;
export const SHIPPINGS = ['free', 'date'] as const;

export const CheckoutBody = Type.Object(
  {
    card_id: Id,
    username: Text(120),
    phone: Text(24),
    address_id: Id,
    shiping: Enum(SHIPPINGS),
    date: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
    payment: Enum(PAYMENTS),
    point: Type.Optional(Type.Unsafe<number | string | null>({ type: ['null', 'number', 'string'], minimum: 0, maximum: 1e12, maxLength: 32 })),
  },
  { additionalProperties: false },
);

/** A checkout attempt's key: a retry of Confirm never places a second order. */
export const CheckoutHeaders = IdempotencyHeaders;

export const PlacedOrder = Type.Object({
  order: Type.Object({
    id: Id,
    number: Type.String(),
    total: Money,
    status: Type.String(),
    payment: Type.String(),
    shiping: Type.String(),
    delivery_date: Day,
    wallet_phone: Type.String(),
    points_earned: Type.Integer(),
    created_at: Timestamp,
  }),
});

export const OrderRow = Type.Object({
  id: Id,
  number: Type.String(),
  created_at: Timestamp,
  status: Type.String(),
  total: Money,
  items_count: Type.Integer(),
  payment: Type.String(),
  shiping: Type.String(),
  delivery_date: Day,
});

export const OrderDetail = Type.Object({
  ...OrderRow.properties,
  items: Type.Array(Type.Object({
    product_id: Id,
    name: Type.String(),
    image: Type.String(),
    price: Money,
    qty: Type.Integer(),
    smell: Type.Array(Type.String()),
    gift: Nullable(Type.String()),
  })),
  address: Type.Object({
    title: Type.String(), address: Type.String(), phone: Type.String(), city: Type.String(), government: Type.String(),
  }),
  username: Type.String(),
  phone: Type.String(),
  subtotal: Money,
  coupon: Nullable(Type.String()),
  coupon_discount: Money,
  points_used: Type.Integer(),
  points_discount: Money,
  points_earned: Type.Integer(),
  shipping_fee: Money,
  wallet_phone: Type.String(),
  status_history: Type.Array(Type.Object({ status: Type.String(), at: Timestamp })),
});

export const OrdersQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })) });
