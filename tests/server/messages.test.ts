// The API's messages (server/i18n/messages.ts): a number in a message is written in the request's
// language's digits, a wait is said in minutes, and a count with its word takes Arabic's plural forms.
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatCounted, t, waitMinutes } from '../../server/i18n/messages.ts';
import { call, makeApp, registerShopper } from './helpers.ts';

describe('numbers in messages', () => {
  it('are Eastern Arabic digits in Arabic and Western in English, grouped as Intl writes them', () => {
    expect(t('en', 'stock_limit', { stock: 3, name: 'Oud' })).toBe('Only 3 of Oud left in stock.');
    expect(t('ar', 'stock_limit', { stock: 3, name: 'عود' })).toBe('لم يتبقَّ من عود سوى ٣ في المخزون.');
    expect(t('ar', 'points_not_enough', { min: 1000 })).toBe('لا يمكن استخدام النقاط قبل الوصول إلى ١٬٠٠٠ نقطة');
    expect(t('en', 'points_value', { points: 1200, amount: 'EGP 60.00' })).toBe('Your 1,200 points are worth EGP 60.00.');
    expect(t('ar', 'smell_count', { qty: 2 })).toBe('اختر رائحة لكل وحدة من الوحدات (٢).');
    expect(t('ar', 'field_min', { limit: 1 })).toBe('يجب ألا يقل عن ١.');
  });

  it('leave a string param as it is: an order number, a coupon code, a name keep their own characters', () => {
    expect(t('ar', 'order_placed', { number: 'ATR-10001' })).toBe('تم تسجيل طلبك ATR-10001.');
    expect(t('ar', 'coupon_expired', { code: 'WELCOME10' })).toBe('انتهت صلاحية الكوبون "WELCOME10".');
  });

  it('no Arabic message writes a Western digit of its own', () => {
    const western = Object.entries(MESSAGES).filter(([, m]) => /[0-9]/.test(m.ar)).map(([key, m]) => `${key}: ${m.ar}`);
    expect(western).toEqual([]);
  });
});

describe('counts said with their word', () => {
  it('in English: one and other', () => {
    expect([1, 2, 7, 15].map((n) => formatCounted('en', 'minutes', n))).toEqual(['1 minute', '2 minutes', '7 minutes', '15 minutes']);
    expect(formatCounted('en', 'days', 1)).toBe('1 day');
    expect(formatCounted('en', 'characters', 2000)).toBe('2,000 characters');
  });

  it('in Arabic: one, two, 3 to 10, 11 to 99 and 100 up each in its own form', () => {
    expect([1, 2, 3, 7, 10, 11, 15, 60, 100].map((n) => formatCounted('ar', 'minutes', n))).toEqual([
      'دقيقة واحدة', 'دقيقتين', '٣ دقائق', '٧ دقائق', '١٠ دقائق', '١١ دقيقة', '١٥ دقيقة', '٦٠ دقيقة', '١٠٠ دقيقة',
    ]);
    expect([1, 2, 7, 30].map((n) => formatCounted('ar', 'days', n))).toEqual(['يوم واحد', 'يومين', '٧ أيام', '٣٠ يوماً']);
    expect([3, 10, 200].map((n) => formatCounted('ar', 'characters', n))).toEqual(['٣ أحرف', '١٠ أحرف', '٢٠٠ حرف']);
  });

  it('a wait in seconds is whole minutes, rounded up, never none', () => {
    expect([1, 59, 60, 61, 399, 900].map(waitMinutes)).toEqual([1, 1, 1, 2, 7, 15]);
    expect(t('en', 'rate_limited', { minutes: waitMinutes(399) })).toBe('Too many attempts. Please try again in 7 minutes.');
    expect(t('ar', 'rate_limited', { minutes: waitMinutes(399) })).toBe('محاولات كثيرة جداً. يُرجى المحاولة مرة أخرى بعد ٧ دقائق.');
    expect(t('ar', 'rate_limited', { minutes: 2 })).toBe('محاولات كثيرة جداً. يُرجى المحاولة مرة أخرى بعد دقيقتين.');
  });

  it('the delivery window and the length limits read in both languages', () => {
    expect(t('en', 'delivery_date_too_soon', { days: 2 })).toBe('The delivery date must be at least 2 days from today.');
    expect(t('ar', 'delivery_date_too_soon', { days: 2 })).toBe('يجب أن يكون تاريخ التوصيل بعد يومين على الأقل من اليوم.');
    expect(t('en', 'delivery_date_too_late', { days: 30 })).toBe('The delivery date must be within 30 days from today.');
    expect(t('ar', 'delivery_date_too_late', { days: 30 })).toBe('يجب أن يكون تاريخ التوصيل خلال ٣٠ يوماً من اليوم.');
    expect(t('en', 'field_too_long', { characters: 200 })).toBe('Must be at most 200 characters.');
    expect(t('ar', 'field_too_short', { characters: 10 })).toBe('يجب ألا يقل عن ١٠ أحرف.');
  });
});

describe('through the API', () => {
  it('a field\'s length limit and the points shortfall come in the request\'s digits', async () => {
    const app = await makeApp();
    try {
      const shopper = await registerShopper(app);
      const contact = (lang: 'en' | 'ar') => call(app, 'POST', '/contact', { lang, body: { name: 'Mona Adel', email: 'mona@example.com', phone: '01012345678', message: 'short' } });
      expect((await contact('en')).body.errors.message).toEqual(['Must be at least 10 characters.']);
      expect((await contact('ar')).body.errors.message).toEqual(['يجب ألا يقل عن ١٠ أحرف.']);
      const points = await call(app, 'GET', '/usepoint', { token: shopper.token, lang: 'ar' });
      expect(points.statusCode).toBe(422);
      expect(points.body.message).toBe('لا يمكن استخدام النقاط قبل الوصول إلى ١٬٠٠٠ نقطة');
    } finally {
      await app.close();
    }
  });
});
