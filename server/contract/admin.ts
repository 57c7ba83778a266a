// The back office's calls (/api/admin): what the shop's people send and read.
// Staff: the dashboard, orders, messages, customers. The owner: all of that,
// plus points and the audit log.
import { Type } from 'typebox';
import { DAY_PATTERN } from './rules.ts';
import { Day, Enum, Id, Money, Nullable, Text, Timestamp } from './common.ts';
import { Meta } from './catalog.ts';
import { OrderDetail, OrderRow, ORDER_STATUSES, PAYMENT_STATUSES } from './checkout.ts';

const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 }));
const CairoDay = (description: string) => Type.Optional(Type.String({ pattern: DAY_PATTERN, maxLength: 10, description }));

export const OrderNumberParams = Type.Object({
  number: Type.String({ pattern: '^ATR-\\d{5,9}$', maxLength: 13, description: 'the order\'s number, e.g. ATR-10001' }),
}, { additionalProperties: false });

export const AdminOrdersQuery = Type.Object({
  status: Type.Optional(Enum(ORDER_STATUSES)),
  payment_status: Type.Optional(Enum(PAYMENT_STATUSES)),
  q: Type.Optional(Text(100, { description: 'an order number (ATR-10001 or 10001), a phone (any writing, Arabic digits too) or part of a name or email' })),
  from: CairoDay('the first Cairo day of the orders\' creation, YYYY-MM-DD'),
  to: CairoDay('the last Cairo day, included'),
  page: Page,
});

export const AdminOrderRow = Type.Object({
  ...OrderRow.properties,
  customer: Type.Object({ name: Type.String(), phone: Type.String() }),
  governorate: Type.String({ description: 'the governorate\'s code' }),
});

export const AdminOrderDetail = Type.Object({
  ...OrderDetail.properties,
  lang: Enum(['en', 'ar'] as const, { description: 'the language the shopper ordered in' }),
  governorate: Type.String({ description: 'the governorate\'s code' }),
  paid_at: Nullable(Timestamp),
  customer: Type.Object({
    id: Id, name: Type.String(), email: Type.String(), phone: Type.String(),
    earlier_orders: Type.Integer({ description: 'the customer\'s other orders' }),
    earlier_cancelled: Type.Integer({ description: 'of those, cancelled (by the shop, the shopper, or refused at the door)' }),
    earlier_delivered: Type.Integer(),
  }),
  notes: Type.Array(Type.Object({ by: Type.String(), text: Type.String(), at: Timestamp })),
  status_history: Type.Array(Type.Object({
    status: Type.String(), at: Timestamp, reason: Nullable(Type.String()),
    by: Nullable(Type.String({ description: 'the staff member; null: the shopper, the checkout or the command line' })),
  })),
  next_statuses: Type.Array(Enum(ORDER_STATUSES), { description: 'the statuses the order may move to now' }),
  whatsapp: Type.Object({
    phone: Type.String({ description: 'the customer\'s phone in international form (20…)' }),
    text: Type.String({ description: 'a confirmation message in the order\'s language' }),
    url: Type.String({ description: 'a wa.me link that opens the chat with the message written' }),
  }),
});

export const OrderStatusBody = Type.Object({
  status: Enum(ORDER_STATUSES),
  reason: Type.Optional(Text(500, { description: 'why; required when cancelling' })),
}, { additionalProperties: false });

export const MarkPaidBody = Type.Object({
  paid: Type.Literal(true),
  reference: Type.Optional(Text(100, { description: 'the transfer\'s reference, as the wallet shows it' })),
}, { additionalProperties: false });

export const NoteBody = Type.Object({
  text: Text(1000, { minLength: 1 }),
}, { additionalProperties: false });

export const Dashboard = Type.Object({
  today: Type.Object({ day: Day, orders: Type.Integer(), revenue: Money }, { description: 'orders placed today (Cairo) and their total, cancelled ones left out' }),
  by_status: Type.Record(Type.String(), Type.Integer(), { description: 'every status and how many orders are in it' }),
  awaiting_payment: Type.Integer({ description: 'wallet orders whose transfer nobody has reported yet, cancelled ones left out' }),
  payment_reported: Type.Integer({ description: 'wallet orders whose shopper reported the transfer, for staff to check and mark paid' }),
  unread_messages: Type.Integer(),
  failed_mails: Nullable(Type.Integer({ description: 'mails the mail server refused at every try (the outbox); null for staff, whose the outbox is not' })),
  low_stock: Type.Array(Type.Object({
    id: Id, name: Type.String(), image: Type.String(), stock: Type.Integer(), price: Money,
    price_after_sale: Nullable(Money), category_name: Type.String(),
  })),
});

export const ContactMessage = Type.Object({
  id: Id, name: Type.String(), email: Type.String(), phone: Type.String(), message: Type.String(),
  created_at: Timestamp, handled_at: Nullable(Timestamp), handled: Type.Boolean(),
});

export const MessagesQuery = Type.Object({
  handled: Type.Optional(Type.Boolean({ description: 'true: handled only; false: unread only; absent: all, unread first' })),
  page: Page,
});

export const Customer = Type.Object({
  id: Id, name: Type.String(), email: Type.String(), phone: Type.String(),
  orders_count: Type.Integer(), points: Type.Integer(), created_at: Timestamp,
});

export const CustomerDetail = Type.Object({
  ...Customer.properties,
  orders: Type.Array(Type.Object({ id: Id, number: Type.String(), created_at: Timestamp, status: Type.String(), payment_status: Type.String(), total: Money })),
  points_history: Type.Array(Type.Object({ delta: Type.Integer(), reason: Type.String(), at: Timestamp })),
});

export const CustomersQuery = Type.Object({
  q: Type.Optional(Text(100, { description: 'part of a name or email, or a phone (Arabic digits too)' })),
  page: Page,
});

export const PointsBody = Type.Object({
  delta: Type.Integer({ minimum: -1000000, maximum: 1000000, description: 'points to add (negative: to take); never below a balance of 0' }),
  reason: Text(200, { minLength: 1, description: 'why, kept in the points ledger' }),
}, { additionalProperties: false });

export const AuditQuery = Type.Object({ page: Page });

export const AuditEntry = Type.Object({
  id: Id,
  at: Timestamp,
  by: Nullable(Type.Object({ name: Type.String(), email: Type.String() }, { description: 'null: the command line' })),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export { Meta };
