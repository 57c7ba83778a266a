import { divideHalfUp, type Piastres } from './money.ts';

export interface CouponRule {
  kind: 'percent' | 'fixed';
  /** percent 1..100, or piastres for fixed */
  value: number;
}

/** A percent rounded half up to the piastre, or a fixed amount; never more than the subtotal. */
export function couponDiscount(subtotal: Piastres, coupon: CouponRule | null): Piastres {
  if (!coupon || subtotal <= 0) return 0;
  const raw = coupon.kind === 'percent' ? divideHalfUp(subtotal * coupon.value, 100) : coupon.value;
  return Math.max(0, Math.min(raw, subtotal));
}

export type CouponProblem =
  | 'expired'
  | 'below_minimum'
  | 'used_up'
  | 'already_used';

export interface CouponState {
  min_subtotal: Piastres;
  /** last valid day, YYYY-MM-DD (Cairo), or null */
  expires_on: string | null;
  max_uses: number | null;
  per_user_limit: number | null;
  used_count: number;
}

/** What stops this shopper from using the coupon now, or null when it applies. */
export function couponProblem(
  coupon: CouponState,
  ctx: { subtotal: Piastres; today: string; usesByUser: number },
): CouponProblem | null {
  if (coupon.expires_on !== null && ctx.today > coupon.expires_on) return 'expired';
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) return 'used_up';
  if (coupon.per_user_limit !== null && ctx.usesByUser >= coupon.per_user_limit) return 'already_used';
  if (ctx.subtotal < coupon.min_subtotal) return 'below_minimum';
  return null;
}
