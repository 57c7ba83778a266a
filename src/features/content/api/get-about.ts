import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { askOfflineOnlyIfKept, retryOnline } from '@/pwa/offline-read';
import type { AboutData } from '@contract/catalog';

export type About = Static<typeof AboutData>;

export const aboutQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['about', lang],
    // The same page for every shopper: asked without the token, so the service
    // worker keeps it for offline (sw.ts), as it keeps the footer's.
    queryFn: async ({ signal }) => {
      await askOfflineOnlyIfKept('/about', lang, { anonymous: true });
      return (await request<About>('/about', { signal, lang, anonymous: true })).data;
    },
    // Asked even offline, where the service worker may have kept it: 'online'
    // would pause before asking, and the screen would stay empty. Without a
    // copy it fails at once; the connection's return asks again by itself.
    networkMode: 'offlineFirst',
    retry: retryOnline,
  });
