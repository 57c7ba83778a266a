import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { ApiError, request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { CategoryHead } from '@contract/catalog';
import { listSearch, type ListParams, type ProductList } from './get-products';

export type CategoryProducts = ProductList & { category: Static<typeof CategoryHead> };

export const categoryProductsQuery = (id: number, params: ListParams, lang: Lang) =>
  queryOptions({
    queryKey: ['products', 'category', id, params, lang],
    queryFn: async ({ signal }) =>
      (await request<CategoryProducts>(`/products/category/${id}${listSearch(params)}`, { signal, lang })).data,
    // An unknown category stays unknown: show the not-found page at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
