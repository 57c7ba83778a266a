/** Mutation keys of the wishlist changes a shopper can make offline (offline-changes.ts). */
export const wishlistChangeKeys = {
  all: ['wishlist'] as const,
  add: ['wishlist', 'add'] as const,
  remove: ['wishlist', 'remove'] as const,
};

/** Adds and removals reach the server in the order they were made (a heart toggled twice ends as the shopper left it). */
export const WISHLIST_SCOPE = 'wishlist';

export interface WishlistChangeFields {
  productId: number;
  /** names the change while it waits, and if it fails */
  productName: string;
}
