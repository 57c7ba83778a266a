import { couponDiscount, type CouponRule } from './coupon.ts';
import type { Piastres } from './money.ts';
import { pointsRedemption, type PointsRules } from './points.ts';
import { estimatedDelivery, shippingFee, type ShippingRules } from './shipping.ts';

export interface TotalsInput {
  lines: { unitPrice: Piastres; qty: number }[];
  /** the applied coupon when it currently applies, else null */
  coupon: CouponRule | null;
  pointsBalance: number;
  pointsApplied: boolean;
  today: string;
  /** the delivery address's governorate (its code) once one is chosen: its fee applies; else the default fee */
  governorate?: string | null;
}

export interface Totals {
  subtotal: Piastres;
  couponDiscount: Piastres;
  priceAfterCoupon: Piastres;
  pointsDiscount: Piastres;
  pointsUsed: number;
  total: Piastres;
  shippingFee: Piastres;
  totalAfterShipping: Piastres;
  estimatedDeliveryBy: string;
}

export type TotalsRules = PointsRules & ShippingRules;

/** One line's amount: its unit price (the sale price when there is one) times its quantity. */
export const lineTotal = (line: { unitPrice: Piastres; qty: number }): Piastres => line.unitPrice * line.qty;

/** The cart's totals, steps 1 to 8 of docs/rules.md, "Money and totals". */
export function computeTotals(input: TotalsInput, rules: TotalsRules): Totals {
  const subtotal = input.lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const discount = couponDiscount(subtotal, input.coupon);
  const priceAfterCoupon = subtotal - discount;
  const points = input.pointsApplied
    ? pointsRedemption(input.pointsBalance, priceAfterCoupon, rules)
    : { discount: 0, pointsUsed: 0 };
  const total = priceAfterCoupon - points.discount;
  // An empty cart has nothing to deliver, so it shows no fee.
  const units = input.lines.reduce((n, l) => n + l.qty, 0);
  const fee = units === 0 ? 0 : shippingFee(priceAfterCoupon, rules, input.governorate ?? null);
  return {
    subtotal,
    couponDiscount: discount,
    priceAfterCoupon,
    pointsDiscount: points.discount,
    pointsUsed: points.pointsUsed,
    total,
    shippingFee: fee,
    totalAfterShipping: total + fee,
    estimatedDeliveryBy: estimatedDelivery(input.today, rules),
  };
}

/** What the shopper pays for the chosen shipping. */
export function amountPayable(totals: Totals, shiping: 'free' | 'date'): Piastres {
  return shiping === 'date' ? totals.totalAfterShipping : totals.total;
}
