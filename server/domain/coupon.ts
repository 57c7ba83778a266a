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
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'below_minimum'
  | 'used_up'
  | 'already_used';

export interface CouponState {
  /** 1 while the owner offers it (the back office's "active"), 0 once switched off */
  active: number;
  /** first valid day, YYYY-MM-DD (Cairo), or null */
  starts_on: string | null;
  min_subtotal: Piastres;
  /** last valid day, YYYY-MM-DD (Cairo), or null */
  expires_on: string | null;
  max_uses: number | null;
  per_user_limit: number | null;
  used_count: number;
}

/** Where a coupon stands today, for anyone: what the back office's list shows beside its uses. */
export type CouponStanding = 'active' | 'off' | 'scheduled' | 'ended' | 'used_up';

export function couponStanding(coupon: CouponState, today: string): CouponStanding {
  if (!coupon.active) return 'off';
  if (coupon.starts_on !== null && today < coupon.starts_on) return 'scheduled';
  if (coupon.expires_on !== null && today > coupon.expires_on) return 'ended';
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) return 'used_up';
  return 'active';
}

const STANDING_PROBLEM: Record<Exclude<CouponStanding, 'active'>, CouponProblem> = {
  off: 'inactive', scheduled: 'not_started', ended: 'expired', used_up: 'used_up',
};

/**
 * What stops this shopper from using the coupon now, or null when it applies. In this order:
 * switched off, not started, ended (its last day is still valid), used up, already used by this
 * shopper, below its minimum subtotal.
 */
export function couponProblem(
  coupon: CouponState,
  ctx: { subtotal: Piastres; today: string; usesByUser: number },
): CouponProblem | null {
  const standing = couponStanding(coupon, ctx.today);
  if (standing !== 'active') return STANDING_PROBLEM[standing];
  if (coupon.per_user_limit !== null && ctx.usesByUser >= coupon.per_user_limit) return 'already_used';
  if (ctx.subtotal < coupon.min_subtotal) return 'below_minimum';
  return null;
}
