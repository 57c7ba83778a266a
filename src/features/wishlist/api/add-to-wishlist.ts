import { t } from '@lingui/core/macro';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import { wishlistKeys } from './get-wishlist';
import { WISHLIST_SCOPE, wishlistChangeKeys, type WishlistChangeFields } from './wishlist-change-keys';

export type AddToWishlist = Change & WishlistChangeFields;

/** POST /fav/add/{id}, no body: answers a message. */
export async function addToWishlist({ productId, stamp }: AddToWishlist): Promise<string> {
  return (await sendChange<null>(stamp, `/fav/add/${productId}`, { method: 'POST' })).message;
}

export const addToWishlistChange: ChangeDefinition<AddToWishlist, string> = {
  mutationKey: wishlistChangeKeys.add,
  scope: WISHLIST_SCOPE,
  send: addToWishlist,
  onSettled: (queryClient) => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  describe: ({ productName }) => t`Add ${productName} to wishlist`,
  failed: ({ productName }, reason) => t`Couldn't add ${productName} to your wishlist: ${reason}`,
};

export function useAddToWishlist() {
  return useChange(addToWishlistChange);
}
