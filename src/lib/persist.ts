// What is kept in IndexedDB (idb-keyval), so a reload offline still shows
// what the shopper saw and still has the changes they made offline
// (docs/architecture.md, "Offline"; docs/decisions.md, "A custom persister for
// TanStack Query"). Which queries are kept is the app's choice
// (provider.tsx); the changes are those of offline-changes.ts.
//
// Two kinds of entry, so that two tabs of the shop never undo each other:
// - `attar-query-cache`: the queries, saved at most every half second, and at
//   once when the page is hidden or goes away (a reload, a closed tab);
// - `attar-change:<key>`: one per change waiting for the connection, written
//   the moment the shopper makes it and deleted once it is done. A tab only
//   writes and deletes its own, so one tab's save never drops another's.
import { del, delMany, get, getMany, keys, set } from 'idb-keyval';
import type { PersistQueryClientOptions, PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { DehydratedState, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { byAge, changeOf, expiredReason, isExpired, isSendableChange, reportDropped, type Change } from './offline-changes';
import { storage } from './storage';
import { ASSETS_CACHE, MEDIA_CACHE, PRECACHE_PREFIX } from './cache-names';

/** The IndexedDB entry (idb-keyval's default store) holding the persisted queries. */
export const PERSIST_KEY = 'attar-query-cache';

/** Each waiting change is kept under this prefix and its Idempotency-Key. */
export const CHANGE_PREFIX = 'attar-change:';

/** Kept this long; persisted queries keep their cache entry as long (gcTime), or there would be nothing to save. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * The build: another one may read the cache differently, so its queries are
 * dropped (the buster). The build names itself (VITE_BUILD_ID, scripts/vite/production-build.ts: the
 * commit unless set); the entry script's hashed file name changes with every
 * change of the code, committed or not.
 */
export function buildId(): string {
  const named = import.meta.env.VITE_BUILD_ID as string | undefined;
  const entry = typeof document === 'undefined' ? null : document.querySelector('script[type="module"][src]')?.getAttribute('src');
  return [named, entry].filter(Boolean).join(' ') || 'dev';
}

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

type StoredChange = DehydratedState['mutations'][number];

const stampOf = (change: StoredChange) => (change.state.variables as Change).stamp;

export interface AppPersister extends Persister {
  /** Writes the latest save now, not at the end of the throttle: the page is being hidden or left. */
  flush(): Promise<void>;
  /**
   * Keeps each change of `queryClient` in its own entry from the moment it is
   * made until it is done (or dropped at log-out). Returns the unsubscribe.
   */
  keepChanges(queryClient: QueryClient): () => void;
}

/**
 * The persister over idb-keyval. Queries are written at most every
 * `throttleTime` ms (0: at once); changes at once, each in its own entry.
 * The restore hands TanStack the queries of this build and every change
 * still waiting, oldest first, whichever tab made it; a change older than a
 * week is dropped there and named (its key may be gone from the server).
 */
export function makeIdbPersister(throttleTime = 500, buster = buildId()): AppPersister {
  let pending: { client: PersistedClient; token: string | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** entries of changes this page knows are on disk (written here, or restored) */
  const onDisk = new Set<string>();

  async function write() {
    clearTimeout(timer);
    timer = undefined;
    const next = pending;
    pending = null;
    if (!next) return;
    // Signed out (or in as someone else) since, in this tab or another: this save holds what is no longer the shopper's.
    if (next.token !== null && next.token !== storage.token()) return;
    const { queries } = next.client.clientState;
    try {
      await set(PERSIST_KEY, JSON.stringify({ ...next.client, clientState: { queries, mutations: [] } }));
    } catch {
      // IndexedDB refused (full, private mode): this visit still works, a reload starts afresh.
    }
  }

  async function readChanges(): Promise<{ id: string; change: StoredChange }[]> {
    const ids = (await keys()).filter((key): key is string => typeof key === 'string' && key.startsWith(CHANGE_PREFIX));
    const values = await getMany<StoredChange>(ids);
    return ids.flatMap((id, i) => (values[i] ? [{ id, change: values[i] }] : []));
  }

  return {
    persistClient(client) {
      pending = { client, token: storage.token() };
      if (throttleTime <= 0) return write();
      timer ??= setTimeout(() => void write(), throttleTime);
    },

    async restoreClient() {
      const [raw, stored] = await Promise.all([get<string>(PERSIST_KEY), readChanges()]);
      const saved = typeof raw === 'string' ? (JSON.parse(raw) as PersistedClient) : undefined;
      const fresh = saved && saved.buster === buster && saved.timestamp > 0 && Date.now() - saved.timestamp <= PERSIST_MAX_AGE;

      const now = Date.now();
      const kept: StoredChange[] = [];
      const gone: string[] = [];
      for (const { id, change } of stored) {
        const shape = { mutationKey: change.mutationKey, state: change.state };
        if (!isSendableChange(shape)) {
          // Of an older build that this one cannot read, or of nobody: nothing to send it with.
          gone.push(id);
        } else if (isExpired(stampOf(change), now)) {
          gone.push(id);
          reportDropped(shape, expiredReason());
        } else {
          onDisk.add(id);
          kept.push({ ...change, state: { ...change.state, isPaused: true } });
        }
      }
      if (gone.length) await delMany(gone).catch(() => {});
      kept.sort((a, b) => byAge(stampOf(a), stampOf(b)));

      if (!fresh && kept.length === 0) return undefined;
      return {
        buster,
        timestamp: fresh ? saved.timestamp : now,
        clientState: { queries: fresh ? saved.clientState.queries : [], mutations: kept },
      };
    },

    removeClient: () => del(PERSIST_KEY),

    flush: write,

    keepChanges(queryClient) {
      return queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'added' && event.type !== 'updated' && event.type !== 'removed') return;
        const { mutation } = event;
        const change = changeOf(mutation);
        if (!change) return;
        const id = CHANGE_PREFIX + change.stamp.key;
        const waiting = event.type !== 'removed' && mutation.state.status === 'pending';
        if (!waiting) {
          // Done, failed, or dropped (log-out): nothing left to send.
          if (onDisk.delete(id)) void del(id).catch(() => {});
          return;
        }
        if (onDisk.has(id)) return;
        // Only the signed-in shopper's own: a change of a sign-in that is over is never written back.
        if (change.stamp.token === null || change.stamp.token !== storage.token()) return;
        onDisk.add(id);
        const { variables, submittedAt } = mutation.state;
        const stored: StoredChange = {
          mutationKey: mutation.options.mutationKey,
          ...(mutation.options.scope && { scope: mutation.options.scope }),
          // Saved as waiting: a change being sent when the page goes is sent again after the reload (the same key: done once).
          state: {
            variables, submittedAt, status: 'pending', isPaused: true,
            context: undefined, data: undefined, error: null, failureCount: 0, failureReason: null,
          },
        };
        void set(id, stored).catch(() => onDisk.delete(id));
      });
    },
  };
}

