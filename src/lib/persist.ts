// The query cache kept in IndexedDB (idb-keyval), so a reload offline still
// shows what the shopper saw and still has the changes they made offline
// (DESIGN.md "Offline"). Which queries are kept is the app's choice
// (provider.tsx); the changes are those of offline-changes.ts.
import { del, get, set } from 'idb-keyval';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions, PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { Query, QueryKey } from '@tanstack/react-query';
import { isSendableChange } from './offline-changes';
import { ASSETS_CACHE, MEDIA_CACHE, PRECACHE_PREFIX } from '@/pwa/cache-names';

/** The one IndexedDB entry (idb-keyval's default store) holding the whole persisted client. */
export const PERSIST_KEY = 'attar-query-cache';

/** Kept this long; persisted queries keep their cache entry as long (gcTime), or there would be nothing to save. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * The build: another one may read the cache differently, so its queries are
 * dropped (the buster). vite.config.ts names the build (VITE_BUILD_ID, the
 * commit unless set); the entry script's hashed file name changes with every
 * change of the code, committed or not.
 */
export function buildId(): string {
  const named = import.meta.env.VITE_BUILD_ID as string | undefined;
  const entry = typeof document === 'undefined' ? null : document.querySelector('script[type="module"][src]')?.getAttribute('src');
  return [named, entry].filter(Boolean).join(' ') || 'dev';
}

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/**
 * Around the IndexedDB persister:
 * - a change being sent when the cache was saved is saved as paused, so after
 *   a reload it is sent again (the same Idempotency-Key: done once), instead
 *   of staying pending forever and holding up its scope;
 * - a new build drops the old queries but keeps the changes the shopper left
 *   waiting, if this build can still send them: an update must not lose them.
 */
export function keepingChanges(persister: Persister, buster: string): Persister {
  return {
    persistClient: (client) => persister.persistClient({
      ...client,
      clientState: {
        ...client.clientState,
        mutations: client.clientState.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } })),
      },
    }),
    restoreClient: async () => {
      const client = await persister.restoreClient();
      if (!client || client.buster === buster) return client;
      const mutations = (client.clientState?.mutations ?? []).filter(isSendableChange);
      const kept: PersistedClient = { ...client, buster, clientState: { queries: [], mutations } };
      return kept;
    },
    removeClient: () => persister.removeClient(),
  };
}

/** The persister over idb-keyval, kept across builds (keepingChanges); tests make their own over a mocked idb-keyval. */
export function makeIdbPersister(throttleTime = 500): Persister {
  return keepingChanges(createAsyncStoragePersister({
    storage: { getItem: (key) => get<string>(key), setItem: (key, value: string) => set(key, value), removeItem: (key) => del(key) },
    key: PERSIST_KEY,
    throttleTime,
  }), buildId());
}

let appPersister: Persister | null | undefined;

/** The app's persister, or null where there is no IndexedDB (jsdom, some private modes): then nothing is kept. */
export function idbPersister(): Persister | null {
  // A change made offline is on disk within half a second (the throttle), in case the page is closed.
  appPersister ??= typeof indexedDB === 'undefined' ? null : makeIdbPersister();
  return appPersister;
}

/** What is persisted: the successful queries under `prefixes`, and the changes not yet sent. */
export function persistOptions(persister: Persister, prefixes: readonly QueryKey[]): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: buildId(),
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && prefixes.some((prefix) => startsWith(query.queryKey, prefix)),
      shouldDehydrateMutation: (mutation) => isSendableChange({ mutationKey: mutation.options.mutationKey, state: mutation.state }),
    },
  };
}

/**
 * Log-out: the persisted cache goes from IndexedDB (the queries still in
 * memory are saved again without the shopper's, a moment later), and the
 * service worker's API cache. The precache, the used build files and the
 * images stay: they are the app's and the shop's, nobody's data. By design no
 * cache holds an answer to a signed-in request; emptying the API cache does
 * not rely on that.
 */
export async function forgetPersistedData() {
  try {
    await del(PERSIST_KEY);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
  try {
    if (typeof caches === 'undefined') return;
    const names = await caches.keys();
    // The app's own files and the images are no one's data, and keep visited screens working offline.
    const appFiles = (name: string) => name.startsWith(PRECACHE_PREFIX) || name === ASSETS_CACHE || name === MEDIA_CACHE;
    await Promise.all(names.filter((name) => !appFiles(name)).map((name) => caches.delete(name)));
  } catch {
    // Cache Storage refused (an insecure context): nothing was kept there either.
  }
}
