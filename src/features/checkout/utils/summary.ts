// The two display rules of the Confirm Order summary (the delivery date and the
// shipping type shown, in words), and the amount the shopper pays (docs/rules.md, "Money
// and totals"). Pure, so they are tested alone.
import type { CartData } from '@/lib/contract';

type Shipping = 'free' | 'date';

/** The delivery date shown: the chosen day with shipping 'date', else the server's Estimated_Delivery_by. */
export function deliveryDateShown(shipping: Shipping, chosenDate: string | null, estimated: string): string {
  return shipping === 'date' && chosenDate ? chosenDate : estimated;
}

/**
 * The shipping type shown, in the shopper's words: 'Free' when free,
 * 'Scheduled' for a chosen day. The raw 'free' / 'date' is what the session
 * keeps and the API is sent, never what the shopper reads.
 */
export function shippingTypeShown(shipping: Shipping, words: Record<Shipping, string> = { free: 'Free', date: 'Scheduled' }): string {
  return words[shipping];
}

/** `total` with shipping 'free', `totalAfterShiping` with 'date': the server's numbers, never recomputed. */
export function amountToPay(summary: CartData['summary'], shipping: Shipping): number {
  return shipping === 'date' ? summary.totalAfterShiping : summary.total;
}
