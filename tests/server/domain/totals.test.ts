import { describe, expect, it } from 'vitest';
import { computeTotals, amountPayable } from '../../../server/domain/totals.ts';
import { couponDiscount, couponProblem } from '../../../server/domain/coupon.ts';
import { pointsEarned, pointsRedemption, pointsValue, canUsePoints } from '../../../server/domain/points.ts';
import { divideHalfUp, toEgp, fromEgp } from '../../../server/domain/money.ts';
import { DEFAULT_SETTINGS } from '../../../server/settings.ts';

const rules = DEFAULT_SETTINGS;
const TODAY = '2026-11-21';

describe('money', () => {
  it.each([
    [333330, 100, 3333], [333350, 100, 3334], [333349, 100, 3333], [0, 100, 0], [5, 10, 1], [4, 10, 0],
  ])('divideHalfUp(%i, %i) = %i', (n, d, expected) => {
    expect(divideHalfUp(n, d)).toBe(expected);
  });
  it('converts between EGP and piastres without float drift', () => {
    expect(toEgp(123456)).toBe(1234.56);
    expect(fromEgp(19.99)).toBe(1999);
    expect(fromEgp(0.1 + 0.2)).toBe(30);
  });
});

describe('coupon discount', () => {
  it.each([
    ['10 % of 333.33 EGP rounds half up to the piastre', 33333, { kind: 'percent', value: 10 }, 3333],
    ['10 % of 333.35 EGP: 33.335 rounds up', 33335, { kind: 'percent', value: 10 }, 3334],
    ['fixed 100 EGP', 150000, { kind: 'fixed', value: 10000 }, 10000],
    ['fixed never exceeds the subtotal', 8000, { kind: 'fixed', value: 10000 }, 8000],
    ['100 % is the whole subtotal', 8000, { kind: 'percent', value: 100 }, 8000],
    ['no coupon', 8000, null, 0],
    ['empty cart', 0, { kind: 'fixed', value: 10000 }, 0],
  ] as const)('%s', (_name, subtotal, coupon, expected) => {
    expect(couponDiscount(subtotal, coupon)).toBe(expected);
  });

  const base = { active: 1, starts_on: null, min_subtotal: 30000, expires_on: '2026-12-31', max_uses: 5, per_user_limit: 1, used_count: 0 };
  it.each([
    ['applies', base, { subtotal: 30000, today: TODAY, usesByUser: 0 }, null],
    ['below the minimum subtotal', base, { subtotal: 29999, today: TODAY, usesByUser: 0 }, 'below_minimum'],
    ['valid on its last day', { ...base, expires_on: TODAY }, { subtotal: 30000, today: TODAY, usesByUser: 0 }, null],
    ['expired the day after', { ...base, expires_on: '2026-11-20' }, { subtotal: 30000, today: TODAY, usesByUser: 0 }, 'expired'],
    ['total limit reached', { ...base, used_count: 5 }, { subtotal: 30000, today: TODAY, usesByUser: 0 }, 'used_up'],
    ['once per user', base, { subtotal: 30000, today: TODAY, usesByUser: 1 }, 'already_used'],
    ['no limits at all', { ...base, expires_on: null, max_uses: null, per_user_limit: null }, { subtotal: 30000, today: TODAY, usesByUser: 9 }, null],
    ['switched off by the owner', { ...base, active: 0 }, { subtotal: 30000, today: TODAY, usesByUser: 0 }, 'inactive'],
    ['before its first day', { ...base, starts_on: '2026-11-22' }, { subtotal: 30000, today: TODAY, usesByUser: 0 }, 'not_started'],
    ['valid on its first day', { ...base, starts_on: TODAY }, { subtotal: 30000, today: TODAY, usesByUser: 0 }, null],
    ['switched off comes first, whatever else fails', { ...base, active: 0, starts_on: '2027-01-01', used_count: 5 }, { subtotal: 0, today: TODAY, usesByUser: 1 }, 'inactive'],
    ['not started before used up', { ...base, starts_on: '2027-01-01', used_count: 5 }, { subtotal: 0, today: TODAY, usesByUser: 1 }, 'not_started'],
  ] as const)('coupon %s', (_name, coupon, ctx, expected) => {
    expect(couponProblem(coupon, ctx)).toBe(expected);
  });
});

