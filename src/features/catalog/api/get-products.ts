import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { ProductCard } from '@/lib/contract';
import type { Lang } from '@/lib/storage';
import type { Meta, SORTS } from '@contract/catalog';

export type Sort = (typeof SORTS)[number];
export type ListMeta = Static<typeof Meta>;
export interface ProductList {
  products: ProductCard[];
  meta: ListMeta;
}

/** The list endpoints' query (GET /products, /offers, /products/category/{id}). */
export interface ListParams {
  page?: number;
  per_page?: number;
  category_id?: number;
  q?: string;
  sort?: Sort;
  min_price?: number;
  max_price?: number;
  /** only what can be bought now (stock above 0) */
  in_stock?: boolean;
}

/** `?page=2&sort=price_asc…`, leaving out what is unset so equal lists share a URL. */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const productsQuery = (params: ListParams, lang: Lang) =>
  queryOptions({
    queryKey: ['products', 'list', params, lang],
    queryFn: async ({ signal }) => (await request<ProductList>(`/products${listSearch(params)}`, { signal, lang })).data,
  });

