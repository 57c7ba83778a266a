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
