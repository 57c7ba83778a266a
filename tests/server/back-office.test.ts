// The back office's API (/api/admin) and the shopper's later calls (cancel an
// order, report a transfer), on a real SQLite database, in both languages and
// both roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  call, loginOwner, makeApp, makeFileApp, makeStaff, placeOrder, registerShopper, seededProduct, OWNER_PASSWORD,
} from './helpers.ts';
import { runShop } from '../../server/cli/shop.ts';
import { DEMO_OWNER } from '../../server/db/seed/seed.ts';

let app: FastifyInstance;
let staff: { id: number; token: string; email: string };
let owner: string;

beforeAll(async () => {
  app = await makeApp();
  // Plenty of stock for the orders below.
  await app.db.updateTable('products').set({ stock: 10_000 }).execute();
  staff = await makeStaff(app, 'staff', 'Karim Hassan');
  owner = await loginOwner(app);
});
afterAll(() => app?.close());

const adminOrder = async (number: string, token = staff.token, lang?: 'en' | 'ar') => {
  const res = await call(app, 'GET', `/admin/orders/${number}`, { token, lang });
  expect(res.statusCode, res.raw).toBe(200);
  return res.body.data.order;
};

describe('roles', () => {
  it('the demo owner signs in like anyone, and the answer says its role', async () => {
    const res = await call(app, 'POST', '/user/login', { body: { login: DEMO_OWNER.email, password: OWNER_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: DEMO_OWNER.email, role: 'owner', must_change_password: false });
    const shopper = await registerShopper(app);
    expect(shopper.user).toMatchObject({ role: 'shopper', must_change_password: false });
  });

  it('401 without a token, 403 for a shopper, 403 for staff on the owner\'s routes, in the caller\'s language', async () => {
    const shopper = await registerShopper(app);
    expect((await call(app, 'GET', '/admin/dashboard')).statusCode).toBe(401);
    for (const lang of ['en', 'ar'] as const) {
      const res = await call(app, 'GET', '/admin/dashboard', { token: shopper.token, lang });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 403, message: lang === 'en' ? 'You do not have access to this.' : 'ليست لديك صلاحية الوصول إلى هذا.' });
    }
    expect((await call(app, 'GET', '/admin/dashboard', { token: staff.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/admin/audit', { token: staff.token })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/admin/customers/${shopper.user.id}/points`, { token: staff.token, body: { delta: 10, reason: 'gift' } })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/admin/audit', { token: owner })).statusCode).toBe(200);
  });

  it('a role taken away is gone at once, with no new sign-in', async () => {
    const member = await makeStaff(app);
    expect((await call(app, 'GET', '/admin/orders', { token: member.token })).statusCode).toBe(200);
    await app.db.updateTable('users').set({ role: 'shopper' }).where('id', '=', member.id).execute();
    expect((await call(app, 'GET', '/admin/orders', { token: member.token })).statusCode).toBe(403);
  });

  it('no route lets a shopper set a role', async () => {
    for (const [url, body] of [
      ['/user/register', { first_name: 'Mona', last_name: 'Adel', email: 'mona.role@example.com', phone: '01233334444', password: 'secret123', password_confirmation: 'secret123', birth_date: '1990-01-01', role: 'owner' }],
    ] as const) {
      const res = await call(app, 'POST', url, { body });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.role).toEqual(['This field is not part of this request.']);
    }
    const shopper = await registerShopper(app);
    const res = await call(app, 'POST', '/user/profile/update', {
      token: shopper.token, body: { first_name: 'Salma', last_name: 'Nabil', phone: shopper.body.phone, birth_date: '1998-03-14', role: 'owner' },
    });
    expect(res.statusCode).toBe(422);
    const row = await app.db.selectFrom('users').select('role').where('id', '=', shopper.user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('shopper');
  });
});

