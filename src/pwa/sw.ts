/// <reference lib="webworker" />
// The service worker (docs/architecture.md, "Offline"), built by vite-plugin-pwa
// (injectManifest) into /sw.js. It serves the shell from the precache, keeps
// anonymous catalog answers per language (home, about, the footer's, product
// details) for weak networks and offline, and images.
// It never stores an answer to a request that carried a token.
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { API_CACHE, ASSETS_CACHE, MEDIA_CACHE, apiCacheKey } from '@/lib/cache-names';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const DAY = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the shopper chooses Reload (src/pwa/update-prompt.tsx):
// taking over by itself would run new code under a page loaded with the old.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// On the first install nothing is waiting for, so the open page gets the worker at once.
clientsClaim();

// Every app route is the shell; the API, images and files are not routes.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), {
  // The back office (/admin) is its own page, online only: never the shop's shell.
  denylist: [/^\/api(\/|$)/, /^\/admin(\/|$)/, /^\/media\//, /\/[^/]+\.[^/]+$/],
}));

// The API may live on another host (VITE_API_HOST); its answers are CORS, not opaque.
const API = new URL(`${import.meta.env.VITE_API_HOST ?? ''}/api/`, self.location.href);
const SHOPPER_INDEPENDENT = /^(home|about|products\/bestseller|products\/details\/\d+)$/;

/** `lang` is a header, not part of the URL: it joins the cache key so both languages sit side by side. */
const keyedByLanguage: WorkboxPlugin = {
  async cacheKeyWillBeUsed({ request }) {
    return apiCacheKey(request.url, request.headers.get('lang'));
  },
};

registerRoute(
  ({ url, request }) =>
    // With a token the answer may be the shopper's own (is_fav): never stored here.
    !request.headers.has('authorization')
    && url.origin === API.origin
    && url.pathname.startsWith(API.pathname)
    && SHOPPER_INDEPENDENT.test(url.pathname.slice(API.pathname.length)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      keyedByLanguage,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

/**
 * An image neither kept nor reachable (offline, one the visit never showed):
 * a plain warm-grey tile instead of a failed load, which the browser logs as
 * an error and draws as a broken image. It stretches to the box the page gave
 * the image, and is never stored: the real image comes once the connection is back.
 */
const PLACEHOLDER_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" preserveAspectRatio="none"><rect width="1" height="1" fill="#ece6df"/></svg>';
const imagePlaceholder: WorkboxPlugin = {
  handlerDidError: async () =>
    new Response(PLACEHOLDER_IMAGE, {
      status: 200,
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' },
    }),
};

registerRoute(
  ({ url }) => (url.origin === self.location.origin || url.origin === API.origin) && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      // 200 only: an opaque answer may be an error in disguise, and costs quota as if 7 MB.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      imagePlaceholder,
    ],
  }),
  'GET',
);

// Screens left out of the precache to keep it small (scripts/vite/precache-selection.ts) are
// kept once visited: their names carry a hash, so a stored copy is never stale.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);
