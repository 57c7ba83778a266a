import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { CheckoutBody, PlacedOrder } from '@contract/checkout';

export type CheckoutInput = Static<typeof CheckoutBody>;
export type PlacedOrderData = Static<typeof PlacedOrder>;

/**
 * POST /checkout with the attempt's Idempotency-Key: the server answers a
 * repeated key with the first answer, so a retry never makes a second order.
 * A 401 signs the shopper out app-wide; the caller adds 'Please Login First'
 * and the trip to sign-in.
 */
export async function placeOrder({ body, key }: { body: CheckoutInput; key: string }, lang: Lang): Promise<Envelope<PlacedOrderData>> {
  return request<PlacedOrderData>('/checkout', {
    method: 'POST',
    lang,
    body,
    headers: { 'Idempotency-Key': key },
  });
}

export function usePlaceOrder() {
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (order: { body: CheckoutInput; key: string }) => placeOrder(order, lang),
    // Checkout is online only: sent now or failed now (Retry with the same key),
    // never paused offline to go out later by itself.
    networkMode: 'always',
  });
}
