// Journey: the shop's owner signs in at /sign-in and keeps the back office's dashboard open at
// /admin; in another browser the demo shopper reports the Vodafone Cash transfer of an order placed
// through the API, and the dashboard counts it without a reload; the owner opens it from there,
// marks it paid and confirms it, and the shopper's tracking page says so. A shopper opening /admin is told there is no access; a
// visitor is sent to sign-in. In English and Arabic, axe on every screen, no console error.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OWNER_PASSWORD, plain, seriousViolations, useShopAndBrowser, visit, waitForServiceWorker } from './harness.ts';
import { apiGet, apiPost, apiSignIn, field, firstNumber, say, settled, signInWithForm, type Lang } from './journey-helpers.ts';
import { E2E_DIST } from './global-setup.ts';

const env = useShopAndBrowser();

async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The demo shopper's order of one unit of product 3 (no smells), paid by Vodafone Cash: its id and number. */
async function placeOrder(shopUrl: string): Promise<{ id: number; number: string; token: string }> {
  const token = await apiSignIn(shopUrl);
  await apiPost(shopUrl, '/addToCard', token, { product_id: 3 });
  const cart = await apiGet<{ card_id: number }>(shopUrl, '/showCard', token);
  const address = await apiPost<{ id: number }>(shopUrl, '/user/add/address', token, {
    title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'cairo',
  });
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, lang: 'en', 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      card_id: cart.card_id, username: 'Salma Nabil', phone: '01012345678', address_id: address.id, shiping: 'free', date: null, payment: 'cach',
    }),
  });
  if (!response.ok) throw new Error(`checkout for the set-up: ${response.status} ${await response.text()}`);
  const { order } = ((await response.json()) as { data: { order: { id: number; number: string } } }).data;
  return { ...order, token };
}

