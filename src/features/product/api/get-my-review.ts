import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { MyReview as MyReviewSchema } from '@contract/account';
import { productKeys } from './get-product';

export type MyReview = NonNullable<Static<typeof MyReviewSchema>['review']>;

/**
 * GET /review/mine/{id} (bearer): the signed-in shopper's own review of the
 * product, null when they have not written one. The token is in the key, so
 * log-out leaves nothing of it behind, and another sign-in asks again.
 */
export const myReviewQuery = (productId: number, lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...productKeys.myReview(productId), lang, token],
    queryFn: async ({ signal }) =>
      (await request<Static<typeof MyReviewSchema>>(`/review/mine/${productId}`, { signal, lang })).data.review,
    enabled: token !== null,
  });
