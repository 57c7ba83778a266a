import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import type { Lang } from '@/lib/storage';

export const cartQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: ['cart', lang, token],
    queryFn: async ({ signal }) => (await request<CartData>('/showCard', { signal })).data,
    enabled: token !== null,
  });
