import { useSession } from '@/lib/session';
import { useWaitingChanges, type WaitingChange } from '@/lib/offline-changes';
import { hasLandedAdd, type AddToCart } from '../api/add-to-cart';
import type { ChangeCartLine } from '../api/change-cart-line';
import type { SetSmells } from '../api/set-smells';
import type { RemoveFromCart } from '../api/remove-from-cart';
import type { BuyAgain } from '../api/buy-again';
import { cartChangeKeys } from '../api/cart-change-keys';

export type WaitingCartChange =
  | (WaitingChange<AddToCart> & { kind: 'add' })
  | (WaitingChange<ChangeCartLine> & { kind: 'line' })
  | (WaitingChange<SetSmells> & { kind: 'smell' })
  | (WaitingChange<RemoveFromCart> & { kind: 'remove' })
  | (WaitingChange<BuyAgain> & { kind: 'again' });

/** The signed-in shopper's cart changes waiting for the connection (or being sent after it), oldest first. */
export function useWaitingCart(): WaitingCartChange[] {
  const { token } = useSession();
  return useWaitingChanges<AddToCart>(cartChangeKeys.all[0], token) as WaitingCartChange[];
}

export interface LineAfter {
  qty: number;
  /** one per unit of `qty` */
  smells: (string | null)[];
  giftId: number | null;
  /** a removal is waiting: the line goes */
  removing: boolean;
}

/**
 * A cart line as the waiting changes will leave it, so that the next change
 * starts from there (two '+' offline make 3, not 2 twice; an add and then
 * '+' make 2 more, and the quantity sent after the add counts it) and the
 * shopper sees what they chose. The server's rules, as far as the screen
 * shows them: an add is one more unit with no smell yet; a quantity keeps
 * the first smells and pads with none. Money is not worked out here: the
 * totals stay the server's until it answers.
 */
export function lineAfter(
  line: { product_id: number; id: number; product_qty: number; smell: (string | null)[]; gift_id: number | null },
  waiting: readonly WaitingCartChange[],
): LineAfter {
  let qty = line.product_qty;
  let smells = line.smell;
  let giftId = line.gift_id;
  let removing = false;
  for (const change of waiting) {
    if (change.kind === 'add' && change.vars.productId === line.product_id) {
      // Until the refetched cart has it; then it is in product_qty already.
      if (!hasLandedAdd(change.vars)) qty += 1;
    } else if (change.kind === 'line' && change.vars.productId === line.product_id) {
      qty = change.vars.qty;
      if (change.vars.giftId !== undefined) giftId = change.vars.giftId;
    } else if (change.kind === 'smell' && change.vars.itemId === line.id) {
      smells = change.vars.smell;
    } else if (change.kind === 'remove' && change.vars.productId === line.product_id) {
      removing = true;
    }
  }
  return { qty, smells: Array.from({ length: qty }, (_, i) => smells[i] ?? null), giftId, removing };
}
