import { useEffect } from 'react';
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
 * Whether to spend the shopper's data on what they may not open: never with
 * data saver on, offline, or on a 2G connection, where the bytes would slow
 * what they did open.
 */
export function mayPrefetch(): boolean {
  if (isDataSaverOn() || !onlineManager.isOnline()) return false;
  const type = connection()?.effectiveType;
  return type !== 'slow-2g' && type !== '2g';
}

/**
 * Asks for the screens' files at the lowest priority (`<link rel=prefetch>`):
 * downloaded, not run. The service worker keeps them (src/pwa/sw.ts, the
 * assets' cache), so the next screen opens without waiting for its code,
 * offline too. A file this page has fetched or asked for already is not asked
 * again. Returns the files asked now.
 */
export function prefetchScreens(screens: readonly string[]): string[] {
  const list = screenFiles();
  // The screen on show shares files with the next: those are in the browser's cache already.
  const fetched = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')) fetched.add(new URL(link.href).pathname);
  const now = [...new Set(screens.flatMap((screen) => list[screen] ?? []))].filter((href) => !fetched.has(href));
  for (const href of now) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // In CORS mode, as the app's own import and Vite's stylesheet links will ask, so the cached copy fits.
    link.crossOrigin = '';
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
 */
export function PrefetchNext() {
  const { pathname } = useLocation();
  useEffect(() => {
    const next = likelyNext(pathname);
    if (next.length === 0) return;
    return whenSettled(() => {
      if (mayPrefetch()) prefetchScreens(next);
    });
  }, [pathname]);
  return null;
}
