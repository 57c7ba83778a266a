// Registers the service worker (src/pwa/sw.ts, built to /sw.js) through
// workbox-window. A new version waits for the shopper: the caller shows
// 'New version available', and only their Reload lets it take over.
import { Workbox } from 'workbox-window';
import { storage } from '@/lib/storage';
import { reloadPage } from './reload';

/** How often an open tab asks whether a new version was deployed (the browser only checks on navigation). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface ServiceWorkerHooks {
  /** A new version is installed and waiting; `apply` lets it in and reloads once it controls the page. */
  onUpdateReady(apply: () => void): void;
}

/** The catalog answers the worker keeps (sw.ts), as this page fetched them before the worker was there. */
const KEPT_API = /^\/api\/(home|about|products\/bestseller|products\/details\/\d+)$/;

/**
 * On the first visit the page loads before the worker controls it, so what
 * it fetched bypassed the worker's caches. Workbox's router accepts a list to
 * cache (CACHE_URLS): files and images come from the HTTP cache, not the
 * network, and the screen the shopper landed on works offline from now on.
 */
function keepWhatThisPageLoaded(wb: Workbox) {
  if (typeof performance === 'undefined') return;
  const lang = storage.lang();
  const signedIn = Boolean(storage.token());
  const urls: (string | [string, RequestInit])[] = [];
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin !== location.origin) continue;
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/')) urls.push(url.href);
    // Details and about are fetched without the token; home and bestseller only when signed out.
    else if (KEPT_API.test(url.pathname) && (!signedIn || /\/(details\/|about$)/.test(url.pathname))) urls.push([url.href, { headers: { lang } }]);
  }
  if (urls.length) void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }).catch(() => {});
}

/** Starts the worker after the page has loaded; returns a stop function (the periodic update check). */
export function registerServiceWorker({ onUpdateReady }: ServiceWorkerHooks): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const wb = new Workbox('/sw.js');
  let registration: ServiceWorkerRegistration | undefined;
  let reloadWanted = false;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    reloadPage();
  };
  const apply = () => {
    reloadWanted = true;
    // Another tab's Reload may have let it in already: then this page only needs the reload.
    if (registration?.waiting) wb.messageSkipWaiting();
    else reloadOnce();
  };

  wb.addEventListener('waiting', () => onUpdateReady(apply));
  wb.addEventListener('controlling', (event) => {
    if (reloadWanted) reloadOnce();
    // The first install took over this page (clientsClaim): keep what it already loaded.
    else if (!event.isUpdate && !event.isExternal) keepWhatThisPageLoaded(wb);
  });

  // register() waits for the window's load event, so the worker's downloads
  // never compete with the first screen's.
  wb.register().then((reg) => { registration = reg; }, (error: unknown) => console.warn('service worker not registered', error));

  const timer = setInterval(() => {
    if (navigator.onLine) registration?.update().catch(() => {});
  }, UPDATE_CHECK_MS);
  return () => clearInterval(timer);
}
