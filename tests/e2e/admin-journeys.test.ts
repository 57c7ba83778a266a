// Journeys through the back office by its staff (docs/rules.md, "Back office: roles and the
// audit", "Order statuses", "Coupons", "Points"), in English and Arabic, axe on every back-office
// screen, no console error:
//   1. a staff account made with the shop's command line cancels a cash-on-delivery order that
//      used a coupon and points, with a reason; its stock, points and coupon use come back;
//   2. that account does not see the owner's screens: no Audit, no points adjustment;
//   3. a visitor's contact message reaches the inbox and the owner marks it handled;
//   4. an order's page printed is its A5 packing slip, on one page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Static } from 'typebox';
import { OWNER_PASSWORD, plain, seriousViolations, shopCommand, useShopAndBrowser, visit } from './harness.ts';
import {
  apiGet, apiPost, apiSignIn, checkoutForSetUp, field, firstNumber, say, settled, signInWithForm, stockNow, storedToken, takenOver, type Lang,
} from './journey-helpers.ts';
import type { CartData } from '../../src/lib/contract.ts';
import type { OrderDetail as OrderDetailSchema } from '../../server/contract/checkout.ts';

type OrderDetail = Static<typeof OrderDetailSchema>;

/** Product 3 of the seed (Royal Oud Gift Box, 2,650 EGP): no smells, no gift; one unit is a complete cart, above WELCOME10's minimum. */
const PRODUCT = 3;
/** The seed's once-per-shopper coupon (10 %, from 300 EGP). */
const COUPON = 'WELCOME10';
const STAFF_PASSWORD = 'mona-pass-26';

async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Whether the focus is on (or inside) this element. */
const focusedWithin = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));

/**
 * The demo shopper's order of one unit of product 3, placed through the API as checkout does
 * (checkout.test.ts walks its screens), paid on delivery; with the coupon and the points balance
 * applied to the cart first when asked.
 */
async function placeOrder(shopUrl: string, token: string, lang: Lang, { coupon = false, points = false } = {}): Promise<OrderDetail> {
  await apiPost(shopUrl, '/addToCard', token, { product_id: PRODUCT });
  let cart = await apiGet<CartData>(shopUrl, '/showCard', token, lang);
  if (coupon) {
    cart = await apiPost<CartData>(shopUrl, `/add/coupons/${cart.card_id}`, token, { name: COUPON }, lang);
    expect(cart).toMatchObject({ coupon: COUPON, coupon_problem: null });
    expect(cart.coupon_discount).toBeGreaterThan(0);
  }
  if (points) {
    cart = await apiGet<CartData>(shopUrl, '/usepoint/done', token, lang);
    expect(cart.points_applied).toBe(true);
    expect(cart.points_used).toBeGreaterThan(0);
  }
  // The server spends the points applied to the cart (GET /usepoint/done), whatever the body's `point` says.
  const placed = await checkoutForSetUp(shopUrl, token, lang);
  return (await apiGet<{ order: OrderDetail }>(shopUrl, `/orders/${placed.id}`, token, lang)).order;
}

/** The shopper's points balance, as their profile says it. */
async function pointsNow(shopUrl: string, token: string): Promise<number> {
  return (await apiGet<{ user: { points: number } }>(shopUrl, '/user/profile', token)).user.points;
}

/**
 * Whether the shopper may use WELCOME10 now (once per shopper: a placed order holds its use, a
 * cancelled one gives it back): product 3 into the cart, the coupon tried, both taken off again.
 * The server's answer, its status and message.
 */
