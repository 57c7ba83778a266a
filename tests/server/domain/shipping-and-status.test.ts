import { describe, expect, it } from 'vitest';
import { allowedDeliveryDays, deliveryDayProblem, estimatedDelivery, shippingFee } from '../../../server/domain/shipping.ts';
import { dayInZone, addDays, weekday } from '../../../server/domain/calendar.ts';
import { allowedNext, canTransition, ORDER_STATUSES } from '../../../server/domain/order-status.ts';
import { lineProblem, resizeSmells } from '../../../server/domain/cart-rules.ts';
import { giftAllowed } from '../../../server/contract/cart-rules.ts';
import { DEFAULT_SETTINGS } from '../../../server/settings.ts';

const rules = DEFAULT_SETTINGS;
const TODAY = '2026-11-21'; // a Saturday

describe('Cairo calendar', () => {
  it('reads the day in Cairo, not UTC', () => {
    expect(dayInZone(new Date('2026-11-21T22:30:00Z'), 'Africa/Cairo')).toBe('2026-11-22'); // UTC+2 in winter
    expect(dayInZone(new Date('2026-11-21T21:30:00Z'), 'Africa/Cairo')).toBe('2026-11-21');
    expect(dayInZone(new Date('2026-07-01T21:30:00Z'), 'Africa/Cairo')).toBe('2026-07-02'); // UTC+3 in summer
  });
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 7)).toBe('2027-01-06');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(weekday('2026-11-27')).toBe(5);
  });
});

describe('delivery days', () => {
  it.each([
    ['tomorrow is too soon', '2026-11-22', 'too_soon'],
    ['today is too soon', TODAY, 'too_soon'],
    ['2 days ahead is allowed', '2026-11-23', null],
    ['a Friday is refused', '2026-11-27', 'closed_day'],
    ['30 days ahead is allowed', '2026-12-21', null],
    ['31 days ahead is too late', '2026-12-22', 'too_late'],
    ['a day in the past', '2026-11-01', 'too_soon'],
    ['not a date', 'next week', 'invalid'],
    ['an impossible date', '2026-02-30', 'invalid'],
  ] as const)('%s', (_name, day, expected) => {
    expect(deliveryDayProblem(day, TODAY, rules)).toBe(expected);
  });
  it('lists every allowed day: 2..30 days ahead without Fridays', () => {
    const days = allowedDeliveryDays(TODAY, rules);
    expect(days[0]).toBe('2026-11-23');
    expect(days.at(-1)).toBe('2026-12-21');
    expect(days.every((d) => weekday(d) !== 5)).toBe(true);
    expect(days).toHaveLength(29 - 4); // 29 days in the window, 4 of them Fridays
    expect(days.every((d) => deliveryDayProblem(d, TODAY, rules) === null)).toBe(true);
  });
  it('estimates standard delivery a week out', () => {
    expect(estimatedDelivery(TODAY, rules)).toBe('2026-11-28');
  });
  it('charges the scheduled fee below 1500 EGP after coupon', () => {
    expect(shippingFee(149999, rules)).toBe(6000);
    expect(shippingFee(150000, rules)).toBe(0);
  });
});

describe('order status machine', () => {
  const forward = ['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered'] as const;
  it('moves forward one step at a time', () => {
    for (let i = 0; i < forward.length - 1; i++) expect(canTransition(forward[i], forward[i + 1])).toBe(true);
  });
  it('cancels only from pending or confirmed', () => {
    expect(canTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('confirmed', 'cancelled')).toBe(true);
    expect(canTransition('on the way', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
  });
  it('refuses every other transition', () => {
    let allowed = 0;
    for (const from of ORDER_STATUSES) for (const to of ORDER_STATUSES) if (canTransition(from, to)) allowed++;
    expect(allowed).toBe(6);
    expect(canTransition('pending', 'delivered')).toBe(false);
    expect(canTransition('delivered', 'pending')).toBe(false);
    expect(allowedNext('cancelled')).toEqual([]);
  });
});

describe('cart line rules', () => {
  it('offers a gift only on buy 2 get 1 at quantity exactly 2', () => {
    expect(giftAllowed('buy 2 get 1', 2)).toBe(true);
    expect(giftAllowed('buy 2 get 1', 1)).toBe(false);
    expect(giftAllowed('buy 2 get 1', 3)).toBe(false);
    expect(giftAllowed('normal', 2)).toBe(false);
  });
  it('keeps one smell slot per unit', () => {
    expect(resizeSmells([1, 2, 3], 2)).toEqual([1, 2]);
    expect(resizeSmells([1], 3)).toEqual([1, null, null]);
  });
  it.each([
    ['complete', { qty: 2, stock: 5, saleType: 'normal', smellOptions: 3, smellIds: [1, 2], giftId: null }, null],
    ['a missing smell', { qty: 2, stock: 5, saleType: 'normal', smellOptions: 3, smellIds: [1, null], giftId: null }, 'missing_smell'],
    ['no smells needed', { qty: 2, stock: 5, saleType: 'normal', smellOptions: 0, smellIds: [null, null], giftId: null }, null],
    ['a missing gift', { qty: 2, stock: 5, saleType: 'buy 2 get 1', smellOptions: 0, smellIds: [null, null], giftId: null }, 'missing_gift'],
    ['more than stock', { qty: 3, stock: 2, saleType: 'normal', smellOptions: 0, smellIds: [null, null, null], giftId: null }, 'out_of_stock'],
  ] as const)('a line with %s', (_name, line, expected) => {
    expect(lineProblem({ ...line, smellIds: [...line.smellIds] })).toBe(expected);
  });
});
