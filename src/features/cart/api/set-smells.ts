import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';

export interface SetSmells {
  /** the cart item id (`product_in_card[].id`) */
  itemId: number;
  /** one choice per unit, null where none is chosen yet */
  smell: (string | null)[];
}

/** POST /add/smell/{cartItemId} `{ smell }`: every unit's choice at once; answers the whole cart. */
export async function setSmells({ itemId, smell }: SetSmells): Promise<Envelope<CartData>> {
  return request<CartData>(`/add/smell/${itemId}`, { method: 'POST', body: { smell } });
}

export function useSetSmells() {
  const putCart = usePutCart();
  return useMutation({ mutationFn: setSmells, onSuccess: (answer) => putCart(answer.data) });
}
