import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { ProductCard } from '@/lib/contract';
import { wishlistKeys } from './get-wishlist';

/** GET /fav/remove/{id} (a GET by the spec's contract): answers a message. */
export async function removeFromWishlist(productId: number): Promise<string> {
  return (await request<null>(`/fav/remove/${productId}`)).message;
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (_message, productId) => {
      // Gone from every cached list at once, before the refetch confirms it.
      queryClient.setQueriesData<ProductCard[]>({ queryKey: wishlistKeys.all }, (list) => list?.filter((p) => p.id !== productId));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
