// Properties of coupons, whatever the owner wrote and whatever the cart holds (fast-check): the
// discount never exceeds the subtotal, and the totals keep the steps of docs/rules.md, "How the
// totals are computed" (server/domain/totals.ts). Then the owner's rules (contract/coupon-rules.ts)
// and where a coupon stands (domain/coupon.ts) against a plain reading of the rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount, couponProblem, couponStanding, type CouponRule, type CouponState } from '../../../server/domain/coupon.ts';
import { divideHalfUp, fromEgp, toEgp } from '../../../server/domain/money.ts';
import { computeTotals } from '../../../server/domain/totals.ts';
import { couponRuleProblems, wholePiastres } from '../../../server/contract/coupon-rules.ts';
import { DEFAULT_SETTINGS } from '../../../server/settings.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 2026);
const runs = { seed: SEED, numRuns: 500 };

/** Any coupon the back office accepts: a whole percent 1..100, or a fixed amount in piastres up to 1,000,000 EGP. */
const coupon: fc.Arbitrary<CouponRule> = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 100_000_000 }) }),
);
/** Any cart: up to 12 lines, prices up to 100,000 EGP (0 too: a free gift-like line), up to 50 units each. */
const lines = fc.array(fc.record({ unitPrice: fc.integer({ min: 0, max: 10_000_000 }), qty: fc.integer({ min: 1, max: 50 }) }), { maxLength: 12 });
const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe('a coupon\'s discount, whatever the coupon and the cart', () => {
  it('is a whole number of piastres from 0 to the subtotal, and the totals follow the rules\' steps', () => {
    fc.assert(fc.property(
      lines, fc.option(coupon, { nil: null }), fc.integer({ min: 0, max: 5_000_000 }), fc.boolean(),
      (cartLines, rule, pointsBalance, pointsApplied) => {
        const totals = computeTotals({ lines: cartLines, coupon: rule, pointsBalance, pointsApplied, today: '2026-11-26' }, DEFAULT_SETTINGS);
        const subtotal = cartLines.reduce((sum, l) => sum + l.unitPrice * l.qty, 0);
        const units = cartLines.reduce((n, l) => n + l.qty, 0);
        expect(totals.subtotal).toBe(subtotal);
        expect(Number.isInteger(totals.couponDiscount)).toBe(true);
        expect(totals.couponDiscount).toBeGreaterThanOrEqual(0);
        expect(totals.couponDiscount).toBeLessThanOrEqual(subtotal);
        expect(totals.priceAfterCoupon).toBe(subtotal - totals.couponDiscount);
        expect(totals.pointsDiscount).toBeGreaterThanOrEqual(0);
        expect(totals.pointsDiscount).toBeLessThanOrEqual(totals.priceAfterCoupon);
        expect(totals.total).toBe(totals.priceAfterCoupon - totals.pointsDiscount);
        expect(totals.total).toBeGreaterThanOrEqual(0);
        // The free-delivery threshold reads the price after the coupon, before points; an empty cart shows no fee.
        const fee = units === 0 || totals.priceAfterCoupon >= DEFAULT_SETTINGS.freeShippingThreshold ? 0 : DEFAULT_SETTINGS.shippingFee;
        expect(totals.shippingFee).toBe(fee);
        expect(totals.totalAfterShipping).toBe(totals.total + fee);
        if (!pointsApplied) expect(totals.pointsUsed).toBe(0);
      },
    ), runs);
  });

  it('is the percent of the subtotal rounded half up, or the fixed amount, capped at the subtotal', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), coupon, (subtotal, rule) => {
      const discount = couponDiscount(subtotal, rule);
      if (rule.kind === 'percent') {
        expect(discount).toBe(divideHalfUp(subtotal * rule.value, 100));
        // Half up: never more than half a piastre from the exact percent.
        expect(Math.abs(discount - (subtotal * rule.value) / 100)).toBeLessThanOrEqual(0.5);
      } else {
        expect(discount).toBe(Math.min(rule.value, subtotal));
      }
      expect(discount).toBeLessThanOrEqual(subtotal);
    }), runs);
  });

  it('grows with the subtotal: more in the cart never means less off', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), coupon, (a, b, rule) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      expect(couponDiscount(low, rule)).toBeLessThanOrEqual(couponDiscount(high, rule));
    }), runs);
  });
});

