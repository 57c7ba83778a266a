import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

/** GET /usepoint/cancel: stops using points (closing the points dialog does it too, spec §4); answers the whole cart. */
export async function cancelPoints(): Promise<Envelope<CartData>> {
  return request<CartData>('/usepoint/cancel');
}

export function useCancelPoints() {
  const putCart = usePutCart();
  return useMutation({ mutationFn: cancelPoints, onSuccess: (answer) => putCart(answer.data), networkMode: FAIL_OFFLINE });
}
