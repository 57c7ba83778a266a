import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { ApiError, request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { ProductDetails as ProductDetailsSchema } from '../../../../server/contract/catalog';

export type ProductDetails = Static<typeof ProductDetailsSchema>;
export type ProductOverview = ProductDetails['OverView_Product'];
export type ProductSpecs = ProductDetails['Product_details'];
export type RelatedProduct = ProductDetails['realted_product'][number];
export type Review = ProductDetails['review'][number];
export type ReviewRate = ProductDetails['review_rate'];

/** Query keys of one product; the language is the last part so both languages share a prefix. */
export const productKeys = {
  detail: (id: number) => ['products', 'detail', id] as const,
};

/** A product that does not exist (404) is an answer, not a hiccup: asking again will not help. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const productQuery = (id: number, lang: Lang) =>
  queryOptions({
    queryKey: [...productKeys.detail(id), lang],
    // The same page for every shopper (hearts come from /fav/show): asked without
    // the token, so the service worker can keep it for offline and weak networks.
    queryFn: async ({ signal }) => (await request<ProductDetails>(`/products/details/${id}`, { signal, anonymous: true })).data,
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
