// The settings' rules both sides apply (the owner's form checks them before sending; the server
// decides). Pure, no schema library: the back office's bundle imports it.
import { normalizePhone } from './rules.ts';

/** The largest fee or threshold the shop takes, EGP. */
export const MAX_EGP = 1_000_000;
/** The furthest day ahead any delivery setting may name. */
export const MAX_DAYS = 365;
/** The most one point may be worth, EGP. */
export const MAX_POINT_VALUE = 1000;

/** Whether an amount of EGP is whole piastres (at most two decimals). */
export const isWholePiastres = (egp: number) => Math.abs(Math.round(egp * 100) - egp * 100) < 1e-6;

/** An Egyptian mobile number, 01 then 0, 1, 2 or 5 and 8 digits (EGYPT.md), as 11 Western digits; null when it is not one. */
export function normalizeMobile(value: string): string | null {
  const phone = normalizePhone(value);
  return phone && /^01[0125]\d{8}$/.test(phone) ? phone : null;
}
