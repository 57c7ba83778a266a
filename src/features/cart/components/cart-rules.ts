// What the cart screen checks before Proceed, as pure functions over the
// cart's lines (docs/rules.md, "Smells, gifts, stock"), so the screen and
// its tests read one definition. Whether a line takes a gift is the server's
// rule, shared through the contract.
import { giftAllowed } from '@contract/cart-rules';
import type { CartData } from '@/lib/contract';

type Line = CartData['product_in_card'][number];

/** The gift chooser shows on the lines that take a gift. */
export function needsGift(line: Pick<Line, 'typesale_name' | 'product_qty'>): boolean {
  return giftAllowed(line.typesale_name, line.product_qty);
}

/** Every unit has its smell (a product without smell options needs none). */
export function smellsChosen(line: Pick<Line, 'product_smell' | 'smell' | 'product_qty'>): boolean {
  if (line.product_smell.length === 0) return true;
  return line.smell.length >= line.product_qty && line.smell.slice(0, line.product_qty).every((s) => s !== null && s !== '');
}

/**
 * Proceed is enabled only when every smell slot of every unit is chosen and
 * every qualifying 'buy 2 get 1' line has its gift. An empty cart
 * has nothing to check out.
 */
export function canProceed(cart: Pick<CartData, 'product_in_card'>): boolean {
  return cart.product_in_card.length > 0
    && cart.product_in_card.every((line) => smellsChosen(line) && (!needsGift(line) || line.gift_id !== null));
}
