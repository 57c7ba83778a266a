import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { listSearch, type ListParams, type ProductList } from './get-products';

/** Products on sale or buy 2 get 1. */
export const offersQuery = (params: ListParams, lang: Lang) =>
  queryOptions({
    queryKey: ['offers', params, lang],
    queryFn: async ({ signal }) => (await request<ProductList>(`/offers${listSearch(params)}`, { signal, lang })).data,
  });