describe('orders in the back office', () => {
  it('lists, filters and searches: by number, by phone in Arabic digits, by name, by status', async () => {
    const a = await registerShopper(app, { first_name: 'Yasmin', last_name: 'Fawzy' });
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }], { body: { username: 'Yasmin Fawzy', phone: '01066667777' } });
    const list = async (query: string, lang?: 'en' | 'ar') => {
      const res = await call(app, 'GET', `/admin/orders?${query}`, { token: staff.token, lang });
      expect(res.statusCode, res.raw).toBe(200);
      return res.body.data as { orders: { number: string; customer: { name: string; phone: string }; payment_status: string }[]; meta: { total: number } };
    };
    const all = await list('');
    expect(all.orders[0].number).toBe(order.number); // newest first
    expect(all.orders[0].customer).toEqual({ name: 'Yasmin Fawzy', phone: '01066667777' });
    expect((await list(`q=${order.number}`)).orders.map((o) => o.number)).toEqual([order.number]);
    expect((await list(`q=${order.number.slice(4)}`)).orders.map((o) => o.number)).toEqual([order.number]);
    expect((await list(`q=${encodeURIComponent('٠١٠٦٦٦٦٧٧٧٧')}`)).orders.map((o) => o.number)).toEqual([order.number]);
    expect((await list(`q=${encodeURIComponent('٦٦٦٧٧')}`)).orders.map((o) => o.number)).toEqual([order.number]);
    expect((await list('q=yasmin')).orders.map((o) => o.number)).toEqual([order.number]);
    expect((await list('status=pending')).orders.map((o) => o.number)).toContain(order.number);
    expect((await list('status=delivered')).orders.map((o) => o.number)).not.toContain(order.number);
    expect((await list('payment_status=unpaid')).orders.map((o) => o.number)).toContain(order.number);
    expect((await list('q=ATR-99999999')).orders).toEqual([]);
    // a filter that is not one of the statuses is refused, in the caller's language
    const bad = await call(app, 'GET', '/admin/orders?status=lost', { token: staff.token, lang: 'ar' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
  });

  it('an order\'s page has the customer, their history with the shop, the next statuses and a WhatsApp confirmation in the order\'s language', async () => {
    const a = await registerShopper(app, { first_name: 'Hoda', last_name: 'Samir' });
    const first = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    await call(app, 'POST', `/orders/${first.order.id}/cancel`, { token: a.token, body: {} });
    const p2 = await seededProduct(app, 2);
    for (let i = 0; i < 2; i++) await call(app, 'POST', '/addToCard', { token: a.token, body: { product_id: p2.id } });
    const cart = (await call(app, 'GET', '/showCard', { token: a.token, lang: 'ar' })).body.data;
    const placed = await call(app, 'POST', '/checkout', {
      token: a.token, lang: 'ar',
      body: { card_id: cart.card_id, username: 'هدى سمير', phone: '01011112233', address_id: first.addressId, shiping: 'free', date: null, payment: 'delivery', point: 0 },
    });
    expect(placed.statusCode, placed.raw).toBe(200);
    const number = placed.body.data.order.number as string;
    const o = await adminOrder(number);
    expect(o.customer).toMatchObject({ id: a.user.id, email: a.body.email, earlier_orders: 1, earlier_cancelled: 1, earlier_delivered: 0 });
    expect(o.next_statuses).toEqual(['confirmed', 'cancelled']);
    expect(o.lang).toBe('ar');
    expect(o.whatsapp.phone).toBe('201011112233');
    expect(o.whatsapp.text).toContain(number);
    expect(o.whatsapp.text).toContain('هدى');
    expect(o.whatsapp.text).toContain('قطعتان');
    expect(o.whatsapp.text).toContain('الدفع عند الاستلام');
    expect(o.whatsapp.text.replace(number, '')).not.toMatch(/[0-9]/); // the amount and the day in Arabic digits
    expect(o.whatsapp.url).toBe(`https://wa.me/201011112233?text=${encodeURIComponent(o.whatsapp.text)}`);
    expect(o.status_history).toEqual([{ status: 'pending', at: expect.any(String), reason: null, by: null }]);
    // Unknown, and malformed, numbers
    expect((await call(app, 'GET', '/admin/orders/ATR-99999999', { token: staff.token })).statusCode).toBe(404);
    const malformed = await call(app, 'GET', '/admin/orders/1', { token: staff.token, lang: 'ar' });
    expect(malformed.statusCode).toBe(422);
  });

  it('moves an order one allowed step at a time, names who did it, and pays a cash order once delivered', async () => {
    const a = await registerShopper(app);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    const move = (status: string, lang?: 'en' | 'ar', reason?: string) =>
      call(app, 'POST', `/admin/orders/${order.number}/status`, { token: staff.token, lang, body: { status, ...(reason ? { reason } : {}) } });
    const skip = await move('delivered', 'ar');
    expect(skip.statusCode).toBe(422);
    expect(skip.body.message).toBe('حالة هذا الطلب «قيد الانتظار»، ولا يمكن نقله إلى «تم التوصيل».');
    expect((await move('delivered')).body.message).toBe('This order is "Pending" and cannot become "Delivered".');
    const confirmed = await move('confirmed');
    expect(confirmed.statusCode, confirmed.raw).toBe(200);
    expect(confirmed.body.message).toBe('The order is now "Confirmed".');
    expect(confirmed.body.data.order.status_history.at(-1)).toMatchObject({ status: 'confirmed', by: 'Karim Hassan', reason: null });
    expect(confirmed.body.data.order.next_statuses).toEqual(['on the way', 'cancelled']);
    for (const s of ['on the way', 'out for delivery']) expect((await move(s)).statusCode).toBe(200);
    expect((await adminOrder(order.number)).payment_status).toBe('unpaid');
    const delivered = await move('delivered');
    expect(delivered.body.data.order).toMatchObject({ status: 'delivered', payment_status: 'paid', next_statuses: [] });
    // the shopper sees the same history, with no staff names
    const mine = (await call(app, 'GET', `/orders/${order.id}`, { token: a.token })).body.data.order;
    expect(mine.status_history.map((h: { status: string }) => h.status)).toEqual(['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered']);
    expect(JSON.stringify(mine)).not.toContain('Karim');
    expect(mine.payment_status).toBe('paid');
  });

  it('a cancellation needs a reason, and gives stock, points and the coupon use back in one go', async () => {
    const a = await registerShopper(app);
    await app.db.updateTable('users').set({ points: 2000 }).where('id', '=', a.user.id).execute();
    const p0 = await seededProduct(app, 0);
    const stockBefore = p0.stock;
    const welcome = () => app.db.selectFrom('coupons').select('used_count').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow();
    const usesBefore = (await welcome()).used_count;
    const { order } = await placeOrder(app, a.token, [{ index: 0, qty: 3 }], { coupon: 'WELCOME10', points: true });
    expect((await seededProduct(app, 0)).stock).toBe(stockBefore - 3);
    expect((await welcome()).used_count).toBe(usesBefore + 1);
    const noReason = await call(app, 'POST', `/admin/orders/${order.number}/status`, { token: staff.token, lang: 'ar', body: { status: 'cancelled', reason: '   ' } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: ['يُرجى ذكر سبب إلغاء الطلب.'] });
    const long = await call(app, 'POST', `/admin/orders/${order.number}/status`, { token: staff.token, body: { status: 'cancelled', reason: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['reason']);
    const cancelled = await call(app, 'POST', `/admin/orders/${order.number}/status`, { token: staff.token, body: { status: 'cancelled', reason: 'The customer did not answer three calls' } });
    expect(cancelled.statusCode, cancelled.raw).toBe(200);
    expect(cancelled.body.data.order.status_history.at(-1)).toMatchObject({ status: 'cancelled', by: 'Karim Hassan', reason: 'The customer did not answer three calls' });
    expect((await seededProduct(app, 0)).stock).toBe(stockBefore);
    expect((await welcome()).used_count).toBe(usesBefore);
    const points = (await call(app, 'GET', '/user/profile', { token: a.token })).body.data.user.points;
    expect(points).toBe(2000);
    // a second cancellation is refused and changes nothing
    const again = await call(app, 'POST', `/admin/orders/${order.number}/status`, { token: staff.token, body: { status: 'cancelled', reason: 'again' } });
    expect(again.statusCode).toBe(422);
    expect((await seededProduct(app, 0)).stock).toBe(stockBefore);
  });

  it('notes on an order, with who wrote them', async () => {
    const a = await registerShopper(app);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    const res = await call(app, 'POST', `/admin/orders/${order.number}/notes`, { token: staff.token, lang: 'ar', body: { text: 'اتصلت بها، أكدت الطلب' } });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('تمت إضافة الملاحظة.');
    expect(res.body.data.order.notes).toEqual([{ by: 'Karim Hassan', text: 'اتصلت بها، أكدت الطلب', at: expect.any(String) }]);
    const empty = await call(app, 'POST', `/admin/orders/${order.number}/notes`, { token: staff.token, body: { text: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['text']);
    expect((await call(app, 'POST', '/admin/orders/ATR-99999999/notes', { token: staff.token, body: { text: 'x' } })).statusCode).toBe(404);
  });
});

describe('a wallet payment', () => {
  it('the shopper reports the transfer, the staff record it paid; nobody else can', async () => {
    const a = await registerShopper(app);
    const other = await registerShopper(app);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }], { body: { payment: 'cach' } });
    expect((await adminOrder(order.number)).payment_status).toBe('awaiting');
    const report = (token: string, body: unknown, lang?: 'en' | 'ar') => call(app, 'POST', `/orders/${order.id}/payment`, { token, body, lang });
    const good = { sender_phone: '٠١٠٥٥٥٥٦٦٦٦', reference: 'VC-123456' };
    expect((await report(other.token, good)).statusCode).toBe(404);
    const long = await report(a.token, { ...good, reference: 'x'.repeat(500) }, 'ar');
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['reference']);
    const badPhone = await report(a.token, { ...good, sender_phone: '123' });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.body.errors.sender_phone).toEqual(['Phone must be 11 digits.']);
    const before = (await call(app, 'GET', '/admin/dashboard', { token: staff.token })).body.data;
    const reported = await report(a.token, good, 'ar');
    expect(reported.statusCode, reported.raw).toBe(200);
    expect(reported.body.message).toBe('شكراً لك! سنراجع التحويل ونؤكد طلبك.');
    expect(reported.body.data.order).toMatchObject({ payment_status: 'reported', payment_sender_phone: '01055556666', payment_reference: 'VC-123456' });
    const dashboard = (await call(app, 'GET', '/admin/dashboard', { token: staff.token })).body.data;
    // The report moves the order from the dashboard's "awaiting payment" to its "transfers to check".
    expect(dashboard.payment_reported).toBe(before.payment_reported + 1);
    expect(dashboard.awaiting_payment).toBe(before.awaiting_payment - 1);
    const listed = (await call(app, 'GET', '/admin/orders?payment_status=reported', { token: staff.token })).body.data.orders;
    expect(listed.map((o: { number: string }) => o.number)).toContain(order.number);

    const paid = await call(app, 'POST', `/admin/orders/${order.number}/payment`, { token: staff.token, body: { paid: true, reference: 'VC-123456-OK' } });
    expect(paid.statusCode, paid.raw).toBe(200);
    expect(paid.body.data.order).toMatchObject({ payment_status: 'paid', payment_reference: 'VC-123456-OK' });
    expect((await report(a.token, good)).body.message).toBe('This order is already paid.');
    const twice = await call(app, 'POST', `/admin/orders/${order.number}/payment`, { token: staff.token, body: { paid: true } });
    expect(twice.statusCode).toBe(422);
    const notTrue = await call(app, 'POST', `/admin/orders/${order.number}/payment`, { token: staff.token, body: { paid: false } });
    expect(notTrue.statusCode).toBe(422);
  });

  it('a cash order has no transfer to report', async () => {
    const a = await registerShopper(app);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    const res = await call(app, 'POST', `/orders/${order.id}/payment`, { token: a.token, lang: 'ar', body: { sender_phone: '01055556666', reference: 'X1' } });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe('هذا الطلب يُدفع عند الاستلام: لا يوجد تحويل للإبلاغ عنه.');
  });
});

