import { Type } from 'typebox';
import { Day, EMPTY_MESSAGE, Enum, FIELD_MESSAGE, IdempotencyHeaders, Id, Money, Nullable, Text, Timestamp } from './common.ts';
import { Phone } from './account.ts';
import { imageFields } from './images.ts';
import { DAY_PATTERN, TWO_NAMES_PATTERN } from './rules.ts';

export const PAYMENTS = ['cach', 'delivery'] as const;
export const SHIPPINGS = ['free', 'date'] as const;
/** An order's lifecycle (server/domain/order-status.ts says which may follow which). */
export const ORDER_STATUSES = ['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered', 'cancelled'] as const;
/** What the shop knows of an order's money (server/domain/payment-status.ts). */
export const PAYMENT_STATUSES = ['unpaid', 'awaiting', 'reported', 'paid'] as const;

export const CheckoutBody = Type.Object(
  {
    card_id: Id,
    username: Text(120, { minLength: 1, pattern: TWO_NAMES_PATTERN, message: 'name_two_words', description: 'at least two names of 3 letters each, Latin or Arabic, separated by spaces' }),
    phone: Phone(),
    address_id: Id,
    shiping: Enum(SHIPPINGS, { description: '"free": standard delivery; "date": on the day in `date`, for the shipping fee' }),
    date: Type.Optional(Nullable(Type.String({
      maxLength: 32,
      description: 'with shiping "date", required: one of the cart\'s delivery_days (YYYY-MM-DD, Western or Arabic digits); otherwise ignored',
    }))),
    payment: Enum(PAYMENTS),
    amount_seen: Type.Optional(Type.Number({
      minimum: 0, maximum: 1e9,
      description: 'EGP: the amount to pay the shopper was shown when confirming. When sent and the server\'s amount differs (a price or fee changed meanwhile), nothing is placed: 422 checkout_total_changed, and the shopper looks again',
    })),
    point: Type.Optional(Type.Unsafe<number | string | null>({
      type: ['null', 'number', 'string'], minimum: 0, maximum: 1e12, maxLength: 32,
      description: 'not read: the points applied to the cart (GET /usepoint/done) are the ones spent',
    })),
  },
  {
    additionalProperties: false,
    // A scheduled delivery names its day.
    if: { properties: { shiping: { const: 'date' } }, required: ['shiping'] },
    then: {
      required: ['date'],
      properties: { date: { type: 'string', minLength: 1, pattern: DAY_PATTERN, [FIELD_MESSAGE]: 'date_invalid', [EMPTY_MESSAGE]: 'delivery_date_required' } },
    },
  },
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
  payment_status: Type.Union(PAYMENT_STATUSES.map((v) => Type.Literal(v)), {
    description: 'unpaid: cash on delivery until delivered; awaiting: a Vodafone Cash order with no transfer reported; reported; paid',
  }),
  shiping: Type.String(),
  delivery_date: Day,
});

export const OrderDetail = Type.Object({
  ...OrderRow.properties,
  items: Type.Array(Type.Object({
    product_id: Id,
    name: Type.String(),
    image: Type.String(),
    ...imageFields('image'),
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
  payment_sender_phone: Nullable(Type.String({ description: 'the wallet the shopper reported sending from' })),
  payment_reference: Nullable(Type.String({ description: 'the transfer\'s reference' })),
  status_history: Type.Array(Type.Object({ status: Type.String(), at: Timestamp, reason: Nullable(Type.String({ description: 'why it was cancelled' })) })),
});

export const CancelOrderBody = Type.Object({
  reason: Type.Optional(Text(500, { description: 'why the shopper cancels (optional)' })),
}, { additionalProperties: false });

export const ReportPaymentBody = Type.Object({
  sender_phone: Phone(),
  reference: Text(100, { minLength: 1, description: 'the transfer\'s reference (its transaction number)' }),
}, { additionalProperties: false });

export const OrdersQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })) });
