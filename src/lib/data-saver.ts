// Data saver in React: whether it is on (the shopper's switch, else the browser's wish), and the switch.
import { useSyncExternalStore } from 'react';
import { writeStored } from './storage';
import { connection, DATA_SAVER_KEY, isDataSaverOn } from './data-saver-state';

export { connection, DATA_SAVER_KEY, isDataSaverOn };

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