describe('money the owner types', () => {
  it('any EGP amount with at most two decimals is whole piastres and comes back the same', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (piastres) => {
      const egp = piastres / 100;
      expect(wholePiastres(egp)).toBe(true);
      expect(fromEgp(egp)).toBe(piastres);
      expect(toEgp(fromEgp(egp))).toBe(egp);
    }), runs);
  });

  it('an amount in thousandths is refused', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 9 }), (piastres, thousandth) => {
      expect(wholePiastres(piastres / 100 + thousandth / 1000)).toBe(false);
    }), runs);
  });
});

describe('the owner\'s rules for a coupon', () => {
  const draft = fc.record({
    code: fc.stringMatching(/^[A-Za-z0-9]{3,32}$/),
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double({ min: -1, max: 2_000_000, noNaN: true })),
    min_order: fc.integer({ min: 0, max: 100_000_000 }).map((p) => p / 100),
    starts_at: fc.option(day, { nil: null }),
    ends_at: fc.option(day, { nil: null }),
  });

  it('refuse exactly: a percent not whole or outside 1..100, a fixed amount not above 0 or in thousandths, an end before the start', () => {
    fc.assert(fc.property(draft, (d) => {
      const problems = couponRuleProblems(d);
      const percentOk = Number.isInteger(d.value) && d.value >= 1 && d.value <= 100;
      const fixedOk = d.value > 0 && d.value <= 1_000_000 && wholePiastres(d.value);
      expect(problems.value === undefined).toBe(d.kind === 'percent' ? percentOk : fixedOk);
      expect(problems.ends_at === undefined).toBe(d.starts_at === null || d.ends_at === null || d.ends_at >= d.starts_at);
      expect(problems.code).toBeUndefined();
      expect(problems.min_order).toBeUndefined();
    }), runs);
  });

  it('what they accept gives a discount within the subtotal once in piastres', () => {
    fc.assert(fc.property(draft, fc.integer({ min: 0, max: 1_000_000_000 }), (d, subtotal) => {
      fc.pre(Object.keys(couponRuleProblems(d)).length === 0);
      const rule: CouponRule = { kind: d.kind, value: d.kind === 'percent' ? d.value : fromEgp(d.value) };
      expect(Number.isInteger(rule.value)).toBe(true);
      const discount = couponDiscount(subtotal, rule);
      expect(discount).toBeGreaterThanOrEqual(0);
      expect(discount).toBeLessThanOrEqual(subtotal);
    }), { ...runs, numRuns: 300 });
  });
});

describe('where a coupon stands, and what stops a shopper', () => {
  const state: fc.Arbitrary<CouponState> = fc.record({
    active: fc.constantFrom(0, 1),
    starts_on: fc.option(day, { nil: null }),
    expires_on: fc.option(day, { nil: null }),
    min_subtotal: fc.integer({ min: 0, max: 500_000 }),
    max_uses: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    per_user_limit: fc.constantFrom(1, null),
    used_count: fc.integer({ min: 0, max: 6 }),
  });

  it('a shopper may use it exactly when it is on, started, not ended, has uses left, is not used up by them and the subtotal reaches its minimum', () => {
    fc.assert(fc.property(state, day, fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 2 }), (c, today, subtotal, usesByUser) => {
      const usable = c.active === 1
        && (c.starts_on === null || today >= c.starts_on)
        && (c.expires_on === null || today <= c.expires_on)
        && (c.max_uses === null || c.used_count < c.max_uses)
        && (c.per_user_limit === null || usesByUser < c.per_user_limit)
        && subtotal >= c.min_subtotal;
      expect(couponProblem(c, { subtotal, today, usesByUser }) === null).toBe(usable);
      // The back office's "active now" is the part that does not depend on the shopper.
      const forAnyone = couponStanding(c, today) === 'active';
      if (usable) expect(forAnyone).toBe(true);
      if (!forAnyone) expect(couponProblem(c, { subtotal, today, usesByUser })).not.toBeNull();
    }), runs);
  });
});
