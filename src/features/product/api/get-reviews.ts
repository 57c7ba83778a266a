import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { ReviewsPage as ReviewsPageSchema } from '@contract/catalog';
import { productKeys } from './get-product';

export type ReviewsPage = Static<typeof ReviewsPageSchema>;

/**
 * GET /products/{id}/reviews?page=: the reviews after the first page, a page
 * at a time, newest first. The details answer carries page 1, so this starts
 * at page 2, and only when the shopper asks for more (`enabled` by the caller).
 * The same for every shopper: asked without the token.
 */
export const moreReviewsQuery = (productId: number, lang: Lang) =>
  infiniteQueryOptions({
    queryKey: [...productKeys.reviews(productId), lang],
    queryFn: async ({ pageParam, signal }) =>
      (await request<ReviewsPage>(`/products/${productId}/reviews?page=${pageParam}`, { signal, lang, anonymous: true })).data,
    initialPageParam: 2,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
  });
