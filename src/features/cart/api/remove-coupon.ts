import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

/** POST /remove/coupons/{card_id}: answers the whole cart and a message. */
export async function removeCoupon(cardId: number): Promise<Envelope<CartData>> {
  return request<CartData>(`/remove/coupons/${cardId}`, { method: 'POST' });
}

export function useRemoveCoupon() {
  const putCart = usePutCart();
  return useMutation({ mutationFn: removeCoupon, onSuccess: (answer) => putCart(answer.data), networkMode: FAIL_OFFLINE });
}
