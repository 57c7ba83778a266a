import { useDeferredValue } from 'react';

/**
 * `false` in a screen's first render and `true` in the next, which React
 * makes in the background once the first is on screen: a screen shows its
 * top (what the first view holds, the largest paint among it) in one commit,
 * and what lies below it in a second. One commit of the whole page was the
 * longest task of a first load on a slow phone (Largest Contentful Paint and
 * Total Blocking Time).
 * What the second pass adds must lie below or beside the first's content,
 * never above it, so nothing in view moves.
 */
export function useSecondPass(): boolean {
  return useDeferredValue(true, false);
}
