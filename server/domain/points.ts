import type { Piastres } from './money.ts';

export interface PointsRules {
  /** piastres per point */
  pointValue: number;
  minPointsToUse: number;
  pointsPerEgp: number;
}

/** What the whole balance is worth. */
export function pointsValue(balance: number, rules: PointsRules): Piastres {
  return Math.max(0, balance) * rules.pointValue;
}

export function canUsePoints(balance: number, rules: PointsRules): boolean {
  return balance >= rules.minPointsToUse;
}

/**
 * The discount is the balance's worth capped at what is left to pay; only the
 * points that discount needs are spent (rounded up to a whole point, never more
 * than the balance).
 */
export function pointsRedemption(
  balance: number,
  payable: Piastres,
  rules: PointsRules,
): { discount: Piastres; pointsUsed: number } {
  if (!canUsePoints(balance, rules) || payable <= 0) return { discount: 0, pointsUsed: 0 };
  const discount = Math.min(pointsValue(balance, rules), payable);
  const pointsUsed = Math.min(balance, Math.ceil(discount / rules.pointValue));
  return { discount, pointsUsed };
}

/** One point per whole EGP of the order's total, shipping excluded. */
export function pointsEarned(total: Piastres, rules: PointsRules): number {
  return Math.floor(Math.max(0, total) / 100) * rules.pointsPerEgp;
}