describe.each(['en', 'ar'] as const)('the back office (%s)', (lang: Lang) => {
  it('shows the owner a transfer the shopper reports, without a reload; the owner marks it paid and confirms it, and the shopper sees both', async () => {
    const order = await placeOrder(env.shop.url);
    const owner = await visit(env.browser, lang);
    const shopper = await visit(env.browser, lang);
    try {
      // The owner's dashboard is open first, as it would be on the shop's phone.
      const { page } = owner;
      await page.goto(`${env.shop.url}/sign-in`);
      await signInWithForm(page, lang, 'owner@attar.eg', OWNER_PASSWORD);
      // The shop's worker is in charge now: /admin must still be the back office's own page.
      await waitForServiceWorker(page);
      await page.goto(`${env.shop.url}/admin`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'Dashboard', 'لوحة المتابعة') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const menu = page.getByRole('navigation', { name: say(lang, 'Back office', 'لوحة الإدارة') });
      await menu.getByRole('link', { name: say(lang, 'Audit', 'سجل التغييرات') }).waitFor();
      const toCheck = page.getByRole('link', { name: new RegExp(`^${say(lang, 'Transfers to check', 'تحويلات للمراجعة')}`) });
      const figure = async () => firstNumber(await toCheck.textContent());
      const before = await figure();
      await axeClean(page);
      // Marks this document: still there after the figure changes means no reload happened.
      await page.evaluate(() => { (window as unknown as { sameDocument: boolean }).sameDocument = true; });

      // The shopper reports the transfer on the order's tracking page, in their own browser.
      await shopper.page.goto(`${env.shop.url}/sign-in`);
      await signInWithForm(shopper.page, lang, 'demo@attar.eg', 'attar123');
      await shopper.page.goto(`${env.shop.url}/trackOrders/${order.id}/${order.number}`);
      const payment = shopper.page.getByRole('region', { name: say(lang, 'Payment', 'الدفع'), exact: true });
      await field(payment, say(lang, 'Wallet you sent from', 'المحفظة التي حوّلت منها')).fill('01011112222');
      await field(payment, say(lang, 'Transfer reference', 'رقم مرجع التحويل')).fill('VF-2026-889');
      await payment.getByRole('button', { name: say(lang, 'Report transfer', 'أبلغ عن التحويل'), exact: true }).click();
      await payment.getByText(say(lang, 'Transfer reported, being checked', 'تم الإبلاغ عن التحويل، جارٍ التحقق منه'), { exact: true }).waitFor();

      // The dashboard asks again on its own (every 20 s while visible) and counts it.
      await page.waitForFunction(
        ([name, want]) => [...document.querySelectorAll('a')].some((a) => {
          const text = (a.textContent ?? '').replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));
          return text.startsWith(name) && Number(/\d+/.exec(text)?.[0]) === want;
        }),
        [say(lang, 'Transfers to check', 'تحويلات للمراجعة'), before + 1] as const,
      );
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      await toCheck.click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Orders', 'الطلبات') }).waitFor();
      expect(new URL(page.url()).searchParams.get('payment_status')).toBe('reported');
      await page.getByRole('table').getByRole('link', { name: order.number }).waitFor();
      await axeClean(page);

      await page.getByRole('table').getByRole('link', { name: order.number }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, `Order ${order.number}`, `الطلب ${order.number}`) }).waitFor();
      const whatsapp = await page.getByRole('link', { name: say(lang, 'WhatsApp the customer', 'مراسلة العميل على واتساب') }).getAttribute('href');
      expect(whatsapp).toMatch(/^https:\/\/wa\.me\/20\d+\?text=/);
      await axeClean(page);

      // The shopper's reference is offered; the owner records the payment and confirms the order.
      const reference = page.getByRole('textbox', { name: say(lang, 'Transfer reference', 'مرجع التحويل') });
      expect(await reference.inputValue()).toBe('VF-2026-889');
      await page.getByRole('button', { name: say(lang, 'Mark as paid', 'تسجيل الدفع'), exact: true }).click();
      await page.getByRole('status').waitFor();
      await page.getByRole('button', { name: say(lang, 'Mark as paid', 'تسجيل الدفع'), exact: true }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: say(lang, 'Confirm the order', 'تأكيد الطلب'), exact: true }).click();
      await page.getByRole('button', { name: say(lang, 'Mark as on the way', 'نقل إلى «في الطريق»'), exact: true }).waitFor();
      const history = plain(await page.getByRole('region', { name: say(lang, 'History', 'السجل') }).textContent());
      expect(history).toContain(say(lang, 'Confirmed', 'مؤكَّد'));

      // The shopper's tracking page, opened again, says Confirmed and Paid.
      await shopper.page.reload();
      await payment.getByText(say(lang, 'Paid', 'مدفوع'), { exact: true }).waitFor();
      const current = shopper.page.locator('[aria-current="step"]');
      expect(plain(await current.textContent())).toContain(say(lang, 'Confirmed', 'تم التأكيد'));
      const seen = await apiGet<{ order: { status: string; payment_status: string; payment_reference: string | null } }>(env.shop.url, `/orders/${order.id}`, order.token);
      expect(seen.order).toMatchObject({ status: 'confirmed', payment_status: 'paid', payment_reference: 'VF-2026-889' });
      expect(owner.problems).toEqual([]);
      expect(shopper.problems).toEqual([]);
    } finally {
      await owner.context.close();
      await shopper.context.close();
    }
  }, 180_000);

  it('tells a signed-in shopper there is no access, and sends a visitor to sign-in', async () => {
    const { context, page, problems } = await visit(env.browser, lang);
    try {
      await page.goto(`${env.shop.url}/admin/orders`);
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      await page.goto(`${env.shop.url}/admin`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'You do not have access', 'ليست لديك صلاحية الدخول') }).waitFor();
      await page.getByRole('link', { name: say(lang, 'Back to the shop', 'العودة إلى المتجر') }).waitFor();
      expect(await page.getByRole('navigation', { name: say(lang, 'Back office', 'لوحة الإدارة') }).count()).toBe(0);
      await axeClean(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the built back office', () => {
  it('is a page of its own, none of whose code the shop\'s page loads or its worker precaches', () => {
    const admin = fs.readFileSync(path.join(E2E_DIST, 'admin.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/(assets\/admin-[^"]+\.js)"/.exec(admin)?.[1];
    expect(entry).toBeTruthy();
    const shop = fs.readFileSync(path.join(E2E_DIST, 'index.html'), 'utf8');
    const worker = fs.readFileSync(path.join(E2E_DIST, 'sw.js'), 'utf8');
    const adminFiles = fs.readdirSync(path.join(E2E_DIST, 'assets')).filter((file) => /^admin-/.test(file));
    expect(adminFiles.length).toBeGreaterThanOrEqual(3);
    for (const file of adminFiles) {
      expect(shop, file).not.toContain(file);
      expect(worker, file).not.toContain(file);
    }
    expect(worker).not.toContain('admin.html');
  });
});
