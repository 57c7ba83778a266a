import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import type { RemoveData } from '../../../../server/contract/cart';
import { cartKeys } from './get-cart';

export interface RemoveFromCart {
  productId: number;
  /** units to take out: the whole line's quantity removes the line */
  qty: number;
}

/** POST /remove `{ product_id, qty }`: answers the units left (`data.card_count`) and a message. */
export async function removeFromCart({ productId, qty }: RemoveFromCart): Promise<Envelope<Static<typeof RemoveData>>> {
  return request<Static<typeof RemoveData>>('/remove', { method: 'POST', body: { product_id: productId, qty } });
}

/**
 * The badge (and localStorage `cart count`) follows the answer at once (spec
 * §4); the cart itself is refetched in every language, since this call does
 * not answer it. The mutation stays pending until the refetch lands, so the
 * line stays marked busy until it is gone.
 */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  const { setCartCount } = useSession();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (answer) => {
      setCartCount(answer.data.card_count);
      return queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