describe('points', () => {
  it('1000 points are worth 50 EGP', () => {
    expect(pointsValue(1000, rules)).toBe(5000);
    expect(pointsValue(1200, rules)).toBe(6000);
  });
  it('are usable from 1000 points', () => {
    expect(canUsePoints(999, rules)).toBe(false);
    expect(canUsePoints(1000, rules)).toBe(true);
  });
  it.each([
    ['the whole balance when the order needs it', 1200, 100000, { discount: 6000, pointsUsed: 1200 }],
    ['capped at what is left to pay, spending only what is needed', 1200, 4000, { discount: 4000, pointsUsed: 800 }],
    ['a part-point discount rounds the points spent up', 1200, 4003, { discount: 4003, pointsUsed: 801 }],
    ['nothing below 1000 points', 999, 100000, { discount: 0, pointsUsed: 0 }],
    ['nothing when nothing is left to pay', 5000, 0, { discount: 0, pointsUsed: 0 }],
  ] as const)('redeem %s', (_name, balance, payable, expected) => {
    expect(pointsRedemption(balance, payable, rules)).toEqual(expected);
  });
  it('earns 1 point per whole EGP of the total', () => {
    expect(pointsEarned(94050, rules)).toBe(940);
    expect(pointsEarned(99, rules)).toBe(0);
    expect(pointsEarned(0, rules)).toBe(0);
  });
});

describe('totals', () => {
  type Case = {
    name: string;
    lines: { unitPrice: number; qty: number }[];
    coupon?: { kind: 'percent' | 'fixed'; value: number };
    points?: number;
    expected: Partial<ReturnType<typeof computeTotals>>;
  };
  const cases: Case[] = [
    {
      name: 'plain cart under the free-shipping threshold',
      lines: [{ unitPrice: 45000, qty: 2 }, { unitPrice: 10000, qty: 1 }],
      expected: { subtotal: 100000, couponDiscount: 0, priceAfterCoupon: 100000, pointsDiscount: 0, total: 100000, shippingFee: 6000, totalAfterShipping: 106000 },
    },
    {
      name: 'exactly 1500 EGP after coupon ships free',
      lines: [{ unitPrice: 150000, qty: 1 }],
      expected: { priceAfterCoupon: 150000, shippingFee: 0, totalAfterShipping: 150000 },
    },
    {
      name: 'one piastre under the threshold pays the fee',
      lines: [{ unitPrice: 149999, qty: 1 }],
      expected: { shippingFee: 6000, totalAfterShipping: 155999 },
    },
    {
      name: 'a percent coupon can bring the cart under the threshold',
      lines: [{ unitPrice: 80000, qty: 2 }],
      coupon: { kind: 'percent', value: 10 },
      expected: { subtotal: 160000, couponDiscount: 16000, priceAfterCoupon: 144000, shippingFee: 6000, total: 144000, totalAfterShipping: 150000 },
    },
    {
      name: 'coupon, then points, then shipping: points do not change the fee',
      lines: [{ unitPrice: 80000, qty: 2 }],
      coupon: { kind: 'percent', value: 10 },
      points: 1200,
      expected: { priceAfterCoupon: 144000, pointsDiscount: 6000, pointsUsed: 1200, total: 138000, shippingFee: 6000, totalAfterShipping: 144000 },
    },
    {
      name: 'a fixed coupon larger than the cart leaves nothing to pay but shipping',
      lines: [{ unitPrice: 8000, qty: 1 }],
      coupon: { kind: 'fixed', value: 10000 },
      points: 1200,
      expected: { couponDiscount: 8000, priceAfterCoupon: 0, pointsDiscount: 0, pointsUsed: 0, total: 0, shippingFee: 6000, totalAfterShipping: 6000 },
    },
    {
      name: 'points cover a small cart, spending only what it needs',
      lines: [{ unitPrice: 3000, qty: 1 }],
      points: 5000,
      expected: { pointsDiscount: 3000, pointsUsed: 600, total: 0, totalAfterShipping: 6000 },
    },
    {
      name: 'an empty cart shows no delivery fee',
      lines: [],
      expected: { subtotal: 0, total: 0, shippingFee: 0, totalAfterShipping: 0 },
    },
  ];
  it.each(cases)('$name', ({ lines, coupon, points, expected }) => {
    const totals = computeTotals({
      lines, coupon: coupon ?? null, pointsBalance: points ?? 0, pointsApplied: points !== undefined, today: TODAY,
    }, rules);
    expect(totals).toMatchObject(expected);
    expect(totals.estimatedDeliveryBy).toBe('2026-11-28');
  });

  it('the shopper pays total for free shipping and totalAfterShipping for a scheduled day', () => {
    const totals = computeTotals({ lines: [{ unitPrice: 10000, qty: 1 }], coupon: null, pointsBalance: 0, pointsApplied: false, today: TODAY }, rules);
    expect(amountPayable(totals, 'free')).toBe(10000);
    expect(amountPayable(totals, 'date')).toBe(16000);
  });
});
