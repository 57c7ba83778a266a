// Relative, not '@/': the vite config imports this file, before any alias is known.
import { matchRoute, ROUTES } from '../app/route-manifest.ts';

/**
 * The screen a shopper most likely opens next, by where they are: each
 * route's `prefetch` in the route manifest (src/app/route-manifest.ts).
 * The build (scripts/vite/boot-hints.ts) writes each such screen's files into
 * index.html, and src/pwa/prefetch.ts asks for them when the page is idle.
 *
 * Only screens the service worker does not precache: the precache already
 * holds the offline ones (home, the wishlist, about).
 */
export function likelyNext(pathname: string): readonly string[] {
  return matchRoute(pathname)?.prefetch ?? [];
}

/**
 * Parts of a screen that load when used rather than with it, prefetched like
 * screens, by name: the module the build finds their files from. Other names
 * are screens (src/app/routes/<name>.tsx).
 */
export { PREFETCHED_PARTS } from '../app/route-manifest.ts';

/** index.html's meta tag where the build lists each prefetchable screen's files. */
export const PREFETCH_META = 'attar-prefetch';

/** Every screen the plan may prefetch. */
export const PREFETCHED_SCREENS = [...new Set(ROUTES.flatMap((route) => route.prefetch ?? []))];
