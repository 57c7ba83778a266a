import { useSession } from '@/lib/session';
import { useWaitingChanges } from '@/lib/offline-changes';
import type { AddToWishlist } from '../api/add-to-wishlist';
import { wishlistChangeKeys } from '../api/wishlist-change-keys';

/** The signed-in shopper's wishlist changes waiting for the connection, oldest first ('add' or 'remove'). */
export function useWaitingWishlist() {
  const { token } = useSession();
  return useWaitingChanges<AddToWishlist>(wishlistChangeKeys.all[0], token);
}

/** Whether the waiting changes leave a product in the wishlist: undefined when none touches it. */
export function waitingFav(waiting: ReturnType<typeof useWaitingWishlist>, productId: number): boolean | undefined {
  const last = waiting.filter((c) => c.vars.productId === productId).at(-1);
  return last ? last.kind === 'add' : undefined;
}
