import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { HomeData } from '@/lib/contract';
import type { Lang } from '@/lib/storage';
import { askOfflineOnlyIfKept, retryOnline } from '@/pwa/offline-read';

export const homeQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['home', lang],
    queryFn: async ({ signal }) => {
      await askOfflineOnlyIfKept('/home', lang);
      return (await request<HomeData>('/home', { signal, lang })).data;
    },
    // Asked even offline, where the service worker may have kept a visitor's
    // copy: 'online' would pause before asking. Without one it fails at once.
    networkMode: 'offlineFirst',
    retry: retryOnline,
    // On a language switch the page stays as it is until the new texts arrive.
    placeholderData: keepPreviousData,
  });
