// Lazy screens whose code fails to arrive: a deploy removed the
// old files, the network dropped, or it took too long. The route shows a
// screen with Retry (src/app/route-error.tsx) instead of a blank page.
import { createElement, lazy, useState, type ComponentType } from 'react';
import { readStored, writeStored } from '@/lib/storage';
import { reloadOntoLatest } from './reload-latest';

/** How long a lazy screen may take to load before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * sessionStorage: the screen whose code failed when the app reloaded itself,
 * so it never does twice over the same failure ('?' when the screen is unknown).
 */
export const CHUNK_RELOAD_KEY = 'chunk reload';

export class ChunkLoadError extends Error {
  constructor(
    message: string,
    options?: ErrorOptions,
    /** the screen whose code failed, as loadChunk was given it */
    readonly chunk = '?',
  ) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/**
 * The import, or a ChunkLoadError 'Loading chunk <name> failed' when it
 * rejects (a missing file, a network error, Vite's vite:preloadError, which
 * rethrows into the import when nobody prevents it) or outlasts the timeout.
 */
export function loadChunk<T>(name: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk ${name} failed. (timeout: ${timeoutMs} ms)`, undefined, name)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        // The screen that made the app reload has arrived: the reload worked,
        // and a later deploy in this tab gets its own one reload. (Only this
        // screen: another one arriving says nothing about it, and clearing
        // then could reload in a loop.)
        if (readStored(CHUNK_RELOAD_KEY, 'session') === name) writeStored(CHUNK_RELOAD_KEY, null, 'session');
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(`Loading chunk ${name} failed. (${cause instanceof Error ? cause.message : String(cause)})`, { cause }, name));
      },
    );
  });
}

const screens = new Map<string, () => Promise<unknown>>();

/**
 * React.lazy over loadChunk: a route screen by name. A screen whose code is
 * already here (preloadScreen) renders at once, without suspending: over
 * the server's first paint, a loading view would flash in its place.
 */
export function lazyScreen<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () =>
    (pending ??= loadChunk(name, load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(get);
  screens.set(name, get);
  function Screen(props: P) {
    // Fixed for the mount: switching from Lazy to the loaded component would remount the screen.
    const [Ready] = useState(() => loaded);
    return Ready ? createElement(Ready, props) : createElement(Lazy, props);
  }
  Screen.displayName = `Screen(${name})`;
  return Screen;
}

/** Loads a screen's code (a name given to lazyScreen); unknown names resolve at once. */
export const preloadScreen = (name: string): Promise<unknown> => screens.get(name)?.() ?? Promise.resolve();

// Browsers' own words for a module that did not load, for errors that did not pass through loadChunk.
const CHUNK_MESSAGES = /Loading chunk .+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_MESSAGES.test(error.message));
}

/** Whether this tab already reloaded itself over a failed chunk. */
export const reloadedForChunk = () => readStored(CHUNK_RELOAD_KEY, 'session') !== null;

/** The screen named in a chunk failure, '?' when the browser's own error does not say. */
export const chunkOf = (error: unknown) => (error instanceof ChunkLoadError ? error.chunk : '?');

/**
 * A failed chunk reloads the page once, onto the newest version
 * (reload-latest.ts): after a deploy, the fresh page asks for the new files.
 * Failing again before that screen has loaded is shown, never reloaded
 * again, so a broken network cannot loop. Returns whether it reloads.
 */
export function reloadOnceForChunk(chunk = '?'): boolean {
  if (reloadedForChunk()) return false;
  writeStored(CHUNK_RELOAD_KEY, chunk, 'session');
  // A refused sessionStorage cannot remember the reload: then no reload at all, rather than a loop.
  if (!reloadedForChunk()) return false;
  void reloadOntoLatest();
  return true;
}