describe('the shopper cancels their own order', () => {
  it('while it is pending: stock and points come back; not once confirmed; never another\'s', async () => {
    const a = await registerShopper(app);
    const other = await registerShopper(app);
    const p2 = await seededProduct(app, 2);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 2 }]);
    expect((await call(app, 'POST', `/orders/${order.id}/cancel`, { token: other.token, body: {} })).statusCode).toBe(404);
    const res = await call(app, 'POST', `/orders/${order.id}/cancel`, { token: a.token, lang: 'ar', body: { reason: 'طلبت بالخطأ' } });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe(`تم إلغاء طلبك ${order.number}.`);
    expect(res.body.data.order.status).toBe('cancelled');
    expect(res.body.data.order.status_history.at(-1)).toMatchObject({ status: 'cancelled', reason: 'طلبت بالخطأ' });
    expect((await seededProduct(app, 2)).stock).toBe(p2.stock);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('target', '=', `order ${order.number}`).execute();
    expect(audit.map((e) => e.action)).toEqual(['order.cancelled_by_shopper']);

    const second = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    await call(app, 'POST', `/admin/orders/${second.order.number}/status`, { token: staff.token, body: { status: 'confirmed' } });
    const late = await call(app, 'POST', `/orders/${second.order.id}/cancel`, { token: a.token, body: {} });
    expect(late.statusCode).toBe(422);
    expect(late.body.message).toBe('This order can no longer be cancelled: it has been confirmed. Please call us.');
  });
});

