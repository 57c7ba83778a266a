// Smell and gift rules for one cart line (docs/rules.md, "Smells, gifts,
// stock"). Whether a line takes a gift is shared with the storefront, so it
// lives in server/contract.
import { giftAllowed } from '../contract/cart-rules.ts';

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
