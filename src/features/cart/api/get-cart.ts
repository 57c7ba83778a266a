import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import type { Lang } from '@/lib/storage';
import { keepShoppersPrevious } from '@/lib/query';

export const cartKeys = {
  all: ['cart'] as const,
};

/**
 * GET /showCard: the signed-in shopper's cart. A language switch keeps the
 * cart on screen while it reloads in the new language, so the screens built
 * on it (cart, checkout steps) keep what the shopper typed.
 */
export const cartQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...cartKeys.all, lang, token],
    queryFn: async ({ signal }) => (await request<CartData>('/showCard', { signal, lang })).data,
    enabled: token !== null,
    placeholderData: keepShoppersPrevious(token),
    // Always asked again on mount, not only after a restore (app/provider.tsx):
    // stock, coupons and another tab change it, and the server's totals are the truth.
    staleTime: 0,
  });

/**
 * GET /showCard?address_id=…: the cart as checkout shows it once the delivery
 * address is chosen: `shiping` and the totals hold the fee to that address's
 * governorate (the shop may set a fee per governorate). Its key sits under the
 * cart's, so every change and invalidation of the cart reaches it.
 */
export const cartForAddressQuery = (lang: Lang, token: string | null, addressId: number | null) =>
  queryOptions({
    queryKey: [...cartKeys.all, lang, token, 'address', addressId],
    queryFn: async ({ signal }) =>
      (await request<CartData>(addressId === null ? '/showCard' : `/showCard?address_id=${addressId}`, { signal, lang })).data,
    enabled: token !== null,
    placeholderData: keepShoppersPrevious(token),
    staleTime: 0,
  });
