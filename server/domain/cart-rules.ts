// Smell and gift rules for one cart line (RULES.md "Smells, gifts, stock").

export const BUY2GET1 = 'buy 2 get 1';

/** A gift is chosen only on 'buy 2 get 1' lines whose quantity is exactly 2. */
export function giftAllowed(saleType: string, qty: number): boolean {
  return saleType === BUY2GET1 && qty === 2;
}

/** One smell slot per unit: keep the choices that still have a unit, pad with null. */
export function resizeSmells<T>(smells: (T | null)[], qty: number): (T | null)[] {
  const next = smells.slice(0, qty);
  while (next.length < qty) next.push(null);
  return next;
}

export type LineProblem = 'missing_smell' | 'missing_gift' | 'out_of_stock';

export function lineProblem(line: {
  qty: number;
  stock: number;
  saleType: string;
  smellOptions: number;
  smellIds: (number | null)[];
  giftId: number | null;
}): LineProblem | null {
  if (line.stock < line.qty) return 'out_of_stock';
  if (line.smellOptions > 0 && (line.smellIds.length !== line.qty || line.smellIds.some((s) => s === null))) {
    return 'missing_smell';
  }
  if (giftAllowed(line.saleType, line.qty) && line.giftId === null) return 'missing_gift';
  return null;
}
