// The back office's API (/api/admin): staff run orders, messages and
// customers; the owner also adjusts points and reads the audit log. Every
// route checks the role on every request (plugins/app/auth/auth.ts), and
// every write goes into the audit log in the same transaction as the write.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  AdminOrderDetail, AdminOrderRow, AdminOrdersQuery, AuditEntry, AuditQuery, ContactMessage, Customer, CustomerDetail, CustomersQuery,
  Dashboard, MarkPaidBody, Meta, MessagesQuery, NoteBody, OrderNumberParams, OrderStatusBody, PointsBody,
} from '../../../contract/admin.ts';
import { FieldErrors } from '../../../errors.ts';
import { toLatinDigits } from '../../../contract/rules.ts';
import { isIsoDay } from '../../../domain/calendar.ts';
import { STATUS_NAMES, t } from '../../../i18n/messages.ts';
import { ok, responses } from '../helpers.ts';
import { adminRoute } from './common.ts';
import productRoutes from './products.ts';
import photoRoutes from './photos.ts';
import shopDataRoutes from './shop-data.ts';
import settingsStaffRoutes from './settings-staff.ts';
import mailRoutes from './mails.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { staff, owner, schema } = adminRoute(app);
  const orderAnswer = responses(Type.Object({ order: AdminOrderDetail }));

  // The shop's customers and money: kept by no cache, the browser's included (this plugin's routes only).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  // Each further area of the back office is a file of its own (./common.ts), registered here so
  // that the no-store hook above covers it too. E.g.: await app.register(productRoutes);
  await app.register(productRoutes);
  await app.register(photoRoutes);
  await app.register(shopDataRoutes);
  await app.register(settingsStaffRoutes);
  await app.register(mailRoutes);

  app.get('/admin/dashboard', {
    ...staff, schema: { ...schema('Staff: today\'s orders and revenue, orders per status, wallet orders awaiting payment, unread messages, products low on stock; for the owner, mails that failed.'), response: responses(Dashboard) },
  }, async (request) => ok(t(request.lang, 'ok'), await app.backOffice.dashboard(request.lang, request.user!.role === 'owner')));

  app.get('/admin/orders', {
    ...staff, schema: {
      ...schema('Staff: the shop\'s orders, newest first, filtered and searched.', [[422, 'date_invalid', 'from'], [422, 'date_invalid', 'to']]),
      querystring: AdminOrdersQuery,
      response: responses(Type.Object({ orders: Type.Array(AdminOrderRow), meta: Meta })),
    },
  }, async (request) => {
    // Days in any digits; one the calendar does not have (2026-23-40) is refused, never moved.
    const errors = new FieldErrors();
    const day = (field: 'from' | 'to') => {
      const value = request.query[field];
      if (value === undefined) return undefined;
      const latin = toLatinDigits(value);
      if (!isIsoDay(latin)) errors.add(field, 'date_invalid');
      return latin;
    };
    const filter = { ...request.query, from: day('from'), to: day('to'), page: request.query.page ?? 1 };
    errors.throwIfAny();
    return ok(t(request.lang, 'ok'), await app.backOffice.listOrders(filter));
  });

  app.get('/admin/orders/:number', {
    ...staff, schema: { ...schema('Staff: one order, with what it takes to prepare, confirm and deliver it.', [[404, 'order_not_found']]), params: OrderNumberParams, response: orderAnswer },
  }, async (request) => ok(t(request.lang, 'ok'), { order: await app.backOffice.orderDetail(request.params.number, request.lang) }));

  app.post('/admin/orders/:number/status', {
    ...staff, schema: {
      ...schema('Staff: moves the order to the next status, or cancels it with a reason (stock, points and the coupon use come back).', [
        [404, 'order_not_found'], [422, 'order_transition'], [422, 'order_changed_meanwhile'], [422, 'cancel_reason_required', 'reason'],
      ]),
      params: OrderNumberParams, body: OrderStatusBody, response: orderAnswer,
    },
  }, async (request) => {
    const { status } = request.body;
    const reason = request.body.reason?.trim() || null;
    if (status === 'cancelled' && !reason) new FieldErrors().add('reason', 'cancel_reason_required').throwIfAny();
    const moved = await app.orderStatus.change(request.params.number, status, { userId: request.user!.id }, reason);
    if (status === 'cancelled') app.catalog.invalidateDetails(); // the stock came back
    return ok(t(request.lang, 'order_status_changed', { status: STATUS_NAMES[moved.to] }), { order: await app.backOffice.orderDetail(moved.number, request.lang) });
  });

  app.post('/admin/orders/:number/payment', {
    ...staff, schema: {
      ...schema('Staff: records the payment as received, with the transfer\'s reference when there is one.', [
        [404, 'order_not_found'], [422, 'payment_already_paid'], [422, 'order_changed_meanwhile'],
      ]),
      params: OrderNumberParams, body: MarkPaidBody, response: orderAnswer,
    },
  }, async (request) => {
    await app.orderStatus.markPaid(request.params.number, { userId: request.user!.id }, request.body.reference?.trim() || null);
    return ok(t(request.lang, 'payment_marked_paid'), { order: await app.backOffice.orderDetail(request.params.number, request.lang) });
  });

  app.post('/admin/orders/:number/notes', {
    ...staff, schema: { ...schema('Staff: a note on the order ("called, confirmed").', [[404, 'order_not_found']]), params: OrderNumberParams, body: NoteBody, response: orderAnswer },
  }, async (request) => {
    const text = request.body.text.trim();
    if (!text) new FieldErrors().add('text', 'text_required').throwIfAny();
    await app.orderStatus.addNote(request.params.number, { userId: request.user!.id }, text);
    return ok(t(request.lang, 'note_added'), { order: await app.backOffice.orderDetail(request.params.number, request.lang) });
  });

  app.get('/admin/messages', {
    ...staff, schema: {
      ...schema('Staff: the contact inbox, unread first.'), querystring: MessagesQuery,
      response: responses(Type.Object({ messages: Type.Array(ContactMessage), meta: Meta })),
    },
  }, async (request) => ok(t(request.lang, 'ok'), await app.backOffice.messages(request.query.handled, request.query.page ?? 1)));

  app.post('/admin/messages/:id/handled', {
    ...staff, schema: { ...schema('Staff: marks a message handled.', [[404, 'message_not_found']]), params: IdParams, response: responses(Type.Object({ message: ContactMessage })) },
  }, async (request) => ok(t(request.lang, 'message_handled'), { message: await app.backOffice.markHandled(request.params.id, request.user!.id) }));

  app.get('/admin/customers', {
    ...staff, schema: {
      ...schema('Staff: the shop\'s customers, newest first, searched by name, email or phone.'), querystring: CustomersQuery,
      response: responses(Type.Object({ customers: Type.Array(Customer), meta: Meta })),
    },
  }, async (request) => ok(t(request.lang, 'ok'), await app.backOffice.customers(request.query.q, request.query.page ?? 1)));

  app.get('/admin/customers/:id', {
    ...staff, schema: { ...schema('Staff: one customer, their orders and their points.', [[404, 'customer_not_found']]), params: IdParams, response: responses(Type.Object({ customer: CustomerDetail })) },
  }, async (request) => ok(t(request.lang, 'ok'), await app.backOffice.customer(request.params.id)));

  app.post('/admin/customers/:id/points', {
    ...owner, schema: {
      ...schema('Owner: adds or takes points, with a reason kept in the ledger; the balance never goes below 0.', [
        [404, 'customer_not_found'], [422, 'points_below_zero'], [422, 'points_delta_zero', 'delta'],
      ]),
      params: IdParams, body: PointsBody, response: responses(Type.Object({ customer: CustomerDetail })),
    },
  }, async (request) => {
    const { delta } = request.body;
    const reason = request.body.reason.trim();
    const errors = new FieldErrors();
    if (delta === 0) errors.add('delta', 'points_delta_zero');
    if (!reason) errors.add('reason', 'text_required');
    errors.throwIfAny();
    const answer = await app.backOffice.adjustPoints(request.params.id, delta, reason, request.user!.id);
    return ok(t(request.lang, 'points_adjusted', { points: answer.customer.points }), answer);
  });

  app.get('/admin/audit', {
    ...owner, schema: {
      ...schema('Owner: every back-office write, newest first: who, what, when, before and after. Read only.'), querystring: AuditQuery,
      response: responses(Type.Object({ entries: Type.Array(AuditEntry), meta: Meta })),
    },
  }, async (request) => ok(t(request.lang, 'ok'), await app.audit.list(request.query.page ?? 1)));
};

export default routes;
