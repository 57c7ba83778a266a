import type { QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { Static } from 'typebox';
import type { Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { useSession } from '@/lib/session';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import type { AddToCartData } from '@contract/cart';
import { cartKeys } from './get-cart';
import { CART_SCOPE, cartChangeKeys } from './cart-change-keys';

export type AddToCartAnswer = Envelope<Static<typeof AddToCartData>>;

export interface AddToCart extends Change {
  productId: number;
  /** names the change while it waits, and if it fails */
  productName: string;
  /** the smell chosen for this unit on the product's page: sent once the add is answered (add-to-cart-button.tsx) */
  smell?: string;
}

/**
 * POST /addToCard `{ product_id }`: one more unit; answers `data.count` (the
 * units now in the cart) and a message. A 401 signs the shopper out
 * app-wide; the caller adds 'Please Login First' and the trip to sign-in.
 */
export async function addToCart({ productId, stamp }: AddToCart): Promise<AddToCartAnswer> {
  return sendChange<Static<typeof AddToCartData>>(stamp, '/addToCard', {
    method: 'POST',
    body: { product_id: productId },
  });
}

/** Adds whose answer has reached the cart query: the badge no longer counts them as waiting. */
const answered = new Set<string>();
export const isAnsweredAdd = (change: AddToCart) => answered.has(change.stamp.key);

/** Adds whose unit is in the cart as last fetched: a line no longer counts them as waiting (lineAfter). */
const landed = new Set<string>();
export const hasLandedAdd = (change: AddToCart) => landed.has(change.stamp.key);

const shoppersCarts = (token: string | null) => ({
  queryKey: cartKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => token !== null && query.queryKey.includes(token),
});

export const addToCartChange: ChangeDefinition<AddToCart, AddToCartAnswer> = {
  mutationKey: cartChangeKeys.add,
  scope: CART_SCOPE,
  send: addToCart,
  /**
   * The cart's count follows the answer at once (the badge); the rest is
   * refetched, and only then do the lines stop adding this unit themselves
   * (the mutation stays pending until the refetch lands).
   */
  onSuccess: async (queryClient: QueryClient, answer, change) => {
    answered.add(change.stamp.key);
    queryClient.setQueriesData<CartData>(shoppersCarts(change.stamp.token), (cart) => cart && { ...cart, card_count: answer.data.count });
    await queryClient.invalidateQueries(shoppersCarts(change.stamp.token));
    landed.add(change.stamp.key);
  },
  describe: ({ productName }) => t`Add ${productName}`,
  failed: ({ productName }, reason) => t`Couldn't add ${productName} to your cart: ${reason}`,
};

/**
 * Adds a unit; the badge follows `data.count` and the cart is refetched when
 * next shown. `onAnswer` runs with the badge, before that refetch.
 */
export function useAddToCart(onAnswer?: (answer: AddToCartAnswer, change: AddToCart) => void) {
  const { setCartCount } = useSession();
  return useChange(addToCartChange, (answer, change) => {
    setCartCount(answer.data.count);
    onAnswer?.(answer, change);
  });
}