let appPersister: AppPersister | null | undefined;

/** The app's persister, or null where there is no IndexedDB (jsdom, some private modes): then nothing is kept. */
export function idbPersister(): AppPersister | null {
  appPersister ??= typeof indexedDB === 'undefined' ? null : makeIdbPersister();
  return appPersister;
}

/**
 * What is persisted: the queries under `prefixes` that hold data, whether
 * or not their last refresh failed (offline, a refresh fails: what was shown
 * must still be there after a reload). Those under
 * `shoppers` are a shopper's own (their key holds the token): kept only for
 * the one signed in now, so a tab that has not yet heard of a log-out (or of
 * another sign-in) in another tab does not write the old shopper's data
 * back. Changes are kept in their own entries (makeIdbPersister).
 */
export function persistOptions(
  persister: Persister,
  prefixes: readonly QueryKey[],
  shoppers: readonly QueryKey[] = [],
): Omit<PersistQueryClientOptions, 'queryClient'> {
  const isCurrentShoppers = (key: QueryKey) => {
    if (!shoppers.some((prefix) => startsWith(key, prefix))) return true;
    const token = storage.token();
    return token !== null && key.includes(token);
  };
  return {
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: buildId(),
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) => query.state.data !== undefined
        && prefixes.some((prefix) => startsWith(query.queryKey, prefix))
        && isCurrentShoppers(query.queryKey),
      shouldDehydrateMutation: () => false,
    },
  };
}

/**
 * Log-out: the persisted queries and every waiting change (this tab's and
 * any other's) go from IndexedDB (the queries still in memory are saved
 * again without the shopper's, a moment later), and so does the service
 * worker's API cache. The precache, the used build files and the images
 * stay: they are the app's and the shop's, nobody's data. By design no cache
 * holds an answer to a signed-in request; emptying the API cache does not
 * rely on that.
 */
export async function forgetPersistedData() {
  try {
    const changes = (await keys()).filter((key) => typeof key === 'string' && key.startsWith(CHANGE_PREFIX));
    await Promise.all([del(PERSIST_KEY), delMany(changes)]);
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
