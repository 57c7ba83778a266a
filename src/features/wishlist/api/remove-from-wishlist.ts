import { t } from '@lingui/core/macro';
import type { ProductCard } from '@/lib/contract';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import { wishlistKeys } from './get-wishlist';
import { WISHLIST_SCOPE, wishlistChangeKeys, type WishlistChangeFields } from './wishlist-change-keys';

export type RemoveFromWishlist = Change & WishlistChangeFields;

/** GET /fav/remove/{id} (a GET in the published contract, kept on purpose): answers a message. */
export async function removeFromWishlist({ productId, stamp }: RemoveFromWishlist): Promise<string> {
  return (await sendChange<null>(stamp, `/fav/remove/${productId}`)).message;
}

export const removeFromWishlistChange: ChangeDefinition<RemoveFromWishlist, string> = {
  mutationKey: wishlistChangeKeys.remove,
  scope: WISHLIST_SCOPE,
  send: removeFromWishlist,
  onSuccess: (queryClient, _message, { productId }) => {
    // Gone from every cached list at once, before the refetch confirms it.
    queryClient.setQueriesData<ProductCard[]>({ queryKey: wishlistKeys.all }, (list) => list?.filter((p) => p.id !== productId));
  },
  onSettled: (queryClient) => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  describe: ({ productName }) => t`Remove ${productName} from wishlist`,
  failed: ({ productName }, reason) => t`Couldn't remove ${productName} from your wishlist: ${reason}`,
};

export function useRemoveFromWishlist() {
  return useChange(removeFromWishlistChange);
}
