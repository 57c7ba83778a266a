// Whether the shopper is online, as TanStack Query sees it: queries and
// mutations pause on it, and the shell's offline bar follows it.
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * TanStack Query 5 starts out believing it is online and only listens for the
 * `online`/`offline` events: a page opened offline (served by the service
 * worker) would send its changes into a dead network instead of keeping them.
 * Called when the app's query client is made.
 */
export function syncOnlineState() {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine);
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** true while online; re-renders on each change. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
