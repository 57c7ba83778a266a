// Journey: a shopper who forgot their password asks for a link from sign-in,
// gets it by mail (a real SMTP server started here), chooses a new password
// and signs in with it; the session they had elsewhere is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, seriousViolations, startShop, visit, type Shop } from './harness.ts';
import { eastern, field, say, signInWithForm, type Lang } from './journey-helpers.ts';
import { partsOf, startMailServer, type MailServer } from '../server/mail-server.ts';

let smtp: MailServer;
let shop: Shop;
let browser: Browser;

beforeAll(async () => {
  smtp = await startMailServer();
  [shop, browser] = await Promise.all([startShop({ env: { SMTP_URL: smtp.url } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await smtp?.close();
});

/** A new shopper, signed in through the API (the session that must end): their email, phone and token. */
async function newShopper(lang: Lang) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const body = {
    first_name: 'Salma', last_name: 'Nabil', email: `reset-${lang}-${stamp}@example.com`,
    phone: `011${stamp.slice(-8)}`, password: 'old-pass-1', password_confirmation: 'old-pass-1', birth_date: '1994-03-02',
  };
  const res = await fetch(`${shop.url}/api/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return { ...body, token: ((await res.json()) as { data: { token: string } }).data.token };
}

describe.each(['en', 'ar'] as const)('a forgotten password, in %s', (lang) => {
  it('asks for a link from sign-in, gets it by mail, sets a new password and signs in; the other session is gone', async () => {
    const shopper = await newShopper(lang);
    const { page, problems, context } = await visit(browser, lang);
    try {
      await page.goto(`${shop.url}/sign-in`);
      await page.getByRole('link', { name: say(lang, 'Forgot your password?', 'نسيت كلمة المرور؟'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: say(lang, 'Forgot your password?', 'نسيت كلمة المرور؟') }).waitFor();
      // By phone in Arabic, as an Arabic keyboard types it: the link still goes to the account's email.
      await field(page, say(lang, 'Email or phone', 'البريد الإلكتروني أو رقم الهاتف')).fill(lang === 'ar' ? eastern(shopper.phone) : shopper.email);
      await page.getByRole('button', { name: say(lang, 'Send me a link', 'أرسل لي رابطاً'), exact: true }).click();
      await page.getByText(say(lang, 'If an account uses this e-mail or phone', 'إن كان هناك حساب بهذا البريد الإلكتروني أو الهاتف')).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await expect.poll(() => smtp.received.filter((m) => m.to.includes(shopper.email)).length).toBe(1);
      const mail = partsOf(smtp.received.find((m) => m.to.includes(shopper.email))!.raw);
      expect(mail.html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      const link = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)![0]);
      expect(link.searchParams.get('lang')).toBe(lang);

      // The link, on the shop's own address.
      await page.goto(`${shop.url}${link.pathname}${link.search}`);
      await page.getByRole('heading', { level: 1, name: say(lang, 'Choose a new password', 'اختر كلمة مرور جديدة') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await field(page, say(lang, 'New password', 'كلمة المرور الجديدة')).fill('new-pass-1');
      await field(page, say(lang, 'Confirm new password', 'تأكيد كلمة المرور الجديدة')).fill('new-pass-1');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: say(lang, 'Save the new password', 'احفظ كلمة المرور الجديدة'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await signInWithForm(page, lang, shopper.email, 'new-pass-1');

      // The session from before the reset is signed out; the old password no longer signs in.
      const profile = await fetch(`${shop.url}/api/user/profile`, { headers: { authorization: `Bearer ${shopper.token}` } });
      expect(profile.status).toBe(401);
      const old = await fetch(`${shop.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: shopper.email, password: 'old-pass-1' }) });
      expect(old.status).toBe(422);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
