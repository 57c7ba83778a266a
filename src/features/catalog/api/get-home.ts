import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { HomeData } from '@/lib/contract';
import type { Lang } from '@/lib/storage';

export const homeQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['home', lang],
    queryFn: async ({ signal }) => (await request<HomeData>('/home', { signal })).data,
  });
