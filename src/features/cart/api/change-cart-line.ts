import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';

export interface ChangeCartLine {
  cardId: number;
  productId: number;
  /** the line's new quantity (the server sets it, it does not add it) */
  qty: number;
  /** the chosen gift; left out, the server keeps the one chosen if still allowed */
  giftId?: number | null;
}

/** POST /changeSummaryCard/{card_id} `{ product_id, qty, gift_id? }`: answers the whole cart. */
export async function changeCartLine({ cardId, productId, qty, giftId }: ChangeCartLine): Promise<Envelope<CartData>> {
  return request<CartData>(`/changeSummaryCard/${cardId}`, {
    method: 'POST',
    body: giftId === undefined ? { product_id: productId, qty } : { product_id: productId, qty, gift_id: giftId },
  });
}

export function useChangeCartLine() {
  const putCart = usePutCart();
  return useMutation({ mutationFn: changeCartLine, onSuccess: (answer) => putCart(answer.data) });
}
