import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { normalPath, ROUTES } from '../route-manifest';

/** A path of a route whose screens are steps that place the focus on their own headings (checkout). */
const inSteps = (path: string) => ROUTES.some((route) => route.children && (path === route.path || path.startsWith(`${route.path}/`)));

/**
 * Whether the focus is somewhere the shopper (or the new screen itself) put
 * it since the navigation: not the page's body, not an element gone from the
 * page, and not the link that was followed.
 */
function focusMoved(from: Element | null): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && active !== from && document.contains(active);
}

/**
 * After a navigation to another page, the focus goes to the new screen's
 * heading, its h1 (made focusable with tabIndex -1), as the skip link does for
 * `main`: a screen reader reads where the shopper has arrived, and the next
 * Tab starts from the top of the screen instead of from the link that was
 * followed (which, in the bar, stays on the page and kept the focus) or from
 * the start of the page (a link inside the old screen is gone, and the focus
 * with it).
 *
 * - Not on the visit's first page: the browser reads a loaded page itself.
 * - Not when only the query string or the #anchor changes: the list's
 *   filters, sort and pages keep the focus on the control the shopper used
 *   (and a page button says "current page"); the heading would be the same
 *   one, and a screen reader user changing a filter expects to stay at the
 *   filters, not to be sent back above them. Only when that control went
 *   with the change (the pages' bar is hidden while the next page loads),
 *   which drops the focus on the page's body, does it go to the heading,
 *   the nearest place above where the shopper was.
 * - Not into a route whose steps place the focus themselves (checkout: each
 *   step's heading, its `children` in the route manifest).
 * - The h1 may come later than the navigation (the screen's code, then its
 *   data): it is focused when it appears, unless the shopper has moved the
 *   focus meanwhile. The page does not scroll for it: the scroll is the
 *   router's (the top, or where Back returns to).
 */
export function useFocusOnNavigation() {
  const { pathname, search } = useLocation();
  const path = normalPath(pathname);
  const shown = useRef({ path, search });
  useEffect(() => {
    const before = shown.current;
    if (before.path === path && before.search === search) return;
    shown.current = { path, search };
    if (inSteps(path)) return;
    const main = document.getElementById('main');
    if (!main) return;
    const followed = document.activeElement;
    if (before.path === path && followed !== null && followed !== document.body) return;
    const focusHeading = (): boolean => {
      if (focusMoved(followed)) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [path, search]);
}
