// The owner's settings (/admin/settings) and staff list (/admin/staff), and
// prices that changed under a shopper's cart: on a real SQLite database, in
// both languages, by the owner and refused to staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  MEDIA_DIR, OWNER_PASSWORD, addAddress, call, checkoutBody, completeCart, loginAs, loginOwner, makeApp, makeFileApp, makeStaff,
  registerShopper, seededProduct,
} from './helpers.ts';
import { runShop } from '../../server/cli/shop.ts';
import { DEMO_OWNER } from '../../server/db/seed/seed.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed/seed.ts';
import { GOVERNORATES } from '../../server/contract/governorates.ts';
import { formatMoney } from '../../server/i18n/messages.ts';

let app: FastifyInstance;
let owner: string;
let staff: { id: number; token: string; email: string };

beforeAll(async () => {
  app = await makeApp();
  await app.db.updateTable('products').set({ stock: 10_000 }).execute();
  owner = await loginOwner(app);
  staff = await makeStaff(app, 'staff', 'Karim Hassan');
});
afterAll(() => app?.close());

const settingsRows = async () => app.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
const auditCount = async () => Number((await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const lastAudit = async () => {
  const row = await app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { ...row, before: JSON.parse(row.before_json ?? 'null'), after: JSON.parse(row.after_json ?? 'null') };
};
const put = (body: unknown, lang?: 'en' | 'ar', token = owner) => call(app, 'PUT', '/admin/settings', { token, body, lang });

/** An address in `government` for the shopper; answers its id. */
async function addressIn(token: string, government: string) {
  const res = await call(app, 'POST', '/user/add/address', { token, body: { title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Town', government } });
  expect(res.statusCode, res.raw).toBe(200);
  return res.body.data.id as number;
}

describe('settings', () => {
  it('the owner reads every rule, with a fee per governorate (all 27, none set: null); staff and visitors may not', async () => {
    const res = await call(app, 'GET', '/admin/settings', { token: owner });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { settings } = res.body.data;
    expect(settings).toMatchObject({
      shipping_fee: 60, free_shipping_threshold: 1500, standard_delivery_days: 7, scheduled_min_days: 2, scheduled_max_days: 30,
      closed_weekdays: [5], point_value: 0.05, min_points_to_use: 1000, points_per_egp: 1, wallet_phone: '01012345678',
    });
    expect(Object.keys(settings.governorate_fees)).toEqual(GOVERNORATES.map((g) => g.code));
    expect(Object.values(settings.governorate_fees).every((fee) => fee === null)).toBe(true);
    expect((await call(app, 'GET', '/admin/settings', { token: staff.token })).statusCode).toBe(403);
    expect((await call(app, 'PUT', '/admin/settings', { token: staff.token, body: { shipping_fee: 1 } })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/admin/settings')).statusCode).toBe(401);
  });

  it('refuses bad input field by field, in the owner\'s language, and writes nothing', async () => {
    const rows = await settingsRows();
    const audits = await auditCount();
    const cases: [unknown, string, string, string][] = [
      [{ shipping_fee: -5 }, 'shipping_fee', 'Must be at least 0.', 'يجب ألا يقل عن ٠.'],
      [{ free_shipping_threshold: 10.555 }, 'free_shipping_threshold', 'Use at most two decimals (piastres).', 'استخدم رقمين عشريين على الأكثر (قروش).'],
      [{ scheduled_min_days: 10, scheduled_max_days: 5 }, 'scheduled_max_days', 'Must be at least 10 days: the latest day cannot come before the earliest.', 'يجب ألا يقل عن ١٠ أيام: لا يمكن أن يسبق أبعد موعد أقرب موعد.'],
      [{ scheduled_max_days: 1 }, 'scheduled_max_days', 'Must be at least 2 days: the latest day cannot come before the earliest.', 'يجب ألا يقل عن يومين: لا يمكن أن يسبق أبعد موعد أقرب موعد.'],
      [{ wallet_phone: '01312345678' }, 'wallet_phone', 'Enter the wallet\'s mobile number: 11 digits starting with 010, 011, 012 or 015.', 'أدخل رقم المحفظة: ١١ رقماً تبدأ بـ ٠١٠ أو ٠١١ أو ٠١٢ أو ٠١٥.'],
      [{ governorate_fees: { atlantis: 40 } }, 'governorate_fees.atlantis', 'There is no governorate "atlantis".', 'لا توجد محافظة باسم "atlantis".'],
      [{ governorate_fees: { cairo: -1 } }, 'governorate_fees.cairo', 'Must be at least 0.', 'يجب ألا يقل عن ٠.'],
      [{ closed_weekdays: [0, 1, 2, 3, 4, 5, 6] }, 'closed_weekdays', 'At least one day of the week must stay open for delivery.', 'يجب أن يبقى يوم واحد على الأقل من أيام الأسبوع متاحاً للتوصيل.'],
      [{ closed_weekdays: [7] }, 'closed_weekdays.0', 'Must be at most 6.', 'يجب ألا يزيد عن ٦.'],
      [{ point_value: 0 }, 'point_value', 'Must be at least 0.01.', 'يجب ألا يقل عن ٠٫٠١.'],
      [{ standard_delivery_days: 2.5 }, 'standard_delivery_days', 'This value has the wrong type.', 'نوع هذه القيمة غير صحيح.'],
      [{ time_zone: 'UTC' }, 'time_zone', 'This field is not part of this request.', 'هذا الحقل ليس من حقول هذا الطلب.'],
      [{ shipping_fee: '60' }, 'shipping_fee', 'This value has the wrong type.', 'نوع هذه القيمة غير صحيح.'],
    ];
    for (const [body, field, en, ar] of cases) {
      for (const [lang, text] of [['en', en], ['ar', ar]] as const) {
        const res = await put(body, lang);
        expect(res.statusCode, `${JSON.stringify(body)} ${res.raw}`).toBe(422);
        expect(res.body.errors?.[field], `${JSON.stringify(body)} ${res.raw}`).toEqual([text]);
      }
    }
    expect(await settingsRows()).toEqual(rows);
    expect(await auditCount()).toBe(audits);
  });

  it('saves what changed, audits only that, and the next request follows it: the cart, checkout and the delivery days', async () => {
    const audits = await auditCount();
    const res = await put({
      shipping_fee: 55.5, governorate_fees: { cairo: 40, 'أسوان': 90, giza: null }, closed_weekdays: [6, 5, 6],
      wallet_phone: '+20 ١٠٠ ٩٩٩ ٨٨٧٧', point_value: 0.05, min_points_to_use: 1000,
    }, 'ar');
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('تم حفظ الإعدادات.');
    const { settings } = res.body.data;
    expect(settings).toMatchObject({ shipping_fee: 55.5, closed_weekdays: [5, 6], wallet_phone: '01009998877', point_value: 0.05 });
    expect(settings.governorate_fees).toMatchObject({ cairo: 40, aswan: 90, giza: null, alexandria: null });
    expect(await settingsRows()).toEqual(expect.arrayContaining([
      { key: 'shippingFee', value: '5550' }, { key: 'governorateFees', value: 'aswan=9000,cairo=4000' },
      { key: 'closedWeekdays', value: '5,6' }, { key: 'walletPhone', value: '01009998877' },
    ]));
    expect(await auditCount()).toBe(audits + 1);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'settings.update', target: 'settings', user_id: (await app.db.selectFrom('users').select('id').where('email', '=', DEMO_OWNER.email).executeTakeFirstOrThrow()).id });
    // Only what changed: not the point value, the minimum or Giza (sent as they were).
    expect(entry.before).toEqual({
      shipping_fee: 60, closed_weekdays: [5], wallet_phone: '01012345678', 'governorate_fees.cairo': null, 'governorate_fees.aswan': null,
    });
    expect(entry.after).toEqual({
      shipping_fee: 55.5, closed_weekdays: [5, 6], wallet_phone: '01009998877', 'governorate_fees.cairo': 40, 'governorate_fees.aswan': 90,
    });

    // The next request: the shopper's cart, its fee per address, the wallet, the bookable days.
    const shopper = await registerShopper(app);
    const p = await seededProduct(app, 0);
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });
    const plain = (await call(app, 'GET', '/showCard', { token: shopper.token })).body.data;
    expect(plain).toMatchObject({ shiping: 55.5, shipping_governorate: null, phone: '01009998877', fee_varies_by_governorate: true });
    expect(plain.closed_weekdays).toEqual([5, 6]);
    expect(plain.delivery_days.every((d: string) => ![5, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
    const cairo = await addressIn(shopper.token, 'cairo');
    const aswan = await addressIn(shopper.token, 'aswan');
    const giza = await addressIn(shopper.token, 'giza');
    const feeTo = async (id: number) => (await call(app, 'GET', `/showCard?address_id=${id}`, { token: shopper.token })).body.data;
    expect(await feeTo(cairo)).toMatchObject({ shiping: 40, shipping_governorate: 'cairo' });
    expect(await feeTo(aswan)).toMatchObject({ shiping: 90, shipping_governorate: 'aswan' });
    expect(await feeTo(giza)).toMatchObject({ shiping: 55.5, shipping_governorate: 'giza' });
    const withFee = await feeTo(aswan);
    expect(withFee.summary.totalAfterShiping).toBeCloseTo(withFee.summary.total + 90, 2);
    // Another shopper's address is nobody's to ask about.
    const other = await registerShopper(app);
    const notYours = await call(app, 'GET', `/showCard?address_id=${cairo}`, { token: other.token, lang: 'ar' });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.body.message).toBe('لم يتم العثور على هذا العنوان.');

    // Checkout charges the address's governorate's fee.
    const cart = await completeCart(app, shopper.token);
    const day = plain.delivery_days[0];
    const placed = await call(app, 'POST', '/checkout', { token: shopper.token, body: checkoutBody(cart.card_id, aswan, { shiping: 'date', date: day, amount_seen: withFee.summary.totalAfterShiping }) });
    expect(placed.statusCode, placed.raw).toBe(200);
    const order = await app.db.selectFrom('orders').select(['shipping_fee', 'total', 'wallet_phone']).where('id', '=', placed.body.data.order.id).executeTakeFirstOrThrow();
    expect(order).toEqual({ shipping_fee: 9000, total: Math.round(withFee.summary.totalAfterShiping * 100), wallet_phone: '01009998877' });
  });

  it('a governorate set back to blank pays the default fee again; the same values again change nothing', async () => {
    await put({ governorate_fees: { cairo: 40 } });
    const res = await put({ governorate_fees: { Cairo: null } });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.data.settings.governorate_fees.cairo).toBeNull();
    expect((await lastAudit()).after).toEqual({ 'governorate_fees.cairo': null });
    const audits = await auditCount();
    const same = await put({ shipping_fee: res.body.data.settings.shipping_fee, governorate_fees: { cairo: null } }, 'en');
    expect(same.body.message).toBe('Nothing to save: the settings are as they were.');
    expect(await auditCount()).toBe(audits);
  });

  it('a row of the settings table wins over the environment, at the start and after a change; an empty row is no override', async () => {
    const shop = await makeFileApp('settings', { shippingFee: 7000 });
    try {
      const token = await loginOwner(shop.app);
      expect((await call(shop.app, 'GET', '/admin/settings', { token })).body.data.settings.shipping_fee).toBe(70);
      expect((await call(shop.app, 'PUT', '/admin/settings', { token, body: { shipping_fee: 50, closed_weekdays: [] } })).statusCode).toBe(200);
      await shop.app.close();
      const again = await makeApp({ shippingFee: 7000 }, { databaseUrl: shop.file });
      try {
        expect(again.settings.shippingFee).toBe(5000);
        expect(again.settings.closedWeekdays).toEqual([]);
        await again.db.updateTable('settings').set({ value: '' }).where('key', '=', 'shippingFee').execute();
        await again.shopSettings.reload();
        expect(again.settings.shippingFee).toBe(7000);
      } finally {
        await again.close();
      }
    } finally {
      await shop.dispose();
    }
  });
});

describe('staff', () => {
  it('lists the back office\'s people, owners first; staff may not', async () => {
    const res = await call(app, 'GET', '/admin/staff', { token: owner });
    expect(res.statusCode, res.raw).toBe(200);
    const list = res.body.data.staff as { email: string; role: string }[];
    expect(list[0]).toMatchObject({ email: DEMO_OWNER.email, role: 'owner' });
    expect(list).toContainEqual(expect.objectContaining({ email: staff.email, role: 'staff', name: 'Karim Hassan', must_change_password: false }));
    expect(list.every((m) => m.role !== 'shopper')).toBe(true);
    expect((await call(app, 'GET', '/admin/staff', { token: staff.token })).statusCode).toBe(403);
  });

  it('adds a new account with a one-time password, shown once, that must be changed at the first sign-in', async () => {
    const res = await call(app, 'POST', '/admin/staff', { token: owner, lang: 'ar', body: { email: ' Mona.Adel@Attar.eg ', name: 'Mona Adel', role: 'staff' } });
    expect(res.statusCode, res.raw).toBe(201);
    expect(res.body.message).toBe('تم إنشاء حساب \u2068mona.adel@attar.eg\u2069. سلّمه كلمة المرور المؤقتة أدناه.');
    const { member, one_time_password: password } = res.body.data;
    expect(member).toMatchObject({ email: 'mona.adel@attar.eg', name: 'Mona Adel', role: 'staff', must_change_password: true });
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    const token = await loginAs(app, 'mona.adel@attar.eg', password);
    expect((await call(app, 'GET', '/admin/orders', { token })).body.message).toBe('Please choose a new password before going on.');
    expect((await lastAudit())).toMatchObject({ action: 'staff.add', target: 'account mona.adel@attar.eg', after: { role: 'staff' } });
    // Not in any later answer.
    expect((await call(app, 'GET', '/admin/staff', { token: owner })).raw).not.toContain(password);
  });

  it('gives a shopper\'s account the role; it keeps its password', async () => {
    const shopper = await registerShopper(app);
    const res = await call(app, 'POST', '/admin/staff', { token: owner, body: { email: shopper.body.email, name: 'Whoever', role: 'owner' } });
    expect(res.statusCode, res.raw).toBe(201);
    expect(res.body.message).toBe(`${shopper.body.email} already had an account: it is now owner and keeps its own password.`);
    expect(res.body.data).toMatchObject({ one_time_password: null, member: { role: 'owner', name: 'Salma Nabil', must_change_password: false } });
    const token = await loginAs(app, shopper.body.email, 'secret123');
    expect((await call(app, 'GET', '/admin/audit', { token })).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'staff.role', before: { role: 'shopper' }, after: { role: 'owner' } });
  });

  it('refuses an account already on the list, a bad email, a missing name, a role that is not one, and any other field', async () => {
    const cases: [unknown, string, string, string][] = [
      [{ email: staff.email, name: 'X Y', role: 'owner' }, 'email', 'This account is already in the staff list: change its role there.', 'هذا الحساب موجود بالفعل في قائمة فريق العمل: غيّر دوره من هناك.'],
      [{ email: 'not-an-email', name: 'X Y', role: 'staff' }, 'email', 'Invalid email format.', 'صيغة البريد الإلكتروني غير صحيحة.'],
      [{ email: 'new1@attar.eg', name: '  ', role: 'staff' }, 'name', 'Required', 'مطلوب'],
      [{ email: 'new2@attar.eg', name: 'X Y', role: 'shopper' }, 'role', 'Must be one of: staff, owner.', 'يجب أن يكون أحد: staff, owner.'],
      [{ email: 'new3@attar.eg', name: 'X Y', role: 'staff', password: 'chosen-1' }, 'password', 'This field is not part of this request.', 'هذا الحقل ليس من حقول هذا الطلب.'],
    ];
    const audits = await auditCount();
    for (const [body, field, en, ar] of cases) {
      for (const [lang, text] of [['en', en], ['ar', ar]] as const) {
        const res = await call(app, 'POST', '/admin/staff', { token: owner, lang, body });
        expect(res.statusCode, res.raw).toBe(422);
        expect(res.body.errors?.[field], res.raw).toEqual([text]);
      }
    }
    expect(await auditCount()).toBe(audits);
    expect(await app.db.selectFrom('users').select('id').where('email', 'in', ['new1@attar.eg', 'new2@attar.eg', 'new3@attar.eg']).execute()).toEqual([]);
  });

  it('changes a member\'s role, never one\'s own, never an unknown one', async () => {
    const member = await makeStaff(app, 'staff', 'Hany Said');
    const up = await call(app, 'PUT', `/admin/staff/${member.id}`, { token: owner, lang: 'ar', body: { role: 'owner' } });
    expect(up.statusCode, up.raw).toBe(200);
    expect(up.body.message).toBe('أصبح دور \u2068Hany Said\u2069 الآن: مالك.');
    expect(up.body.data.member).toMatchObject({ id: member.id, role: 'owner' });
    expect(await lastAudit()).toMatchObject({ action: 'staff.role', before: { role: 'staff' }, after: { role: 'owner' } });
    expect((await call(app, 'PUT', `/admin/staff/${member.id}`, { token: owner, body: { role: 'owner' } })).body.message).toBe('Hany Said is already owner.');
    const me = (await call(app, 'GET', '/admin/staff', { token: owner })).body.data.staff.find((m: { email: string }) => m.email === DEMO_OWNER.email);
    for (const lang of ['en', 'ar'] as const) {
      const self = await call(app, 'PUT', `/admin/staff/${me.id}`, { token: owner, lang, body: { role: 'staff' } });
      expect(self.statusCode).toBe(422);
      expect(self.body.message).toBe(lang === 'en' ? 'You cannot change your own role or remove your own access. Another owner can.' : 'لا يمكنك تغيير دورك أو إزالة صلاحيتك بنفسك. يمكن لمالك آخر فعل ذلك.');
    }
    const shopper = await registerShopper(app);
    expect((await call(app, 'PUT', `/admin/staff/${shopper.user.id}`, { token: owner, body: { role: 'staff' } })).statusCode).toBe(404);
    expect((await call(app, 'PUT', '/admin/staff/999999', { token: owner, body: { role: 'staff' } })).statusCode).toBe(404);
    expect((await call(app, 'PUT', `/admin/staff/${member.id}`, { token: owner, body: { role: 'shopper' } })).statusCode).toBe(422);
    expect((await call(app, 'PUT', `/admin/staff/${member.id}`, { token: staff.token, body: { role: 'staff' } })).statusCode).toBe(403);
  });

  it('removing access makes the account a shopper\'s and signs out every one of its sessions: the next call is 401', async () => {
    const member = await makeStaff(app, 'staff', 'Nour Ali');
    const second = await loginAs(app, member.email, 'staff-pass-1');
    // Both sessions in use, so both sit in the token cache.
    expect((await call(app, 'GET', '/admin/orders', { token: member.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/user/profile', { token: second })).statusCode).toBe(200);
    const res = await call(app, 'POST', `/admin/staff/${member.id}/remove`, { token: owner, lang: 'en' });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('Nour Ali no longer has access to the back office and was signed out everywhere.');
    expect(res.body.data.member).toMatchObject({ id: member.id, role: 'shopper' });
    for (const token of [member.token, second]) {
      expect((await call(app, 'GET', '/admin/orders', { token })).statusCode).toBe(401);
      expect((await call(app, 'GET', '/user/profile', { token })).statusCode).toBe(401);
    }
    expect(await lastAudit()).toMatchObject({ action: 'staff.remove', target: `account ${member.email}`, before: { role: 'staff' }, after: { role: 'shopper' } });
    // Signing in again gives a shopper's account.
    const again = await loginAs(app, member.email, 'staff-pass-1');
    expect((await call(app, 'GET', '/admin/orders', { token: again })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/admin/staff/${member.id}/remove`, { token: owner })).statusCode).toBe(404);
    const me = (await call(app, 'GET', '/admin/staff', { token: owner })).body.data.staff.find((m: { email: string }) => m.email === DEMO_OWNER.email);
    const self = await call(app, 'POST', `/admin/staff/${me.id}/remove`, { token: owner });
    expect(self.statusCode).toBe(422);
    expect((await call(app, 'GET', '/admin/staff', { token: owner })).statusCode).toBe(200);
  });

  it('the shop is never left without an owner: two owners removing each other leave one, and the command line cannot demote the last', async () => {
    const shop = await makeFileApp('owners');
    try {
      const a = await makeStaff(shop.app, 'owner', 'Amr Owner');
      const first = await loginOwner(shop.app);
      const demo = (await shop.app.db.selectFrom('users').select('id').where('email', '=', DEMO_OWNER.email).executeTakeFirstOrThrow()).id;
      // Each removes the other, at once: whichever goes first, the second is refused (403 or the last owner).
      const [one, two] = await Promise.all([
        call(shop.app, 'POST', `/admin/staff/${a.id}/remove`, { token: first }),
        call(shop.app, 'POST', `/admin/staff/${demo}/remove`, { token: a.token }),
      ]);
      const codes = [one.statusCode, two.statusCode].sort();
      expect(codes[0], `${one.raw} ${two.raw}`).toBe(200);
      expect([401, 403, 422]).toContain(codes[1]);
      const owners = await shop.app.db.selectFrom('users').select('email').where('role', '=', 'owner').execute();
      expect(owners).toHaveLength(1);

      // The command line: the last owner stays one.
      const lines: string[] = [];
      expect(await runShop(['staff:add', owners[0].email, '--role', 'staff'], shop.file, (l) => lines.push(l))).toBe(1);
      expect(lines.join('\n')).toContain('last owner');
      expect(await shop.app.db.selectFrom('users').select('role').where('email', '=', owners[0].email).executeTakeFirstOrThrow()).toEqual({ role: 'owner' });
      // …and with another owner, it may.
      expect(await runShop(['staff:add', 'second@attar.eg', '--role', 'owner', '--password', 'second-pass'], shop.file, () => {})).toBe(0);
      expect(await runShop(['staff:add', owners[0].email, '--role', 'staff'], shop.file, () => {})).toBe(0);
      expect(await shop.app.db.selectFrom('users').select('role').where('email', '=', owners[0].email).executeTakeFirstOrThrow()).toEqual({ role: 'staff' });
    } finally {
      await shop.dispose();
    }
  });
});

describe('prices that changed under a cart', () => {
  it('a line says the price it was added at while today\'s differs, until the order is placed', async () => {
    const shopper = await registerShopper(app);
    const p = await seededProduct(app, 2);
    const unit = p.sale_price ?? p.price;
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });
    const line = async () => (await call(app, 'GET', '/showCard', { token: shopper.token })).body.data.product_in_card[0];
    expect(await line()).toMatchObject({ product_price: unit / 100, previous_price: null });
    await app.db.updateTable('products').set({ price: unit + 5000, sale_price: null }).where('id', '=', p.id).execute();
    expect(await line()).toMatchObject({ product_price: (unit + 5000) / 100, previous_price: unit / 100 });
    // Another unit, a quantity: still measured against the price it was added at.
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });
    expect(await line()).toMatchObject({ product_qty: 2, previous_price: unit / 100 });
    // Back to the first price: nothing to point out.
    await app.db.updateTable('products').set({ price: unit }).where('id', '=', p.id).execute();
    expect((await line()).previous_price).toBeNull();
    await app.db.updateTable('products').set({ price: unit + 5000 }).where('id', '=', p.id).execute();
    // Removed and added again: the shopper adds it at today's price.
    await call(app, 'POST', '/remove', { token: shopper.token, body: { product_id: p.id, qty: 2 } });
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });
    expect((await line()).previous_price).toBeNull();
    await app.db.updateTable('products').set({ price: p.price, sale_price: p.sale_price }).where('id', '=', p.id).execute();
  });

  it('checkout refuses an amount the shopper did not see, places nothing, and takes the one they see', async () => {
    const shopper = await registerShopper(app);
    const p = await seededProduct(app, 2);
    await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: p.id } });
    const cart = await completeCart(app, shopper.token);
    const address = await addAddress(app, shopper.token);
    const seen = cart.summary.total;
    await app.db.updateTable('products').set({ price: p.price + 5000, sale_price: null }).where('id', '=', p.id).execute();
    const key = 'price-change-attempt-1';
    const headers = { 'idempotency-key': key };
    const orders = async () => (await app.db.selectFrom('orders').select('id').where('user_id', '=', shopper.user.id).execute()).length;
    for (const lang of ['en', 'ar'] as const) {
      const refused = await call(app, 'POST', '/checkout', { token: shopper.token, lang, headers, body: checkoutBody(cart.card_id, address, { amount_seen: seen }) });
      expect(refused.statusCode, refused.raw).toBe(422);
      const now = formatMoney(lang, p.price + 5000);
      expect(refused.body.message).toBe(lang === 'en'
        ? `The amount to pay changed to ${now} since you saw it. Please check your order and confirm again.`
        : `تغيّر المبلغ المطلوب إلى ${now} منذ أن اطلعت عليه. يُرجى مراجعة طلبك والتأكيد مرة أخرى.`);
    }
    expect(await orders()).toBe(0);
    const fresh = (await call(app, 'GET', '/showCard', { token: shopper.token })).body.data;
    expect(fresh.product_in_card[0].previous_price).toBe((p.sale_price ?? p.price) / 100);
    // The same attempt, with what the shopper now sees.
    const placed = await call(app, 'POST', '/checkout', { token: shopper.token, headers, body: checkoutBody(cart.card_id, address, { amount_seen: fresh.summary.total }) });
    expect(placed.statusCode, placed.raw).toBe(200);
    expect(placed.body.data.order.total).toBe(fresh.summary.total);
    expect(await orders()).toBe(1);
    expect((await call(app, 'GET', '/showCard', { token: shopper.token })).body.data.product_in_card).toEqual([]);
    await app.db.updateTable('products').set({ price: p.price, sale_price: p.sale_price }).where('id', '=', p.id).execute();
  });

  it('migration 009 gives the lines already in carts today\'s price, so none of them reads as changed', async () => {
    const opened = openDatabase(':memory:');
    try {
      const { db } = opened;
      await migrateToLatest(db);
      await seedIfEmpty(db, { mediaDir: MEDIA_DIR, ownerPassword: OWNER_PASSWORD });
      await migrateTo(db, '005-back-office');
      const product = await db.selectFrom('products').select(['id', 'price', 'sale_price']).where('sale_price', 'is not', null).executeTakeFirstOrThrow();
      const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const cart = await db.insertInto('carts').values({ user_id: user.id, coupon_id: null, points_applied: 0, updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ points_applied: 0 })).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('cart_items').values({ cart_id: cart.id, product_id: product.id, qty: 1, smell_ids: '[]', gift_id: null, created_at: new Date().toISOString() } as never).execute();
      await migrateToLatest(db);
      const row = await db.selectFrom('cart_items').select('price_seen').where('cart_id', '=', cart.id).executeTakeFirstOrThrow();
      expect(row.price_seen).toBe(product.sale_price);
    } finally {
      await opened.close();
    }
  });
});
