import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

/** GET /usepoint/done: applies the points balance; answers the whole cart. */
export async function applyPoints(): Promise<Envelope<CartData>> {
  return request<CartData>('/usepoint/done');
}

export function useApplyPoints() {
  const putCart = usePutCart();
  return useMutation({ mutationFn: applyPoints, onSuccess: (answer) => putCart(answer.data), networkMode: FAIL_OFFLINE });
}
