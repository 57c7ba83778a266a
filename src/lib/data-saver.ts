// Data saver in React: whether it is on (the shopper's switch, else the browser's wish), and the switch.
import { useSyncExternalStore } from 'react';
import { writeStored } from './storage';
import { connection, DATA_SAVER_KEY, isDataSaverOn } from './data-saver-state';

export { connection, DATA_SAVER_KEY, isDataSaverOn };

const listeners = new Set<() => void>();
/**
 * The value while anything listens: every picture on a page reads it on every render, and one read
 * of the device's storage serves them all. Read afresh while nothing listens.
 */
let current: boolean | null = null;
/** The connection listened to, so the same one is let go. */
let watched: ReturnType<typeof connection>;

function changed() {
  current = isDataSaverOn();
  listeners.forEach((listener) => listener());
}

/** Another tab flipping the switch (null: its storage cleared). */
function onStorage(event: StorageEvent) {
  if (event.key === DATA_SAVER_KEY || event.key === null) changed();
}

/** The shopper's switch: kept, and from now on it wins over the browser's default. */
export function setDataSaver(on: boolean) {
  writeStored(DATA_SAVER_KEY, on ? 'on' : 'off');
  changed();
}

/** One listener on the window and the connection for the whole page, however many pictures it shows. */
function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    current = isDataSaverOn();
    window.addEventListener('storage', onStorage);
    // The shopper turning Lite mode on in the browser.
    watched = connection();
    watched?.addEventListener?.('change', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    current = null;
    window.removeEventListener('storage', onStorage);
    watched?.removeEventListener?.('change', changed);
    watched = undefined;
  };
}

const snapshot = () => current ?? isDataSaverOn();

/** Whether data saver is on, re-rendering when it changes; no provider needed. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
