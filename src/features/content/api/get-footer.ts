import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Footer, LinkFooter, ProductCard } from '@/lib/contract';
import type { Lang } from '@/lib/storage';
import { askOfflineOnlyIfKept, retryOnline } from '@/pwa/offline-read';

/** The footer comes with the best sellers (GET /products/bestseller). */
export const footerQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['products', 'bestseller', lang],
    queryFn: async ({ signal }) => {
      await askOfflineOnlyIfKept('/products/bestseller', lang);
      const body = await request<ProductCard[], { footer: Footer; linkfooter: LinkFooter }>('/products/bestseller', { signal, lang });
      return { footer: body.footer, links: body.linkfooter, bestSellers: body.data };
    },
    // Asked even offline, where the service worker may have kept a visitor's
    // copy: 'online' would pause before asking. Without one it fails at once.
    networkMode: 'offlineFirst',
    retry: retryOnline,
  });
