// The order mails (docs/mail.md, "Order mails"): written in the transaction
// of what they tell, in the language the shopper ordered in, and received by
// a real SMTP server started here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, loginOwner, makeApp, makeStaff, placeOrder, registerShopper, seededProduct } from './helpers.ts';
import { partsOf, startMailServer, type MailServer } from './mail-server.ts';
import { orderCancelledMail, orderPlacedMail, orderStatusMail, resetMail, type OrderForMail } from '../../server/mail/templates.ts';
import { formatMoney } from '../../server/i18n/messages.ts';

let smtp: MailServer;
let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  smtp = await startMailServer();
  app = await makeApp({}, { smtpUrl: smtp.url, publicUrl: 'https://attar.test' });
  owner = await loginOwner(app);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Sends what is due; answers the mails received meanwhile to `to`, decoded. */
async function mailsTo(to: string, since: number) {
  await app.mail.drain();
  return smtp.received.slice(since).filter((m) => m.to.includes(to)).map((m) => partsOf(m.raw));
}

const LATIN_DIGIT = /[0-9]/;
/** Every address in a mail: only the shop's own, never a remote image, font or style sheet. */
function expectOnlyShopLinks(html: string) {
  expect(html).not.toMatch(/<img|<link|url\(|@import|<script/i);
  for (const url of html.match(/https?:\/\/[^\s"'<]+/g) ?? []) expect(url.startsWith('https://attar.test/trackOrders/')).toBe(true);
}

describe('order mails', () => {
  it('confirms an order in English: each line with its smells, the totals, the day, the address and cash on delivery', async () => {
    const { token, body } = await registerShopper(app);
    const since = smtp.received.length;
    const { order } = await placeOrder(app, token, [{ index: 0, qty: 2 }, { index: 2, qty: 1 }]);
    const detail = (await call(app, 'GET', `/orders/${order.id}`, { token })).body.data.order;
    const mails = await mailsTo(body.email, since);
    expect(mails).toHaveLength(1);
    const { subject, html, text } = mails[0];
    expect(subject).toBe(`We received your order ${order.number}`);
    expect(html).toContain('<html lang="en" dir="ltr">');
    for (const item of detail.items) {
      expect(text).toContain(item.name);
      if (item.smell.length > 0) expect(text).toContain(`Smells: ${item.smell.join(', ')}`);
    }
    expect(text).toContain(`Total: ${formatMoney('en', Math.round(detail.total * 100))}`);
    expect(text).toContain('Delivered by: ');
    expect(text).toContain('5 Nile St');
    expect(text).toContain('in cash to the courier');
    expect(text).toContain(`https://attar.test/trackOrders/${order.id}/${order.number}?lang=en`);
    expectOnlyShopLinks(html);
    const row = await app.db.selectFrom('mails').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'order_placed', status: 'sent', lang: 'en', to_address: body.email });
  });

  it('confirms a Vodafone Cash order in Arabic: right to left, Arabic digits, the wallet number and what to mention', async () => {
    const { token, body } = await registerShopper(app);
    const since = smtp.received.length;
    const { order } = await placeOrder(app, token, [{ index: 0, qty: 1 }], { body: { payment: 'cach', shiping: 'free' }, lang: 'ar' });
    const mails = await mailsTo(body.email, since);
    expect(mails).toHaveLength(1);
    const { subject, html, text } = mails[0];
    expect(subject).toBe(`وصلنا طلبك ${order.number}`);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<div dir="rtl"');
    expect(text).toContain('ادفع بفودافون كاش');
    expect(text).toContain('رقم محفظتنا ٠١٠١٢٣٤٥٦٧٨');
    expect(text).toContain(`اذكر رقم طلبك ${order.number}`);
    expect(text).toContain('ج.م.');
    // Every number is in Arabic digits but the order number and the link's.
    const rest = text.replaceAll(order.number, '').replace(/https:\/\/\S+/g, '').replace('5 Nile St', '');
    expect(rest).not.toMatch(LATIN_DIGIT);
    expect(text).toContain(`?lang=ar`);
    expectOnlyShopLinks(html);
  });

  it('tells each step and a cancellation by the shop with its reason, each in the order\'s language', async () => {
    const { token, body } = await registerShopper(app);
    const { order } = await placeOrder(app, token, [{ index: 2, qty: 1 }], { lang: 'ar' });
    await mailsTo(body.email, 0);
    const steps: [string, string][] = [['confirmed', 'تم التأكيد'], ['on the way', 'في الطريق'], ['out for delivery', 'خرج للتوصيل'], ['delivered', 'تم التوصيل']];
    for (const [status, name] of steps) {
      const since = smtp.received.length;
      // The staff member works in English: the mail stays in the shopper's Arabic.
      const res = await call(app, 'POST', `/admin/orders/${order.number}/status`, { token: owner, body: { status } });
      expect(res.statusCode, res.raw).toBe(200);
      const mails = await mailsTo(body.email, since);
      expect(mails.map((m) => m.subject)).toEqual([`طلبك ${order.number}: ${name}`]);
      expect(mails[0].html).toContain('dir="rtl"');
      if (status === 'out for delivery') expect(mails[0].text).toContain('نقداً لمندوب التوصيل');
    }

    const since = smtp.received.length;
    const second = await placeOrder(app, token, [{ index: 2, qty: 1 }]);
    const res = await call(app, 'POST', `/admin/orders/${second.order.number}/status`, { token: owner, body: { status: 'cancelled', reason: 'Out of stock <b>today</b>' } });
    expect(res.statusCode, res.raw).toBe(200);
    const [placed, cancelled, ...more] = await mailsTo(body.email, since);
    expect(more).toEqual([]);
    expect(placed.subject).toBe(`We received your order ${second.order.number}`);
    expect(cancelled.subject).toBe(`Your order ${second.order.number} was cancelled`);
    expect(cancelled.text).toContain('We cancelled your order');
    expect(cancelled.text).toContain('Reason: Out of stock <b>today</b>');
    expect(cancelled.html).toContain('Reason: Out of stock &lt;b&gt;today&lt;/b&gt;');
  });

  it('tells a shopper who cancelled their own order, and gives back the points it used', async () => {
    const { token, body } = await registerShopper(app);
    await app.db.updateTable('users').set({ points: 5000 }).where('email', '=', body.email).execute();
    const { order } = await placeOrder(app, token, [{ index: 2, qty: 1 }], { points: true });
    await app.mail.drain();
    const since = smtp.received.length;
    const res = await call(app, 'POST', `/orders/${order.id}/cancel`, { token, body: { reason: 'Ordered twice' } });
    expect(res.statusCode, res.raw).toBe(200);
    const mails = await mailsTo(body.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('was cancelled, as you asked');
    expect(mails[0].text).toContain('Reason: Ordered twice');
    expect(mails[0].text).toMatch(/We returned the [\d,]+ points you used/);
  });

  it('writes nothing for an order that was refused, and never holds an order back for the mail server', async () => {
    const { token, body } = await registerShopper(app);
    const before = await app.db.selectFrom('mails').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // Refused: the whole transaction, the mail with it.
    const product = await seededProduct(app, 2);
    await app.db.updateTable('products').set({ stock: 1 }).where('id', '=', product.id).execute();
    const add = await call(app, 'POST', '/addToCard', { token, body: { product_id: product.id } });
    expect(add.statusCode).toBe(200);
    await app.db.updateTable('products').set({ stock: 0 }).where('id', '=', product.id).execute();
    const cart = (await call(app, 'GET', '/showCard', { token })).body.data;
    const address = await call(app, 'POST', '/user/add/address', {
      token, body: { title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'cairo' },
    });
    const refused = await call(app, 'POST', '/checkout', {
      token, body: { card_id: cart.card_id, username: 'Salma Nabil', phone: '01012345678', address_id: address.body.data.id, shiping: 'free', date: null, payment: 'delivery', point: 0 },
    });
    expect(refused.statusCode).toBe(422);
    const after = await app.db.selectFrom('mails').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await app.db.updateTable('products').set({ stock: 50 }).where('id', '=', product.id).execute();

    // The mail server refuses: the order is placed all the same, its mail waits for a later try.
    smtp.refuseNext(1);
    const since = smtp.received.length;
    const { order } = await placeOrder(app, token, [{ index: 2, qty: 1 }], { addressId: address.body.data.id });
    expect(await mailsTo(body.email, since)).toEqual([]);
    const row = await app.db.selectFrom('mails').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toContain('451');
    await app.mail.drain(Number(row.next_attempt_at));
    const retried = smtp.received.slice(since).filter((m) => m.to.includes(body.email));
    expect(retried).toHaveLength(1);
  });
});

describe('an order mail\'s words', () => {
  const order: OrderForMail = {
    number: 'ATR-10042', name: '<script>alert(1)</script>', link: 'https://attar.test/trackOrders/1/ATR-10042?lang=ar',
    status: 'pending', payment: 'delivery', paymentStatus: 'unpaid', shiping: 'date', deliveryDate: '2026-12-03', walletPhone: '01012345678',
    address: { title: 'البيت', address: '"5" Nile St', city: 'المعادي', governorate: 'القاهرة', phone: '01012345678' },
    items: [{ name: 'Oud "Royal" </td>', qty: 3, price: 125_000, smells: ['ورد', 'عود', 'ورد'], gift: 'علبة هدايا' }],
    subtotal: 375_000, couponCode: 'EID', couponDiscount: 37_500, pointsUsed: 0, pointsDiscount: 0, pointsEarned: 11, shippingFee: 0, total: 337_500,
  };

  it('writes every mail in both languages: its direction, its digits, and no address but the shop\'s', () => {
    const typed = { ...order, name: 'Salma', items: [{ ...order.items[0], name: 'عود ملكي' }], address: { ...order.address, address: 'شارع النيل' } };
    const wallet = { ...typed, payment: 'cach', paymentStatus: 'reported', pointsUsed: 1200, pointsDiscount: 12_000 };
    for (const lang of ['en', 'ar'] as const) {
      const mails = [
        resetMail(lang, { name: 'Salma', link: 'https://attar.test/reset-password?token=abc&lang=ar', minutes: 30 }),
        orderPlacedMail(lang, typed),
        orderPlacedMail(lang, wallet),
        ...(['confirmed', 'on the way', 'out for delivery', 'delivered'] as const).map((status) => orderStatusMail(lang, typed, status)),
        orderCancelledMail(lang, wallet, { byShopper: false, reason: 'نفد المنتج' }),
        orderCancelledMail(lang, typed, { byShopper: true, reason: null }),
      ];
      for (const { subject, html, text } of mails) {
        expect(subject).not.toBe('');
        expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(html).not.toMatch(/<img|<link|<script|url\(|@import/i);
        for (const url of html.match(/https?:\/\/[^\s"'<]+/g) ?? []) expect(url.startsWith('https://attar.test/')).toBe(true);
        const words = text.replaceAll(order.number, '').replace(/https:\/\/\S+/g, '');
        if (lang === 'ar') expect(words, text).not.toMatch(/[0-9]/);
        else expect(words, text).not.toMatch(/[٠-٩]/);
      }
    }
  });

  it('escapes what the shopper and the owner typed, and says counts with Arabic plural forms', () => {
    const { html, text } = orderPlacedMail('ar', order);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Oud &quot;Royal&quot; &lt;/td&gt;');
    expect(text).toContain('٣ × ');
    expect(text).toContain('الروائح: ورد، عود، ورد');
    expect(text).toContain('الهدية: علبة هدايا');
    expect(text).toContain('الكوبون EID');
    expect(text).toContain('يوم التوصيل: ٣ ديسمبر ٢٠٢٦');
    expect(text).toContain('يكسبك هذا الطلب ١١ نقطة');
    expect(orderPlacedMail('ar', { ...order, pointsEarned: 2 }).text).toContain('يكسبك هذا الطلب نقطتين');
    expect(orderPlacedMail('ar', { ...order, pointsEarned: 5 }).text).toContain('يكسبك هذا الطلب ٥ نقاط');
    expect(orderPlacedMail('en', { ...order, pointsEarned: 1 }).text).toContain('This order earns you 1 point.');
  });
});

describe('the owner\'s outbox', () => {
  it('lists the mails newest first with their order, shows one, and sends a failed one again', async () => {
    const { token, body } = await registerShopper(app);
    // Six refusals: the order's confirmation fails for good.
    smtp.refuseNext(6);
    const { order } = await placeOrder(app, token, [{ index: 2, qty: 1 }], { lang: 'ar' });
    let row = await app.db.selectFrom('mails').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    for (let i = 0; i < 6 && row.status !== 'failed'; i++) {
      await app.mail.drain(Number(row.next_attempt_at));
      row = await app.db.selectFrom('mails').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    }
    expect(row.status).toBe('failed');

    const failed = await call(app, 'GET', '/admin/mails?status=failed', { token: owner });
    expect(failed.statusCode, failed.raw).toBe(200);
    expect(failed.body.data.failed).toBeGreaterThanOrEqual(1);
    const listed = failed.body.data.mails.find((m: { id: number }) => m.id === row.id);
    expect(listed).toMatchObject({ kind: 'order_placed', lang: 'ar', to: body.email, status: 'failed', attempts: 6, order_number: order.number, next_attempt_at: null });
    expect(listed.last_error).toContain('451');
    expect(listed).not.toHaveProperty('html');

    const all = await call(app, 'GET', '/admin/mails', { token: owner });
    const ids = all.body.data.mails.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const one = await call(app, 'GET', `/admin/mails/${row.id}`, { token: owner });
    expect(one.body.data.mail.html).toContain('dir="rtl"');
    expect(one.body.data.mail.text).toContain(order.number);

    // Staff may not read it: a reset mail's link signs its reader in as the shopper.
    const { token: staff } = await makeStaff(app);
    expect((await call(app, 'GET', '/admin/mails', { token: staff })).statusCode).toBe(403);
    // The owner's dashboard counts it; staff's has no such figure.
    expect((await call(app, 'GET', '/admin/dashboard', { token: owner })).body.data.failed_mails).toBe(failed.body.data.failed);
    expect((await call(app, 'GET', '/admin/dashboard', { token: staff })).body.data.failed_mails).toBeNull();

    const since = smtp.received.length;
    const retried = await call(app, 'POST', `/admin/mails/${row.id}/retry`, { token: owner, lang: 'ar' });
    expect(retried.statusCode, retried.raw).toBe(200);
    expect(retried.body.message).toBe('سيُعاد إرسال الرسالة بعد لحظات.');
    await app.mail.drain();
    expect(smtp.received.slice(since).filter((m) => m.to.includes(body.email))).toHaveLength(1);
    const sent = await app.db.selectFrom('mails').select(['status', 'attempts']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(sent).toEqual({ status: 'sent', attempts: 1 });
    const again = await call(app, 'POST', `/admin/mails/${row.id}/retry`, { token: owner });
    expect(again.statusCode).toBe(422);
    expect((await call(app, 'POST', '/admin/mails/999999/retry', { token: owner })).statusCode).toBe(404);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'mail.retry').execute();
    expect(audit).toContainEqual({ action: 'mail.retry', target: `mail ${row.id}` });
  });
});
