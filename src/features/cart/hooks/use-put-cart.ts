import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { cartQuery } from '../api/get-cart';

/**
 * Every cart change answers the whole CartData: it becomes the cart query's
 * data at once (the screen and the shell's badge follow without a refetch).
 * The other language's copy has names in that language, so it is only marked
 * stale, to be fetched when the shopper switches.
 */
export function usePutCart() {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  const { token } = useSession();
  return useCallback(async (cart: CartData) => {
    const { queryKey } = cartQuery(lang, token);
    // A refetch that started before this change would land after it with older data.
    await queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, cart);
    const other = lang === 'en' ? 'ar' : 'en';
    void queryClient.invalidateQueries({ queryKey: cartQuery(other, token).queryKey });
  }, [queryClient, lang, token]);
}
