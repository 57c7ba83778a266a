// The back office's coupons (/api/admin/coupons), for the owner. Money in EGP (the server keeps
// piastres); days are Cairo calendar days. The rules a body must also keep are in coupon-rules.ts.
import { Type } from 'typebox';
import { DAY_PATTERN } from './rules.ts';
import { Enum, Id, Money, Nullable, Text } from './common.ts';
import { COUPON_CODE_PATTERN, COUPON_KINDS, COUPON_MONEY_MAX } from './coupon-rules.ts';

export const COUPON_STANDINGS = ['active', 'off', 'scheduled', 'ended', 'used_up'] as const;

const CouponDay = (description: string) => Nullable(Type.String({ pattern: DAY_PATTERN, maxLength: 10, description }));

export const AdminCoupon = Type.Object({
  id: Id,
  code: Type.String(),
  kind: Enum(COUPON_KINDS),
  value: Type.Number({ description: 'a percent (1 to 100) or EGP off' }),
  min_order: Money,
  max_uses: Nullable(Type.Integer({ description: 'uses in all; null: no limit' })),
  once_per_customer: Type.Boolean(),
  starts_at: Nullable(Type.String({ description: 'first valid Cairo day, YYYY-MM-DD; null: from now' })),
  ends_at: Nullable(Type.String({ description: 'last valid Cairo day (valid all of it), YYYY-MM-DD; null: no end' })),
  active: Type.Boolean({ description: 'offered by the owner; off, no one can use it (its uses are kept)' }),
  uses: Type.Integer({ description: 'orders placed with it (a cancelled order gives its use back)' }),
  standing: Enum(COUPON_STANDINGS, { description: 'today: active (usable now), off, scheduled (not started), ended or used_up' }),
  active_now: Type.Boolean({ description: 'whether a shopper can use it today (standing is active)' }),
});

export const CouponBody = Type.Object({
  code: Text(32, {
    minLength: 1, pattern: COUPON_CODE_PATTERN, message: 'coupon_code_chars',
    description: '3 to 32 letters and digits, read in any case (stored upper-case); unique whatever the case',
  }),
  kind: Enum(COUPON_KINDS),
  value: Type.Number({ minimum: 0.01, maximum: COUPON_MONEY_MAX, description: 'percent: a whole number 1 to 100; fixed: EGP off, more than 0, at most 2 decimals' }),
  min_order: Type.Number({ minimum: 0, maximum: COUPON_MONEY_MAX, description: 'the smallest subtotal it applies to, EGP, at most 2 decimals; 0 for none' }),
  max_uses: Nullable(Type.Integer({ minimum: 1, maximum: 1000000, description: 'uses in all, by everyone; null: no limit' })),
  once_per_customer: Type.Boolean(),
  starts_at: CouponDay('first valid Cairo day, YYYY-MM-DD (Arabic digits read too); null: from now'),
  ends_at: CouponDay('last valid Cairo day, not before starts_at; null: no end'),
  active: Type.Boolean(),
}, { additionalProperties: false });
