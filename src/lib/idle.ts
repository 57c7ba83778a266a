/**
 * Runs `work` when the browser is idle, within `timeout` ms at the latest; where there is no
 * requestIdleCallback (Safari, jsdom), in a task of its own right away. Returns the cancel.
 */
export function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}
