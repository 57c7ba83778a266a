import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import type { CheckoutBody, PlacedOrder } from '@contract/checkout';

export type CheckoutInput = Static<typeof CheckoutBody>;
export type PlacedOrderData = Static<typeof PlacedOrder>;

/**
 * POST /checkout with the attempt's Idempotency-Key: the server answers a
 * repeated key with the first answer, so a retry never makes a second order.
 * A 401 signs the shopper out app-wide; the caller adds spec §8's message
 * and the trip to sign-in.
 */
export async function placeOrder({ body, key }: { body: CheckoutInput; key: string }): Promise<Envelope<PlacedOrderData>> {
  return request<PlacedOrderData>('/checkout', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: placeOrder,
    // Checkout is online only: sent now or failed now (Retry with the same key),
    // never paused offline to go out later by itself.
    networkMode: 'always',
  });
}
