import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { wishlistKeys } from './get-wishlist';

/** POST /fav/add/{id}, no body: answers a message. */
export async function addToWishlist(productId: number): Promise<string> {
  return (await request<null>(`/fav/add/${productId}`, { method: 'POST' })).message;
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
