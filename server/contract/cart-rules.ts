// The cart rules the storefront and the server both apply, written once (see
// docs/rules.md): the storefront shows the gift chooser by them, the server
// keeps and checks the gift by them.

/** The sale type of the products that come with a free gift. */
export const BUY_2_GET_1 = 'buy 2 get 1';

/** A gift is chosen only on 'buy 2 get 1' lines whose quantity is exactly 2. */
export function giftAllowed(saleType: string, qty: number): boolean {
  return saleType === BUY_2_GET_1 && qty === 2;
}