async function tryCoupon(shopUrl: string, token: string, lang: Lang): Promise<{ ok: boolean; message: string }> {
  await apiPost(shopUrl, '/addToCard', token, { product_id: PRODUCT });
  const cart = await apiGet<CartData>(shopUrl, '/showCard', token);
  const response = await fetch(`${shopUrl}/api/add/coupons/${cart.card_id}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, lang, 'content-type': 'application/json' }, body: JSON.stringify({ name: COUPON }),
  });
  const answer = (await response.json()) as { message: string };
  if (response.ok) await apiPost(shopUrl, `/remove/coupons/${cart.card_id}`, token, {});
  const line = cart.product_in_card.find((l) => l.product_id === PRODUCT)!;
  await apiPost(shopUrl, '/remove', token, { product_id: PRODUCT, qty: line.product_qty });
  return { ok: response.ok, message: answer.message };
}

/** Signs in at the shop's sign-in page and opens the back office's dashboard (axe looks at it, its figures drawn). */
async function openBackOffice(page: Page, shopUrl: string, lang: Lang, login: string, password: string) {
  await page.goto(`${shopUrl}/sign-in`);
  await signInWithForm(page, lang, login, password);
  await page.goto(`${shopUrl}/admin`);
  await page.getByRole('heading', { level: 1, name: say(lang, 'Dashboard', 'لوحة المتابعة') }).waitFor();
  await page.getByRole('heading', { level: 2, name: say(lang, 'Low stock', 'مخزون منخفض') }).waitFor();
  await axeClean(page);
}

const backOfficeMenu = (page: Page, lang: Lang) => page.getByRole('navigation', { name: say(lang, 'Back office', 'لوحة الإدارة') });

/** From the back office's menu, the orders searched by the order's number, and the order opened (axe looks at both screens). */
async function openOrder(page: Page, lang: Lang, number: string) {
  await backOfficeMenu(page, lang).getByRole('link', { name: say(lang, 'Orders', 'الطلبات'), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: say(lang, 'Orders', 'الطلبات') }).waitFor();
  await page.getByRole('searchbox', { name: say(lang, 'Number, phone or name', 'الرقم أو الهاتف أو الاسم') }).fill(number);
  await page.getByRole('button', { name: say(lang, 'Search', 'بحث'), exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === number);
  const link = page.getByRole('table').getByRole('link', { name: number, exact: true });
  await link.waitFor();
  await axeClean(page);
  await link.click();
  await page.getByRole('heading', { level: 1, name: say(lang, `Order ${number}`, `الطلب ${number}`) }).waitFor();
  await page.getByRole('region', { name: say(lang, 'History', 'السجل') }).getByRole('listitem').first().waitFor();
  await axeClean(page);
}

describe.each(['en', 'ar'] as const)('the back office\'s staff at work (%s)', (lang: Lang) => {
  const env = useShopAndBrowser();
  const staffEmail = `staff-${lang}@attar.eg`;

  // The staff account, made as the owner would: with a password given, it is ready to use (no
  // one-time password to change at the first sign-in, server/cli/shop.ts › addStaff).
  beforeAll(async () => {
    const made = await shopCommand(env.shop, 'staff:add', staffEmail, '--role', 'staff', '--password', STAFF_PASSWORD, '--name', 'Mona Adel');
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain(`Made ${staffEmail} (staff)`);
  });

  it('a new staff member given a one-time password must choose their own before the back office opens', async () => {
    const email = `new-staff-${lang}@attar.eg`;
    const made = await shopCommand(env.shop, 'staff:add', email, '--role', 'staff', '--name', 'Hany Said');
    expect(made.code, made.output).toBe(0);
    const oneTime = /One-time password: (\S+)/.exec(made.output)?.[1];
    expect(oneTime, made.output).toBeTruthy();
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await page.goto(`${env.shop.url}/sign-in`);
      await signInWithForm(page, lang, email, oneTime!);
      await page.goto(`${env.shop.url}/admin`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'Choose a new password', 'اختر كلمة مرور جديدة') }).waitFor();
      // Nothing of the back office before the password is changed.
      expect(await backOfficeMenu(page, lang).count()).toBe(0);
      await axeClean(page);
      await field(page, say(lang, 'Current password', 'كلمة المرور الحالية')).fill(oneTime!);
      await field(page, say(lang, 'New password', 'كلمة المرور الجديدة')).fill('hany-own-pass-7');
      await field(page, say(lang, 'New password again', 'كلمة المرور الجديدة مرة أخرى')).fill('hany-own-pass-7');
      await page.getByRole('button', { name: say(lang, 'Save the new password', 'حفظ كلمة المرور الجديدة'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Dashboard', 'لوحة المتابعة') }).waitFor();
      await backOfficeMenu(page, lang).waitFor();
      // The one-time password is spent; the chosen one signs in.
      const signIn = (password: string) => fetch(`${env.shop.url}/api/user/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, password }),
      });
      expect((await signIn(oneTime!)).status).toBe(422);
      expect((await signIn('hany-own-pass-7')).status).toBe(200);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff cancels a cash-on-delivery order with a reason, and its stock, points and coupon use come back', async () => {
    const { shop } = env;
    const token = await apiSignIn(shop.url);
    const stockBefore = await stockNow(shop.url, token, PRODUCT);
    const pointsBefore = await pointsNow(shop.url, token);
    expect(pointsBefore).toBeGreaterThanOrEqual(1000); // enough to spend (the seed's 1,200)
    const order = await placeOrder(shop.url, token, lang, { coupon: true, points: true });
    expect(order).toMatchObject({ status: 'pending', payment: 'delivery', payment_status: 'unpaid', coupon: COUPON });
    expect(order.coupon_discount).toBeGreaterThan(0);
    expect(order.points_used).toBeGreaterThan(0);
    // The order holds all three.
    expect(await stockNow(shop.url, token, PRODUCT)).toBe(stockBefore - 1);
    expect(await pointsNow(shop.url, token)).toBe(pointsBefore - order.points_used + order.points_earned);
    expect(await tryCoupon(shop.url, token, lang)).toEqual({
      ok: false, message: say(lang, `You have already used the coupon "${COUPON}".`, `لقد استخدمت الكوبون "${COUPON}" من قبل.`),
    });

    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await openBackOffice(page, shop.url, lang, staffEmail, STAFF_PASSWORD);
      await openOrder(page, lang, order.number);
      const totals = page.getByRole('region', { name: say(lang, 'Totals', 'الإجماليات') });
      await totals.getByText(say(lang, `Coupon ${COUPON}`, `كوبون ${COUPON}`), { exact: true }).waitFor();

      const opener = page.getByRole('button', { name: say(lang, 'Cancel the order', 'إلغاء الطلب'), exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: say(lang, `Cancel order ${order.number}?`, `إلغاء الطلب ${order.number}؟`) });
      await dialog.waitFor();
      const reason = field(dialog, say(lang, 'Reason', 'السبب'));
      await expect.poll(() => focusedWithin(reason)).toBe(true);
      await axeClean(page);

      // No reason: the dialog stays, says why in the user's language, on the field itself.
      const confirm = dialog.getByRole('button', { name: say(lang, 'Cancel the order', 'إلغاء الطلب'), exact: true });
      await confirm.click();
      const required = say(lang, 'Say why the order is cancelled.', 'اذكر سبب إلغاء الطلب.');
      await dialog.getByText(required, { exact: true }).waitFor();
      expect(await reason.getAttribute('aria-invalid')).toBe('true');
      const description = await reason.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
      expect(plain(description)).toContain(required);
      await expect.poll(() => focusedWithin(reason)).toBe(true);
      await axeClean(page);

      const why = say(lang, 'The customer asked by phone to cancel', 'طلب العميل الإلغاء بالهاتف');
      await reason.fill(why);
      await confirm.click();
      await dialog.waitFor({ state: 'hidden' });
      const outcome = page.getByRole('status').filter({ hasText: say(lang, 'The order is now "Cancelled".', 'أصبحت حالة الطلب «ملغي».') });
      await outcome.waitFor();
      const history = page.getByRole('region', { name: say(lang, 'History', 'السجل') });
      const last = history.getByRole('listitem').last();
      await last.getByText(say(lang, `Reason: ${why}`, `السبب: ${why}`), { exact: true }).waitFor();
      expect(plain(await last.textContent())).toContain(say(lang, 'Cancelled', 'ملغي'));
      expect(plain(await last.textContent())).toContain('Mona Adel');
      await page.getByText(say(lang, 'This order\'s status is final.', 'حالة هذا الطلب نهائية.'), { exact: true }).waitFor();
      expect(await opener.count()).toBe(0);
      // The button that opened the dialog went with the pending status: the focus is on what happened, not on the page's start.
      await expect.poll(() => focusedWithin(outcome)).toBe(true);
      await axeClean(page);

      const stored = (await apiGet<{ order: OrderDetail }>(shop.url, `/orders/${order.id}`, token)).order;
      expect(stored.status).toBe('cancelled');
      expect(stored.status_history.at(-1)).toMatchObject({ status: 'cancelled', reason: why });
      expect(await stockNow(shop.url, token, PRODUCT)).toBe(stockBefore);
      expect(await pointsNow(shop.url, token)).toBe(pointsBefore);
      expect(await tryCoupon(shop.url, token, lang)).toMatchObject({ ok: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff does not see the owner\'s screens: no Audit, no points adjustment', async () => {
    const { shop } = env;
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await openBackOffice(page, shop.url, lang, staffEmail, STAFF_PASSWORD);
      const menu = backOfficeMenu(page, lang);
      await menu.getByRole('link', { name: say(lang, 'Customers', 'العملاء'), exact: true }).waitFor();
      // Every section but the owner's (src/admin/app.tsx › Menu).
      expect((await menu.getByRole('link').allTextContents()).map(plain)).toEqual([
        say(lang, 'Dashboard', 'لوحة المتابعة'), say(lang, 'Orders', 'الطلبات'), say(lang, 'Messages', 'الرسائل'), say(lang, 'Customers', 'العملاء'),
      ]);

      // The audit's address typed in: told it is not for them, not shown the log.
      await page.goto(`${shop.url}/admin/audit`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'You do not have access', 'ليست لديك صلاحية الدخول') }).waitFor();
      await page.getByText(say(lang, 'Only the shop\'s owner can see the audit.', 'سجل التغييرات لمالك المتجر وحده.'), { exact: true }).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: say(lang, 'Audit', 'سجل التغييرات') }).count()).toBe(0);
      await axeClean(page);
      const staffToken = await storedToken(page);
      expect((await fetch(`${shop.url}/api/admin/audit`, { headers: { authorization: `Bearer ${staffToken}` } })).status).toBe(403);

      // Customers: searched and opened, their points read, not adjusted.
      await backOfficeMenu(page, lang).getByRole('link', { name: say(lang, 'Customers', 'العملاء'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Customers', 'العملاء') }).waitFor();
      // The seed's reviewers are customers too: the list narrows to the one searched.
      const listed = page.getByRole('main').getByRole('listitem');
      await expect.poll(() => listed.count()).toBeGreaterThan(1);
      await page.getByRole('searchbox', { name: say(lang, 'Name, email or phone', 'الاسم أو البريد أو الهاتف') }).fill('demo@attar.eg');
      await page.getByRole('button', { name: say(lang, 'Search', 'بحث'), exact: true }).click();
      await expect.poll(() => listed.count()).toBe(1);
      const found = listed.getByRole('link', { name: /demo@attar\.eg/ });
      await axeClean(page);
      await found.click();
      await page.getByRole('heading', { level: 1, name: 'Demo Shopper' }).waitFor();
      const points = page.getByRole('heading', { level: 2, name: new RegExp(`^${say(lang, 'Points: ', 'النقاط: ')}`) });
      await points.waitFor();
      expect(firstNumber(await points.textContent())).toBe(await pointsNow(shop.url, await apiSignIn(shop.url)));
      expect(await page.getByRole('heading', { name: say(lang, 'Adjust points', 'تعديل النقاط') }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: say(lang, 'Points to add (negative to take)', 'النقاط المضافة (بالسالب للخصم)') }).count()).toBe(0);
      expect(await page.getByRole('button', { name: say(lang, 'Save points', 'حفظ النقاط') }).count()).toBe(0);
      await axeClean(page);
      const customerPath = new URL(page.url()).pathname;
      const customerId = Number(customerPath.split('/').at(-1));
      expect((await fetch(`${shop.url}/api/admin/customers/${customerId}/points`, {
        method: 'POST', headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ delta: 10, reason: 'try' }),
      })).status).toBe(403);
      expect(problems).toEqual([]);

      // The same screens as the owner has them: the entries looked for above are there.
      const owner = await visit(env.browser, lang);
      try {
        await openBackOffice(owner.page, shop.url, lang, 'owner@attar.eg', OWNER_PASSWORD);
        await backOfficeMenu(owner.page, lang).getByRole('link', { name: say(lang, 'Audit', 'سجل التغييرات'), exact: true }).waitFor();
        await owner.page.goto(`${shop.url}${customerPath}`);
        await owner.page.getByRole('heading', { name: say(lang, 'Adjust points', 'تعديل النقاط') }).waitFor();
        await owner.page.getByRole('textbox', { name: say(lang, 'Points to add (negative to take)', 'النقاط المضافة (بالسالب للخصم)') }).waitFor();
        await axeClean(owner.page);
        expect(owner.problems).toEqual([]);
      } finally {
        await owner.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('a visitor\'s contact message reaches the inbox, and the owner marks it handled', async () => {
    const { shop } = env;
    const text = `${say(lang, 'Do you have Taif rose oil in 12 ml bottles?', 'هل عندكم زيت ورد طائفي في زجاجات ١٢ مل؟')} ${crypto.randomUUID().slice(0, 8)}`;
    const email = `karim-${lang}@example.com`;
    const visitor = await visit(env.browser, lang);
    try {
      await visitor.page.goto(`${shop.url}/contact-us`);
      await takenOver(visitor.page);
      const form = visitor.page.getByRole('form', { name: say(lang, 'Contact form', 'نموذج التواصل') });
      await axeClean(visitor.page);
      await field(form, say(lang, 'Name', 'الاسم')).fill(say(lang, 'Karim Fathy', 'كريم فتحي'));
      await field(form, say(lang, 'Email', 'البريد الإلكتروني')).fill(email);
      await field(form, say(lang, 'Phone', 'رقم الهاتف')).fill('01223344556');
      await field(form, say(lang, 'Message', 'الرسالة')).fill(text);
      await form.getByRole('button', { name: say(lang, 'Send message', 'إرسال الرسالة'), exact: true }).click();
      await visitor.page.getByText(say(lang, 'Thank you! We will get back to you soon.', 'شكراً لك! سنتواصل معك قريباً.'), { exact: true }).waitFor();
      await expect.poll(() => field(form, say(lang, 'Message', 'الرسالة')).inputValue()).toBe('');
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await openBackOffice(page, shop.url, lang, 'owner@attar.eg', OWNER_PASSWORD);
      const ownerToken = await storedToken(page);
      const unread = (await apiGet<{ messages: { id: number }[]; meta: { total: number } }>(shop.url, '/admin/messages?handled=false', ownerToken, lang)).meta.total;
      expect(unread).toBeGreaterThanOrEqual(1);
      const figure = page.getByRole('link', { name: new RegExp(`^${say(lang, 'Unread messages', 'رسائل غير مقروءة')}`) });
      expect(firstNumber(await figure.textContent())).toBe(unread);
      await figure.click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Messages', 'الرسائل') }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/messages');

      const message = page.getByRole('listitem').filter({ hasText: text });
      await message.waitFor();
      await message.getByText(say(lang, 'Unread', 'غير مقروءة'), { exact: true }).waitFor();
      expect(await message.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
      expect(await message.getByRole('link', { name: say(lang, '01223344556', '٠١٢٢٣٣٤٤٥٥٦') }).getAttribute('href')).toBe('tel:01223344556');
      await axeClean(page);

      await message.getByRole('button', { name: say(lang, 'Mark as handled', 'تحديد كمُعالَجة'), exact: true }).click();
      await message.getByText(say(lang, 'Handled', 'تمّت معالجتها'), { exact: true }).waitFor();
      await expect.poll(() => message.getByRole('button', { name: say(lang, 'Mark as handled', 'تحديد كمُعالَجة'), exact: true }).count()).toBe(0);
      await axeClean(page);

      const inbox = await apiGet<{ messages: { message: string; email: string; handled: boolean; handled_at: string | null }[] }>(shop.url, '/admin/messages', ownerToken, lang);
      const stored = inbox.messages.find((m) => m.message === text);
      expect(stored).toMatchObject({ email, handled: true });
      expect(stored!.handled_at).not.toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('prints an order\'s page as its packing slip: only what to pack and where, on one A5 page', async () => {
    const { shop } = env;
    const token = await apiSignIn(shop.url);
    const order = await placeOrder(shop.url, token, lang);
    expect(order.items).toHaveLength(1);
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await openBackOffice(page, shop.url, lang, staffEmail, STAFF_PASSWORD);
      await openOrder(page, lang, order.number);
      const heading = page.getByRole('heading', { level: 1, name: say(lang, `Order ${order.number}`, `الطلب ${order.number}`) });
      const region = (en: string, ar: string) => page.getByRole('region', { name: say(lang, en, ar), exact: true });
      const slip = [region('Items', 'المنتجات'), region('Delivery', 'التوصيل'), region('Totals', 'الإجماليات')];
      const notOnSlip = [region('Status', 'الحالة'), region('Payment', 'الدفع'), region('Customer', 'العميل'), region('Notes', 'الملاحظات'), region('History', 'السجل')];
      const thanks = page.getByText(say(lang, 'Thank you for shopping at Attar.', 'شكرًا لتسوقك من عطّار.'), { exact: true });
      for (const section of [...slip, ...notOnSlip]) await section.waitFor();
      expect(await thanks.isVisible()).toBe(false);

      // An A5 page's width inside its 10 mm margins: 128 mm at 96 px to the inch.
      await page.setViewportSize({ width: Math.floor((128 / 25.4) * 96), height: 900 });
      await page.emulateMedia({ media: 'print' });
      await thanks.waitFor();
      await heading.waitFor();
      for (const section of slip) expect(await section.isVisible()).toBe(true);
      expect(plain(await slip[0].textContent())).toContain(order.items[0].name);
      for (const section of notOnSlip) expect(await section.isVisible()).toBe(false);
      expect(await backOfficeMenu(page, lang).isVisible()).toBe(false);
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      // No button, field or menu on paper: getByRole leaves out what is not drawn.
      expect(await page.getByRole('button').count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.locator('.no-print').evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none').length)).toBe(0);
      // Nothing wider than the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

      const pdf = (await page.pdf({ format: 'A5' })).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.match(/\/Type\s*\/Page\b/g) ?? []).toHaveLength(1);
      await page.emulateMedia({ media: 'screen' });
      await thanks.waitFor({ state: 'hidden' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
