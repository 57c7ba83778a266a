import { toLatinDigits } from '@contract/rules';

export type DeliveryDayProblem = 'invalid' | 'friday' | 'too_soon' | 'too_late' | 'closed';

/**
 * Why a typed scheduled-delivery day cannot be booked, or null. `allowed` is
 * the cart's `delivery_days`: exactly the days the shop will book (RULES.md
 * "Shipping": 2 to 30 days ahead, no Fridays), so the server's calendar and
 * the shopper's device clock never disagree.
 */
export function deliveryDayProblem(day: string, allowed: readonly string[]): DeliveryDayProblem | null {
  const v = toLatinDigits(day.trim());
  if (allowed.includes(v)) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) return 'invalid';
  if (allowed.length === 0) return 'closed';
  if (v < allowed[0]) return 'too_soon';
  if (v > allowed[allowed.length - 1]) return 'too_late';
  if (date.getUTCDay() === 5) return 'friday';
  return 'closed';
}
