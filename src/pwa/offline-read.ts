// Catalog reads offline (docs/architecture.md, "Offline"). Home, the footer and
// product details are asked even offline (networkMode 'offlineFirst'), because
// the service worker may answer from what it kept. What it did not keep is not
// asked at all: a request the worker cannot answer fails with a console error
// and tells nothing the page could not know from Cache Storage itself.
import { onlineManager } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client';
import { storage, type Lang } from '@/lib/storage';
import { API_CACHE, apiCacheKey } from '@/lib/cache-names';

const API_BASE = `${import.meta.env.VITE_API_HOST ?? ''}/api`;

/** The answer was not reached: no connection, or the worker had no copy offline. */
export const isNoConnection = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * A read that did not reach the shop: failed without an answer, or waiting
 * for the connection before its retry (fetchStatus 'paused').
 */
export const missedConnection = ({ error, fetchStatus }: { error: unknown; fetchStatus: string }) =>
  fetchStatus === 'paused' || isNoConnection(error);

/**
 * `retry` for these reads: once, as the app's default, but never offline,
 * where the retry would only wait: the miss is said at once, and the
 * connection's return asks again by itself (refetchOnReconnect).
 */
export const retryOnline = (failures: number) => onlineManager.isOnline() && failures < 1;

/** Whether the service worker keeps the answer to `path` in `lang`. */
async function keptByWorker(path: string, lang: Lang): Promise<boolean> {
  // Without Cache Storage (plain http, an old browser) there is no worker either.
  if (typeof caches === 'undefined') return false;
  try {
    const cache = await caches.open(API_CACHE);
    return (await cache.match(apiCacheKey(new URL(API_BASE + path, location.href), lang))) !== undefined;
  } catch {
    // Cache Storage refused (private mode): let the request find out.
    return true;
  }
}

/**
 * Call at the start of a catalog query function. Online it does nothing.
 * Offline it lets the request through only when the service worker kept its
 * answer: never for one asked with the token (the worker keeps none of
 * those), so a signed-in shopper's screen comes from the persisted query
 * cache instead. Otherwise it fails at once, as a lost connection does.
 */
export async function askOfflineOnlyIfKept(path: string, lang: Lang, { anonymous = false } = {}): Promise<void> {
  if (onlineManager.isOnline()) return;
  const withToken = !anonymous && Boolean(storage.token());
  if (!withToken && await keptByWorker(path, lang)) return;
  throw new ApiError(0, t`No connection. Check your internet and try again.`);
}

/**
 * The answers the service worker keeps in `lang` for the API paths `path`
 * matches (a pattern of the path after /api, e.g. /^\/products\/details\/(\d+)$/):
 * each path with its answer's `data`. Empty without Cache Storage, or when
 * it refuses.
 */
export async function keptAnswers<T>(path: RegExp, lang: Lang): Promise<{ path: string; data: T }[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const cache = await caches.open(API_CACHE);
    const base = new URL(API_BASE, location.href);
    const mine = (await cache.keys()).filter((request) => {
      const url = new URL(request.url);
      return url.origin === base.origin && url.pathname.startsWith(`${base.pathname}/`)
        && path.test(url.pathname.slice(base.pathname.length))
        && url.searchParams.get('__lang') === lang;
    });
    const answers = await Promise.all(mine.map(async (request) => {
      try {
        const body = (await (await cache.match(request))?.json()) as { data?: T } | undefined;
        return body?.data === undefined ? [] : [{ path: new URL(request.url).pathname.slice(base.pathname.length), data: body.data }];
      } catch {
        return [];
      }
    }));
    return answers.flat();
  } catch {
    return [];
  }
}
