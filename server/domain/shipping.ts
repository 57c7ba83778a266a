import type { Piastres } from './money.ts';
import { addDays, daysBetween, isIsoDay, weekday } from './calendar.ts';

export interface ShippingRules {
  shippingFee: Piastres;
  /** a governorate's own fee, by its code; a governorate not listed pays shippingFee */
  governorateFees: Record<string, Piastres>;
  freeShippingThreshold: Piastres;
  standardDeliveryDays: number;
  scheduledMinDays: number;
  scheduledMaxDays: number;
  closedWeekdays: number[];
}

/** A governorate's scheduled-delivery fee before any waiver: its own, or the default one (no governorate yet: the default). */
export function governorateFee(rules: ShippingRules, governorate: string | null = null): Piastres {
  return (governorate !== null && Object.hasOwn(rules.governorateFees, governorate)) ? rules.governorateFees[governorate] : rules.shippingFee;
}

/** The scheduled-delivery fee to the governorate (the default fee before an address is chosen), waived at or above the threshold. */
export function shippingFee(priceAfterCoupon: Piastres, rules: ShippingRules, governorate: string | null = null): Piastres {
  return priceAfterCoupon >= rules.freeShippingThreshold ? 0 : governorateFee(rules, governorate);
}

/** Free delivery's estimate: today (Cairo) + `standardDeliveryDays` (7). */
export function estimatedDelivery(today: string, rules: ShippingRules): string {
  return addDays(today, rules.standardDeliveryDays);
}

export type DeliveryDayProblem = 'invalid' | 'too_soon' | 'too_late' | 'closed_day';

/** Why a scheduled delivery day is refused, or null when it is allowed. */
export function deliveryDayProblem(day: string, today: string, rules: ShippingRules): DeliveryDayProblem | null {
  if (!isIsoDay(day)) return 'invalid';
  const ahead = daysBetween(today, day);
  if (ahead < rules.scheduledMinDays) return 'too_soon';
  if (ahead > rules.scheduledMaxDays) return 'too_late';
  if (rules.closedWeekdays.includes(weekday(day))) return 'closed_day';
  return null;
}

/** Every day a shopper may choose for scheduled delivery, in order. */
export function allowedDeliveryDays(today: string, rules: ShippingRules): string[] {
  const days: string[] = [];
  for (let i = rules.scheduledMinDays; i <= rules.scheduledMaxDays; i++) {
    const day = addDays(today, i);
    if (!rules.closedWeekdays.includes(weekday(day))) days.push(day);
  }
  return days;
}
