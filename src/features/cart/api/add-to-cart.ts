import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import type { AddToCartData } from '../../../../server/contract/cart';
import { cartQuery } from './get-cart';

export type AddToCartAnswer = Envelope<Static<typeof AddToCartData>>;

/**
 * POST /addToCard `{ product_id }`: one more unit; answers `data.count` (the
 * units now in the cart) and a message. A 401 signs the shopper out
 * app-wide; the caller adds spec §4's message and the trip to sign-in.
 */
export async function addToCart(productId: number): Promise<AddToCartAnswer> {
  return request<Static<typeof AddToCartData>>('/addToCard', {
    method: 'POST',
    body: { product_id: productId },
  });
}

/** Adds a unit; the badge follows `data.count` and the cart is refetched when next shown. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  const { token, setCartCount } = useSession();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (answer) => {
      setCartCount(answer.data.count);
      return queryClient.invalidateQueries({ queryKey: cartQuery(lang, token).queryKey });
    },
  });
}
