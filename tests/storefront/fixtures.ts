// Test data the storefront tests share: a token, the API's answers, a cart.
import type { CartData } from '@/lib/contract';

export const TOKEN = 'token-123456789012345';

/** A fake API answer: the body with its HTTP status. */
export const json = (body: unknown, status = 200) => ({ status, body });
/** A 200 in the API's envelope. */
export const ok = (data: unknown, message = 'OK') => json({ status: 200, message, data });

export type CartLine = CartData['product_in_card'][number];

/** One unit of Oud Royal with two smells, none chosen, unless told otherwise. */
export const cartLine = (over: Partial<CartLine> = {}): CartLine => ({
  id: 11, product_id: 5, product_name: 'Oud Royal', product_image: '/media/5.webp', product_price: 750, product_qty: 1,
  typesale_name: 'normal', product_smell: ['Rose', 'Amber'], smell: [null], gift_id: null, giftproduct: [], stock: 10, previous_price: null,
  // What the server answers for price × quantity (the storefront never multiplies).
  line_total: (over.product_price ?? 750) * (over.product_qty ?? 1), ...over,
});

/** A cart of these lines: EGP 750, no coupon, no points, the badge counting their units. */
export const cartOf = (lines: CartLine[], over: Partial<CartData> = {}): CartData => ({
  card_id: 3, points: 0, points_applied: false, points_discount: 0, points_used: 0,
  coupon: 'not there', coupon_discount: 0, coupon_problem: null, price_after_coupon: 750, shiping: 60,
  shipping_governorate: null, fee_varies_by_governorate: false, standard_delivery_days: 7, phone: '01000000000', subtotal: 750, summary: { total: 750, totalAfterShiping: 810, Estimated_Delivery_by: '2026-06-22' },
  delivery_days: [], closed_weekdays: [5], product_in_card: lines, card_count: lines.reduce((n, l) => n + l.product_qty, 0), ...over,
});
