// Reloading after a screen's code failed to arrive (chunk-load.ts). After a
// deploy, the worker in control still serves the old index.html, whose lazy
// files the new build deleted: a plain reload lands on the same broken build
// for as long as the new worker waits. So this reload lets the new worker in
// first.
//
// That is not skipWaiting "behind the shopper's back" (update-prompt.tsx):
// the page is already broken, and the new version is the only one that can
// show the screen. It happens when the shopper presses Retry, or in the one
// automatic reload, which comes only when a screen could not load at all.
import { reloadPage } from './reload';

/** How long the server may take to say whether there is a new version before the page reloads anyway. */
export const FIND_NEW_VERSION_MS = 10_000;
/**
 * How long a new version found installing may take to finish. Installing
 * downloads the new build's precache (about 290 KiB): on weak mobile data, or
 * a slow phone, that takes well over 10 s, and reloading before it is done
 * lands on the old, broken build with nothing left but Retry.
 */
export const INSTALL_MS = 60_000;
/** How long the new worker may take to take over before the page reloads anyway. */
export const TAKEOVER_MS = 4_000;

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);

/** Resolves once `worker` has finished installing (or failed to), or after `ms`. */
function installed(worker: ServiceWorker, ms: number): Promise<unknown> {
  if (worker.state !== 'installing') return Promise.resolve();
  return within(new Promise<void>((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') resolve();
    });
  }), ms);
}

/**
 * A new version waiting to take over, asking the server for one first when
 * none is known yet (an open tab checks only hourly): the deploy that deleted
 * the files is usually the one not yet found.
 */
async function newVersion(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.waiting) return registration.waiting;
  if (!registration.installing) await within(registration.update().catch(() => undefined), FIND_NEW_VERSION_MS);
  if (registration.installing) await installed(registration.installing, INSTALL_MS);
  return registration.waiting;
}

/**
 * Reloads onto the newest version: a new worker waiting (or found now) is
 * told to take over, and the page reloads once it controls it; without one,
 * a plain reload. The callers ask once (a busy Retry, the one automatic reload).
 */
export async function reloadOntoLatest(): Promise<void> {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    reloadPage();
  };
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  let waiting: ServiceWorker | null = null;
  try {
    const registration = await container?.getRegistration();
    if (registration) waiting = await newVersion(registration);
  } catch {
    // No worker to ask (blocked, unsupported): the plain reload below.
  }
  if (!container || !waiting) {
    once();
    return;
  }
  container.addEventListener('controllerchange', once, { once: true });
  // A worker that never takes over (it failed to activate) must not leave the shopper waiting.
  timer = setTimeout(once, TAKEOVER_MS);
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
