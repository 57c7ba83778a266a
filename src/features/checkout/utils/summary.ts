// The two display rules of the Confirm Order summary (the delivery date and the
// shipping type shown), and the amount the shopper pays (docs/rules.md, "Money
// and totals"). Pure, so they are tested alone.
import type { CartData } from '@/lib/contract';

type Shipping = 'free' | 'date';

/** The delivery date shown: the chosen day with shipping 'date', else the server's Estimated_Delivery_by. */
export function deliveryDateShown(shipping: Shipping, chosenDate: string | null, estimated: string): string {
  return shipping === 'date' && chosenDate ? chosenDate : estimated;
}

/** The shipping type shown: 'Free' (in the shopper's language) when free, else the raw value ('date'). */
export function shippingTypeShown(shipping: Shipping, free = 'Free'): string {
  return shipping === 'free' ? free : shipping;
}

/** `total` with shipping 'free', `totalAfterShiping` with 'date': the server's numbers, never recomputed. */
export function amountToPay(summary: CartData['summary'], shipping: Shipping): number {
  return shipping === 'date' ? summary.totalAfterShiping : summary.total;
}
