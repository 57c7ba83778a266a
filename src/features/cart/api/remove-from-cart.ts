import { t } from '@lingui/core/macro';
import type { Static } from 'typebox';
import type { Envelope } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import type { RemoveData } from '@contract/cart';
import { cartKeys } from './get-cart';
import { CART_SCOPE, cartChangeKeys } from './cart-change-keys';

export interface RemoveFromCart extends Change {
  productId: number;
  /** units to take out: the whole line's quantity (or more) removes the line */
  qty: number;
  /** names the change while it waits, and if it fails */
  productName: string;
}

export type RemoveAnswer = Envelope<Static<typeof RemoveData>>;

/** POST /remove `{ product_id, qty }`: answers the units left (`data.card_count`) and a message. */
export async function removeFromCart({ productId, qty, stamp }: RemoveFromCart): Promise<RemoveAnswer> {
  return sendChange<Static<typeof RemoveData>>(stamp, '/remove', { method: 'POST', body: { product_id: productId, qty } });
}

/**
 * The cart is refetched in every language, since this call does not answer
 * it. The mutation stays pending until the refetch lands, so the line stays
 * marked busy until it is gone.
 */
export const removeFromCartChange: ChangeDefinition<RemoveFromCart, RemoveAnswer> = {
  mutationKey: cartChangeKeys.remove,
  scope: CART_SCOPE,
  send: removeFromCart,
  onSuccess: (queryClient, _answer, change) => queryClient.invalidateQueries({
    queryKey: cartKeys.all,
    predicate: (query) => change.stamp.token !== null && query.queryKey.includes(change.stamp.token),
  }),
  describe: ({ productName }) => t`Remove ${productName}`,
  failed: ({ productName }, reason) => t`Couldn't remove ${productName} from your cart: ${reason}`,
};

/** The badge (and localStorage `cart count`) follows the answer at once. */
export function useRemoveFromCart() {
  const { setCartCount } = useSession();
  return useChange(removeFromCartChange, (answer) => setCartCount(answer.data.card_count));
}
