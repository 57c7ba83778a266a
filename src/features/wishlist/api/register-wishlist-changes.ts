import type { QueryClient } from '@tanstack/react-query';
import { registerChange } from '@/lib/offline-changes';
import { addToWishlistChange } from './add-to-wishlist';
import { removeFromWishlistChange } from './remove-from-wishlist';

/** The wishlist changes a shopper can make offline; registered when the query client is made. */
export function registerWishlistChanges(queryClient: QueryClient) {
  registerChange(queryClient, addToWishlistChange);
  registerChange(queryClient, removeFromWishlistChange);
}
