import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CartData } from '@/lib/contract';
import type { Lang } from '@/lib/storage';
import { useSession } from '@/lib/session';
import { cartQuery } from '../api/get-cart';

/**
 * Every cart change answers the whole CartData: it becomes the cart query's
 * data at once (the screen and the shell's badge follow without a refetch).
 * The other language's copy has names in that language, so it is only marked
 * stale, to be fetched when the shopper switches. No React here: a change
 * sent after a reload (offline-changes.ts) lands the same way.
 *
 * `lang` is the language the answer is in, the one it was asked in: a
 * change kept for later is sent in the language it was made in (its stamp),
 * whatever the app speaks now, and so is the server's replay of its first answer.
 */
export async function putCart(queryClient: QueryClient, cart: CartData, token: string | null, lang: Lang) {
  const { queryKey } = cartQuery(lang, token);
  // A refetch that started before this change would land after it with older data.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, cart);
  // Checkout's copies (the fee to an address) were cancelled above with the rest: asked again.
  void queryClient.invalidateQueries({ queryKey: [...queryKey, 'address'] });
  const other = lang === 'en' ? 'ar' : 'en';
  void queryClient.invalidateQueries({ queryKey: cartQuery(other, token).queryKey });
}

/** putCart for the signed-in shopper (coupon and points answers), in the language it was asked in. */
export function usePutCart() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback((cart: CartData, lang: Lang) => putCart(queryClient, cart, token, lang), [queryClient, token]);
}
