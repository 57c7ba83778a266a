import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { toLatinDigits } from '@contract/rules';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

export interface ApplyCoupon {
  cardId: number;
  /** as typed: Eastern Arabic digits are read as 0-9 here */
  code: string;
  /** the cart's subtotal, which the contract sends along */
  subtotal: number;
}

/** POST /add/coupons/{card_id} `{ name, totalprice }`: answers the whole cart and a message. */
export async function applyCoupon({ cardId, code, subtotal }: ApplyCoupon): Promise<Envelope<CartData>> {
  return request<CartData>(`/add/coupons/${cardId}`, {
    method: 'POST',
    body: { name: toLatinDigits(code).trim(), totalprice: subtotal },
  });
}

export function useApplyCoupon() {
  const putCart = usePutCart();
  return useMutation({ mutationFn: applyCoupon, onSuccess: (answer) => putCart(answer.data), networkMode: FAIL_OFFLINE });
}
