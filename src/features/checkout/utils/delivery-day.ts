import { toLatinDigits } from '@contract/rules';

export type DeliveryDayProblem = 'invalid' | 'closed_weekday' | 'too_soon' | 'too_late' | 'closed';

/** The weekday (0 = Sunday) of a typed `YYYY-MM-DD` day, in any digits; null when it is no real day. */
export function weekdayOf(day: string): number | null {
  const v = toLatinDigits(day.trim());
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) return null;
  return date.getUTCDay();
}

/**
 * Why a typed scheduled-delivery day cannot be booked, or null. `allowed` is
 * the cart's `delivery_days`: exactly the days the shop will book
 * (docs/rules.md, "Shipping"), so the server's calendar and the shopper's
 * device clock never disagree. `closedWeekdays` is the cart's
 * `closed_weekdays`, the shop's days off, which the refusal names.
 */
export function deliveryDayProblem(day: string, allowed: readonly string[], closedWeekdays: readonly number[]): DeliveryDayProblem | null {
  const v = toLatinDigits(day.trim());
  if (allowed.includes(v)) return null;
  const weekday = weekdayOf(v);
  if (weekday === null) return 'invalid';
  if (allowed.length === 0) return 'closed';
  if (v < allowed[0]) return 'too_soon';
  if (v > allowed[allowed.length - 1]) return 'too_late';
  if (closedWeekdays.includes(weekday)) return 'closed_weekday';
  return 'closed';
}
