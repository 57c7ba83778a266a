// Whether data saver is on, without React: the boot script asks it too (src/boot.ts).
import { readStored } from './storage';

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

