import { startTransition, useEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { whenIdle } from './idle';

/**
 * The history entry the app started on (its router's location key). A screen reached later by Back
 * or Forward draws whole at once: the shopper's scroll position there needs the page's full height.
 */
let startKey: string | null = null;

/** Notes the entry the app starts on: the shell calls it as it first renders (layout.tsx). */
export function noteStartLocation(key: string) {
  startKey ??= key;
}

/**
 * How many of a screen's `total` parts (cards, sections) to draw: `first` in its first render (what
 * the first view holds, the largest paint among it; the server draws as many), then `step` more in
 * each following commit, each made in the background (a transition) when the browser is idle. One
 * commit of everything below the first view was the longest task of a first visit on a slow phone:
 * in steps, the browser answers a tap between them (docs/architecture.md, "The main thread on a slow
 * phone").
 * What the later steps add must lie below or beside what is drawn, never above it, so nothing in view moves.
 */
export function useProgressive(total: number, first: number, step: number): number {
  const { key } = useLocation();
  const back = useNavigationType() === 'POP' && startKey !== null && key !== startKey;
  const [shown, setShown] = useState(() => (back ? Number.POSITIVE_INFINITY : first));
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown((n) => n + step)), 1000);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
