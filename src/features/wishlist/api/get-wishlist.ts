import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { ProductCard } from '@/lib/contract';
import type { Lang } from '@/lib/storage';

export const wishlistKeys = {
  all: ['wishlist'] as const,
};

/** GET /fav/show: the signed-in shopper's wishlist as product cards (names in `lang`). */
export const wishlistQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...wishlistKeys.all, lang, token],
    queryFn: async ({ signal }) => (await request<ProductCard[]>('/fav/show', { signal, lang })).data,
    enabled: token !== null,
  });
