import { onlineManager, queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { ApiError, request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { askOfflineOnlyIfKept } from '@/pwa/offline-read';
import type { ProductDetails as ProductDetailsSchema, Review as ReviewSchema } from '@contract/catalog';

export type ProductDetails = Static<typeof ProductDetailsSchema>;
export type ProductOverview = ProductDetails['OverView_Product'];
export type ProductSpecs = ProductDetails['Product_details'];
export type RelatedProduct = ProductDetails['realted_product'][number];
export type Review = Static<typeof ReviewSchema>;
export type ReviewRate = ProductDetails['review_rate'];

/**
 * Query keys of one product; the language (and for the shopper's own
 * review, the token) come last, so one prefix reaches both languages.
 */
export const productKeys = {
  /** every product's details, in every language */
  details: () => ['products', 'detail'] as const,
  detail: (id: number) => [...productKeys.details(), id] as const,
  /** the pages of reviews after the first (the details answer carries the first) */
  reviews: (id: number) => ['products', 'reviews', id] as const,
  /** the signed-in shopper's own review */
  myReview: (id: number) => ['products', 'my-review', id] as const,
};

/** A product that does not exist (404) is an answer, not a hiccup: asking again will not help. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const productQuery = (id: number, lang: Lang) =>
  queryOptions({
    queryKey: [...productKeys.detail(id), lang],
    // The same page for every shopper (hearts come from /fav/show): asked without
    // the token, so the service worker can keep it for offline and weak networks.
    queryFn: async ({ signal }) => {
      const path = `/products/details/${id}`;
      await askOfflineOnlyIfKept(path, lang, { anonymous: true });
      return (await request<ProductDetails>(path, { signal, lang, anonymous: true })).data;
    },
    // Asked even offline, where the service worker may have kept it: 'online'
    // would pause before asking, and a product not in IndexedDB would load forever.
    networkMode: 'offlineFirst',
    // Offline, a miss is said at once (with Retry), not left waiting; the
    // connection's return asks again by itself (refetchOnReconnect).
    retry: (failures, error) =>
      onlineManager.isOnline() && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
