// The cart's rules as pure functions (spec §4, RULES.md "Smells, gifts,
// stock"), so the screen and its tests read one definition.
import type { CartData } from '@/lib/contract';

type Line = CartData['product_in_card'][number];

export const BUY_2_GET_1 = 'buy 2 get 1';

/** The gift chooser shows only on 'buy 2 get 1' lines at quantity exactly 2. */
export function needsGift(line: Pick<Line, 'typesale_name' | 'product_qty'>): boolean {
  return line.typesale_name === BUY_2_GET_1 && line.product_qty === 2;
}

/** Every unit has its smell (a product without smell options needs none). */
export function smellsChosen(line: Pick<Line, 'product_smell' | 'smell' | 'product_qty'>): boolean {
  if (line.product_smell.length === 0) return true;
  return line.smell.length >= line.product_qty && line.smell.slice(0, line.product_qty).every((s) => s !== null && s !== '');
}

/**
 * Proceed is enabled only when every smell slot of every unit is chosen and
 * every qualifying 'buy 2 get 1' line has its gift (spec §4). An empty cart
 * has nothing to check out.
 */
export function canProceed(cart: Pick<CartData, 'product_in_card'>): boolean {
  return cart.product_in_card.length > 0
    && cart.product_in_card.every((line) => smellsChosen(line) && (!needsGift(line) || line.gift_id !== null));
}
