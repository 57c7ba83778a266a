import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { AboutData } from '@contract/catalog';

export type About = Static<typeof AboutData>;

export const aboutQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['about', lang],
    queryFn: async ({ signal }) => (await request<About>('/about', { signal, lang })).data,
  });
