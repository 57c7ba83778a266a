// The service worker's caches, named once so the app (log-out, tests) and
// the worker agree. None holds a shopper's data: the worker never keeps an
// answer to a request that carried a token.

/** Anonymous answers of /home, /about, /products/bestseller and /products/details/{id}, per language. */
export const API_CACHE = 'attar-api';
/** Images under /media. */
export const MEDIA_CACHE = 'attar-media';
/** Hashed build files left out of the precache, kept once a screen has used them. */
export const ASSETS_CACHE = 'attar-assets';
/** Workbox's precache (the shell), `workbox-precache-v2-<scope>`: the app itself, no one's data. */
export const PRECACHE_PREFIX = 'workbox-precache';

/**
 * An answer's key in API_CACHE: its URL plus its language. `lang` is a
 * header, not part of the URL, so without this both languages would share
 * one entry. The worker stores under it; the page looks under it (offline-read.ts).
 */
export function apiCacheKey(url: string | URL, lang: string | null): string {
  const key = new URL(url);
  key.searchParams.set('__lang', /^ar/i.test(lang ?? '') ? 'ar' : 'en');
  return key.href;
}
