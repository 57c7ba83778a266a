// The rules of a coupon as the owner writes it in the back office, shared by the server (which
// decides) and the back office's form (which says it sooner). Pure: each answers the key of the
// problem for the field it names, or nothing. docs/rules.md, "Coupons".

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A code as the owner may type it: 3 to 32 Latin letters and digits (Arabic digits read as 0-9), no spaces. */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9\\u0660-\\u0669\\u06F0-\\u06F9]{3,32}$';
const CODE = new RegExp(COUPON_CODE_PATTERN);

/** The largest amount a coupon may name, EGP: a fixed discount or a minimum order. */
export const COUPON_MONEY_MAX = 1_000_000;

/** Whether an EGP amount has at most two decimals (whole piastres). */
export const wholePiastres = (egp: number): boolean => Math.abs(egp * 100 - Math.round(egp * 100)) < 1e-6;

export type CouponField = 'code' | 'value' | 'min_order' | 'ends_at';
export type CouponRuleProblem =
  | 'coupon_code_chars'
  | 'coupon_percent_range'
  | 'coupon_fixed_positive'
  | 'money_piastres'
  | 'coupon_ends_before_start';

export interface CouponDraft {
  /** trimmed, any case, Arabic digits allowed */
  code: string;
  kind: CouponKind;
  /** a percent (1 to 100, whole) or EGP */
  value: number;
  /** EGP */
  min_order: number;
  /** YYYY-MM-DD in Latin digits, or null */
  starts_at: string | null;
  ends_at: string | null;
}

/**
 * What is wrong with a coupon the owner wrote, field by field (an empty code is the form's
 * "Required", not one of these). A percent is a whole number from 1 to 100; a fixed amount is more
 * than 0; money has at most two decimals; the last day is not before the first.
 */
export function couponRuleProblems(draft: CouponDraft): Partial<Record<CouponField, CouponRuleProblem>> {
  const problems: Partial<Record<CouponField, CouponRuleProblem>> = {};
  if (draft.code !== '' && !CODE.test(draft.code)) problems.code = 'coupon_code_chars';
  if (draft.kind === 'percent') {
    if (!Number.isInteger(draft.value) || draft.value < 1 || draft.value > 100) problems.value = 'coupon_percent_range';
  } else if (!(draft.value > 0) || draft.value > COUPON_MONEY_MAX) problems.value = 'coupon_fixed_positive';
  else if (!wholePiastres(draft.value)) problems.value = 'money_piastres';
  if (!wholePiastres(draft.min_order)) problems.min_order = 'money_piastres';
  if (draft.starts_at !== null && draft.ends_at !== null && draft.ends_at < draft.starts_at) problems.ends_at = 'coupon_ends_before_start';
  return problems;
}