describe('messages, customers, points and the audit', () => {
  it('the contact form\'s message is in the inbox, unread first, until handled', async () => {
    const sent = await call(app, 'POST', '/contact', { body: { name: 'Amal Said', email: 'amal@example.com', phone: '01077778888', message: 'Do you deliver to Aswan?' } });
    expect(sent.statusCode).toBe(200);
    const inbox = (await call(app, 'GET', '/admin/messages', { token: staff.token })).body.data;
    const m = inbox.messages[0];
    expect(m).toMatchObject({ name: 'Amal Said', message: 'Do you deliver to Aswan?', handled: false, handled_at: null });
    expect((await call(app, 'GET', '/admin/dashboard', { token: staff.token })).body.data.unread_messages).toBeGreaterThanOrEqual(1);
    const handled = await call(app, 'POST', `/admin/messages/${m.id}/handled`, { token: staff.token, lang: 'ar' });
    expect(handled.statusCode).toBe(200);
    expect(handled.body.data.message.handled).toBe(true);
    const unread = (await call(app, 'GET', '/admin/messages?handled=false', { token: staff.token })).body.data.messages;
    expect(unread.map((x: { id: number }) => x.id)).not.toContain(m.id);
    expect((await call(app, 'POST', '/admin/messages/999999/handled', { token: staff.token })).statusCode).toBe(404);
  });

  it('customers: searched by Arabic digits; the owner adjusts points with a reason, never below zero', async () => {
    const a = await registerShopper(app, { first_name: 'Rania', last_name: 'Lotfy', phone: '01144445555' });
    const found = (await call(app, 'GET', `/admin/customers?q=${encodeURIComponent('٠١١٤٤٤٤٥٥٥٥')}`, { token: staff.token })).body.data.customers;
    expect(found.map((c: { id: number }) => c.id)).toEqual([a.user.id]);
    expect((await call(app, 'GET', '/admin/customers?q=rania', { token: staff.token })).body.data.customers[0].name).toBe('Rania Lotfy');
    const staffList = (await call(app, 'GET', `/admin/customers?q=${encodeURIComponent(staff.email)}`, { token: staff.token })).body.data.customers;
    expect(staffList).toEqual([]); // staff are not customers
    const adjust = (delta: number, reason: string, lang?: 'en' | 'ar') =>
      call(app, 'POST', `/admin/customers/${a.user.id}/points`, { token: owner, lang, body: { delta, reason } });
    const added = await adjust(150, 'Sorry for the late delivery', 'ar');
    expect(added.statusCode, added.raw).toBe(200);
    expect(added.body.message).toBe('أصبح رصيد النقاط ١٥٠.');
    expect(added.body.data.customer.points).toBe(150);
    expect(added.body.data.customer.points_history[0]).toMatchObject({ delta: 150, reason: 'adjusted: Sorry for the late delivery' });
    const below = await adjust(-151, 'too much');
    expect(below.statusCode).toBe(422);
    expect(below.body.message).toBe('This would take the balance below zero: at most 150 can be taken.');
    expect((await adjust(0, 'nothing')).statusCode).toBe(422);
    expect((await adjust(10, '')).statusCode).toBe(422);
    expect((await adjust(-150, 'back to zero')).body.data.customer.points).toBe(0);
    expect((await call(app, 'POST', '/admin/customers/999999/points', { token: owner, body: { delta: 1, reason: 'x' } })).statusCode).toBe(404);
  });

  it('every back-office write is in the audit, which no route can change', async () => {
    const a = await registerShopper(app);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    await call(app, 'POST', `/admin/orders/${order.number}/status`, { token: staff.token, body: { status: 'confirmed' } });
    const entries = (await call(app, 'GET', '/admin/audit', { token: owner })).body.data.entries;
    expect(entries[0]).toMatchObject({
      action: 'order.status', target: `order ${order.number}`, by: { name: 'Karim Hassan' },
      before: { status: 'pending' }, after: { status: 'confirmed' },
    });
    const spec = (await call(app, 'GET', '/openapi.json')).body;
    expect(Object.keys(spec.paths['/api/admin/audit'])).toEqual(['get']);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await call(app, method, '/admin/audit', { token: owner, body: {} })).statusCode).toBe(404);
    }
  });

  it('the dashboard counts today\'s orders and their revenue, orders per status, and low stock', async () => {
    const before = (await call(app, 'GET', '/admin/dashboard', { token: staff.token, lang: 'ar' })).body.data;
    const a = await registerShopper(app);
    const { order } = await placeOrder(app, a.token, [{ index: 2, qty: 1 }]);
    const p5 = await seededProduct(app, 5);
    await app.db.updateTable('products').set({ stock: 2 }).where('id', '=', p5.id).execute();
    const after = (await call(app, 'GET', '/admin/dashboard', { token: staff.token, lang: 'ar' })).body.data;
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.revenue).toBeCloseTo(before.today.revenue + order.total, 2);
    expect(after.by_status.pending).toBe(before.by_status.pending + 1);
    expect(Object.keys(after.by_status)).toEqual(['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered', 'cancelled']);
    expect(after.low_stock.find((p: { id: number }) => p.id === p5.id)).toMatchObject({ stock: 2, name: p5.name_ar });
  });
});

