// Journey: sign up, see the signed-in menu, sign out, sign in again.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, useShopAndBrowser, visit } from './harness.ts';
import { eastern, field, say, settled, signInWithForm, type Lang } from './journey-helpers.ts';

const env = useShopAndBrowser();


const signedInItems = (lang: Lang) => (lang === 'ar'
  ? ['حسابي', 'طلباتي', 'إضافة عنوان', 'تسجيل الخروج']
  : ['My account', 'My orders', 'Add address', 'Log out']);
const signedOutItems = (lang: Lang) => (lang === 'ar' ? ['تسجيل الدخول', 'إنشاء حساب'] : ['Sign in', 'Sign up']);

async function openUserMenu(page: Page, lang: Lang) {
  await page.getByRole('button', { name: say(lang, 'Account', 'الحساب'), exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function menuItems(page: Page, lang: Lang): Promise<string[]> {
  const menu = await openUserMenu(page, lang);
  await menu.getByRole('menuitem').first().waitFor();
  return (await menu.getByRole('menuitem').allTextContents()).map((s) => s.trim());
}

describe.each(['en', 'ar'] as const)('accounts, in %s', (lang) => {
  it('signs up, shows the signed-in menu, signs out to /sign-in and signs in again with the email', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      // Unique per run and per language: the email and an 11-digit Egyptian mobile number.
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const email = `e2e-${lang}-${stamp}@example.com`;
      const phone = `010${(Number(stamp.slice(-8)) + (lang === 'ar' ? 1 : 0)).toString().padStart(8, '0').slice(-8)}`;
      const password = 'attar-e2e-123';

      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await menuItems(page, lang)).toEqual(signedOutItems(lang));
      await page.getByRole('menuitem', { name: say(lang, 'Sign up', 'إنشاء حساب'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/sign-up');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Create an account', 'إنشاء حساب جديد'), exact: true }).waitFor();

      const input = (en: string, ar: string) => field(page, say(lang, en, ar));
      await input('First name', 'الاسم الأول').fill(say(lang, 'Laila', 'ليلى'));
      await input('Last name', 'اسم العائلة').fill(say(lang, 'Hassan', 'حسان'));
      await input('Email', 'البريد الإلكتروني').fill(email);
      // An Arabic keyboard types Eastern Arabic digits.
      await input('Phone', 'رقم الهاتف').fill(lang === 'ar' ? eastern(phone) : phone);
      await input('Password', 'كلمة المرور').fill(password);
      await input('Confirm password', 'تأكيد كلمة المرور').fill(password);
      await input('Day', 'اليوم').fill(lang === 'ar' ? '١٥' : '15');
      await input('Month', 'الشهر').fill(lang === 'ar' ? '٦' : '6');
      await input('Year', 'السنة').fill(lang === 'ar' ? '١٩٩٥' : '1995');
      await page.getByRole('button', { name: say(lang, 'Create account', 'إنشاء الحساب'), exact: true }).click();

      // Home, signed in.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
      expect(await menuItems(page, lang)).toEqual(signedInItems(lang));

      // Log out: back to /sign-in, signed out.
      await page.getByRole('menuitem', { name: say(lang, 'Log out', 'تسجيل الخروج'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Sign in', 'تسجيل الدخول'), exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
      expect(await menuItems(page, lang)).toEqual(signedOutItems(lang));
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      // Sign in again with the same email: home, signed in.
      await signInWithForm(page, lang, email, password);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
      expect(await menuItems(page, lang)).toEqual(signedInItems(lang));
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
