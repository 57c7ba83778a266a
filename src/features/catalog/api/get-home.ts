import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { HomeData } from '@/lib/contract';
import type { Lang } from '@/lib/storage';

export const homeQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['home', lang],
    queryFn: async ({ signal }) => (await request<HomeData>('/home', { signal })).data,
    // On a language switch the page stays as it is until the new texts arrive.
    placeholderData: keepPreviousData,
  });
