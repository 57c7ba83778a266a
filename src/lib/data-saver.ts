import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

/** localStorage key of the shopper's own choice: 'on' or 'off'; absent until they touch the switch. */
export const DATA_SAVER_KEY = 'data saver';

/** The part of the Network Information API we read; Safari and Firefox have none of it. */
interface Connection extends EventTarget {
  saveData?: boolean;
  /** 'slow-2g', '2g', '3g' or '4g': the connection as the browser measures it */
  effectiveType?: string;
}

export function connection(): Connection | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: Connection }).connection;
}

/** What the browser asks for: `saveData` is what it sends as `Save-Data: on`. */
function browserAsks(): boolean {
  return connection()?.saveData === true;
}

/**
 * Data saver is on when the shopper turned it on, or, until they touch the
 * switch, when the browser asks for it. Plain function, so code outside React
 * (prefetching, the router) can ask too.
 */
export function isDataSaverOn(): boolean {
  const choice = readStored(DATA_SAVER_KEY);
  if (choice === 'on') return true;
  if (choice === 'off') return false;
  return browserAsks();
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The shopper's switch: kept, and from now on it wins over the browser's default. */
export function setDataSaver(on: boolean) {
  writeStored(DATA_SAVER_KEY, on ? 'on' : 'off');
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab flipping the switch, or the shopper turning Lite mode on in the browser.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  const conn = connection();
  conn?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    conn?.removeEventListener?.('change', listener);
  };
}

/** Whether data saver is on, re-rendering when it changes; no provider needed. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, isDataSaverOn, () => false);
}
