import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { connection, isDataSaverOn } from '@/lib/data-saver';
import { likelyNext, PREFETCH_META } from './prefetch-plan';

type ScreenFiles = Record<string, string[]>;

/** The build's list; empty where there is none (the dev server, tests). */
function screenFiles(): ScreenFiles {
  try {
    const content = document.querySelector(`meta[name="${PREFETCH_META}"]`)?.getAttribute('content');
    return content ? (JSON.parse(content) as ScreenFiles) : {};
  } catch {
    return {};
  }
}

/**
 * A prefetch failed on the network: the connection is gone even when the
 * browser has not said so (a network that lets nothing through still
 * counts as "online"). Nothing more is asked until the browser's next
 * `online`, so an outage costs one failed request, not one per file and page.
 */
let failedSinceOnline = false;
const reachabilityListeners = new Set<() => void>();
const tellReachability = () => {
  for (const listener of reachabilityListeners) listener();
};

function backOnline() {
  failedSinceOnline = false;
  tellReachability();
}

function prefetchFailed() {
  if (failedSinceOnline) return;
  failedSinceOnline = true;
  window.addEventListener('online', backOnline, { once: true });
  tellReachability();
}

/** Whether the network may be reached: the browser says so, TanStack Query too, and no prefetch has failed since. */
export function networkReachable(): boolean {
  const browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
  return browserOnline && onlineManager.isOnline() && !failedSinceOnline;
}

function subscribeReachability(onChange: () => void): () => void {
  reachabilityListeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = onlineManager.subscribe(onChange);
  return () => {
    reachabilityListeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/**
 * Hands a file this page has just fetched to the service worker, which keeps
 * it in its cache of build files (sw.ts; workbox's CACHE_URLS message): the
 * screen then opens offline later, whether or not the worker saw the prefetch
 * itself. Before the worker controls the page, register.ts hands it
 * everything the page has loaded once it takes over.
 */
function keepInWorker(href: string) {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker?.controller;
  worker?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [new URL(href, location.href).href] } });
}

/** Files whose prefetch failed: asked again once the connection is back, though the browser lists them as fetched. */
const failedFiles = new Set<string>();

/**
 * Whether to spend the shopper's data on what they may not open: never with
 * data saver on, offline (as the browser says, or as a failed prefetch
 * showed), or on a 2G connection, where the bytes would slow what they did open.
 */
export function mayPrefetch(): boolean {
  if (isDataSaverOn() || !networkReachable()) return false;
  const type = connection()?.effectiveType;
  return type !== 'slow-2g' && type !== '2g';
}

/**
 * Asks for the screens' files at the lowest priority (`<link rel=prefetch>`):
 * downloaded, not run. The service worker keeps each one that arrives
 * (keepInWorker; src/pwa/sw.ts, the assets' cache), so the next screen opens
 * without waiting for its code, offline too. A file this page has fetched or
 * asked for already is not asked again; one that failed is, once the
 * connection is back, and its failure stops the prefetching until then.
 * Returns the files asked now.
 */
export function prefetchScreens(screens: readonly string[]): string[] {
  const list = screenFiles();
  // The screen on show shares files with the next: those are in the browser's cache already.
  const fetched = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  for (const href of failedFiles) fetched.delete(href);
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')) fetched.add(new URL(link.href).pathname);
  const now = [...new Set(screens.flatMap((screen) => list[screen] ?? []))].filter((href) => !fetched.has(href));
  for (const href of now) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // In CORS mode, as the app's own import and Vite's stylesheet links will ask, so the cached copy fits.
    link.crossOrigin = '';
    link.addEventListener('load', () => {
      failedFiles.delete(href);
      keepInWorker(href);
    }, { once: true });
    link.addEventListener('error', () => {
      // Gone from the page, so that it is asked again once the connection is back.
      link.remove();
      failedFiles.add(href);
      prefetchFailed();
    }, { once: true });
    document.head.appendChild(link);
  }
  return now;
}

/** How long after a screen has shown its code that the next one's is asked: its own pictures and data first. */
export const PREFETCH_DELAY_MS = 2000;

/**
 * After the page has loaded and the screen has been up a moment, when the
 * browser is idle: never in the way of what the screen itself shows.
 */
function whenSettled(run: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  // Safari has no requestIdleCallback: there the delay alone.
  const idleThenRun = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 5000 });
    else run();
  };
  const schedule = () => {
    timer = window.setTimeout(idleThenRun, PREFETCH_DELAY_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * Prefetches the code of the screen most likely opened next (prefetch-plan.ts).
 * Rendered next to the routed screen inside its Suspense boundary (layout.tsx),
 * so it mounts only once that screen's own code has arrived and shown.
 * Offline it waits: nothing is asked until the connection is back, and then
 * the screen's next is asked as if the screen had just been shown.
 */
export function PrefetchNext() {
  const { pathname } = useLocation();
  const reachable = useSyncExternalStore(subscribeReachability, networkReachable, () => false);
  useEffect(() => {
    if (!reachable) return;
    const next = likelyNext(pathname);
    if (next.length === 0) return;
    return whenSettled(() => {
      if (mayPrefetch()) prefetchScreens(next);
    });
  }, [pathname, reachable]);
  return null;
}