describe('the command line', () => {
  it('staff:add makes an account with a one-time password that must be changed before the back office opens', async () => {
    const shop = await makeFileApp('staff');
    try {
      const lines: string[] = [];
      const run = (...argv: string[]) => runShop(argv, shop.file, (l) => lines.push(l));
      expect(await run('staff:add', 'mariam@attar.eg', '--role', 'staff', '--name', 'Mariam Ali')).toBe(0);
      const password = /One-time password: (\S+)/.exec(lines.join('\n'))![1];
      expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
      shop.app.tokens.clearCache();
      const login = await call(shop.app, 'POST', '/user/login', { body: { login: 'mariam@attar.eg', password } });
      expect(login.body.data.user).toMatchObject({ role: 'staff', must_change_password: true, first_name: 'Mariam' });
      const token = login.body.data.token;
      const blocked = await call(shop.app, 'GET', '/admin/orders', { token, lang: 'ar' });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.body.message).toBe('يُرجى اختيار كلمة مرور جديدة قبل المتابعة.');
      const changed = await call(shop.app, 'POST', '/user/change-password', { token, body: { current_password: password, password: 'mariam-own-1', password_confirmation: 'mariam-own-1' } });
      expect(changed.statusCode, changed.raw).toBe(200);
      expect((await call(shop.app, 'GET', '/admin/orders', { token })).statusCode).toBe(200);

      // staff:reset: a new one-time password, every session signed out
      lines.length = 0;
      expect(await run('staff:reset', 'mariam@attar.eg')).toBe(0);
      const fresh = /password for mariam@attar\.eg: (\S+)/.exec(lines.join('\n'))![1];
      shop.app.tokens.clearCache();
      expect((await call(shop.app, 'GET', '/admin/orders', { token })).statusCode).toBe(401);
      const again = await call(shop.app, 'POST', '/user/login', { body: { login: 'mariam@attar.eg', password: fresh } });
      expect(again.body.data.user.must_change_password).toBe(true);

      // a shopper is not reset; a bad role is a usage error; with --password no change is asked
      expect(await run('staff:reset', 'demo@attar.eg')).toBe(1);
      expect(await run('staff:add', 'x@attar.eg', '--role', 'king')).toBe(2);
      expect(await run('staff:add', 'omar@attar.eg', '--role', 'owner', '--password', 'omar-pass-1')).toBe(0);
      const omar = await call(shop.app, 'POST', '/user/login', { body: { login: 'omar@attar.eg', password: 'omar-pass-1' } });
      expect(omar.body.data.user).toMatchObject({ role: 'owner', must_change_password: false });
      const audit = await shop.app.db.selectFrom('audit_log').select(['action', 'target']).orderBy('id').execute();
      expect(audit.map((e) => e.action)).toEqual(['staff.add', 'staff.reset', 'staff.add']);
    } finally {
      await shop.dispose();
    }
  });
});

describe('the orders list by day', () => {
  it('takes Cairo days in any digits, and refuses a day the calendar does not have', async () => {
    const today = app.carts.today();
    const ok = await call(app, 'GET', `/admin/orders?from=${encodeURIComponent(today.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]))}&to=${today}`, { token: staff.token });
    expect(ok.statusCode, ok.raw).toBe(200);
    expect(ok.body.data.meta.total).toBeGreaterThan(0);
    const before = await call(app, 'GET', '/admin/orders?to=2000-01-01', { token: staff.token });
    expect(before.body.data.orders).toEqual([]);
    const bad = await call(app, 'GET', '/admin/orders?from=2026-23-40', { token: staff.token, lang: 'ar' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors).toEqual({ from: ['يُرجى إدخال تاريخ صحيح (YYYY-MM-DD).'] });
  });
});
