import { useSyncExternalStore } from 'react';

/**
 * What the browser lets us offer for installing the app. The listeners are
 * registered when this module is first imported: Chromium may fire
 * beforeinstallprompt before React has mounted, and an event nobody kept is
 * gone until the next page load. main.tsx imports this module first.
 */

/** Chromium's event (not in the DOM typings: it never became a standard). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** 'prompt': the browser's own install sheet; 'ios': Safari's Share → Add to Home Screen, explained. */
export type InstallOffer = 'prompt' | 'ios' | null;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's mini-infobar away: the shopper installs from our menu when they choose.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  // Chromium offers no new event once installed; this tab stays in the browser, so forget the offer.
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function standaloneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(display-mode: standalone)') : null;
}

/** Running as the installed app: display-mode standalone, or iOS's home-screen web app. */
export function isStandalone(): boolean {
  if (standaloneQuery()?.matches) return true;
  return typeof navigator !== 'undefined' && (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * Safari on an iPhone or iPad, which has no beforeinstallprompt. iPadOS
 * describes itself as a Mac, with touch. Chrome, Firefox, Edge and Opera on
 * iOS, and in-app browsers, name themselves and are left out: their menus differ.
 */
export function isIosSafari(ua = typeof navigator === 'undefined' ? '' : navigator.userAgent, touchPoints = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints): boolean {
  const iDevice = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
  const safari = /Version\/[\d.]+.*Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|FBAN|FBAV|Instagram/.test(ua);
  return iDevice && safari;
}

/** What to offer now: nothing once installed. */
export function installOffer(): InstallOffer {
  if (isStandalone()) return null;
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios' : null;
}

export function subscribeInstall(listener: () => void) {
  listeners.add(listener);
  const query = standaloneQuery();
  query?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener?.('change', listener);
  };
}

/**
 * Shows the browser's install sheet. The event is forgotten first: it can be
 * prompted only once, and a second click while the sheet is up would throw.
 * Resolves with the shopper's choice (null when there was nothing to prompt).
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = deferred;
  if (!event) return null;
  deferred = null;
  notify();
  try {
    await event.prompt();
    const choice = await event.userChoice;
    return choice.outcome;
  } catch {
    return null;
  }
}

/** What the menu can offer for installing the app right now; re-renders when that changes. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribeInstall, installOffer, () => null);
}
