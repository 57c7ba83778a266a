import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { CategoryRow } from '@contract/catalog';

export type Category = Static<typeof CategoryRow>;

export const categoriesQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['categories', lang],
    queryFn: async ({ signal }) => (await request<Category[]>('/categories', { signal, lang })).data,
    staleTime: 10 * 60_000,
  });
