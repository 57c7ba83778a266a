/**
 * Mutation keys of the cart changes a shopper can make offline
 * (offline-changes.ts): the first part is the feature, the second the kind.
 */
export const cartChangeKeys = {
  all: ['cart'] as const,
  add: ['cart', 'add'] as const,
  line: ['cart', 'line'] as const,
  smell: ['cart', 'smell'] as const,
  remove: ['cart', 'remove'] as const,
  /** an order's lines put back (buy-again.tsx) */
  again: ['cart', 'again'] as const,
};

/** One scope: the server sees the cart's changes one at a time, in the order they were made. */
export const CART_SCOPE = 'cart';

/**
 * Coupons and points are not kept for later (their answer decides what the
 * shopper does next): offline they fail at once with 'No connection…'
 * instead of waiting, busy, for a connection.
 */
export const FAIL_OFFLINE = 'always' as const;
