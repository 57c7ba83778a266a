import { useEffect, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import type { EmotionCache } from '@emotion/cache';
import type { Lang } from '@/lib/storage';
import { MutationCache, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { PersistQueryClientProvider, persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { i18n } from '@/lib/i18n';
import { LanguageProvider } from '@/lib/language';
import { SessionProvider } from '@/lib/session';
import { Notifications } from '@/lib/notify';
import { StyleCacheContext } from '@/lib/style-cache';
import { syncOnlineState } from '@/lib/offline';
import { reportReplayFailure, trackReplays } from '@/lib/offline-changes';
import { idbPersister, persistOptions, PERSIST_MAX_AGE, type AppPersister } from '@/lib/persist';
import { whenIdle } from '@/lib/idle';
import { cartKeys } from '@/features/cart/api/get-cart';
import { registerCartChanges } from '@/features/cart/api/register-cart-changes';
import { wishlistKeys } from '@/features/wishlist/api/get-wishlist';
import { registerWishlistChanges } from '@/features/wishlist/api/register-wishlist-changes';
import { orderKeys } from '@/features/orders/api/get-orders';

/**
 * What a reload offline needs to show (docs/architecture.md, "Offline"): the
 * cart, the wishlist, product details, home, about, the footer (bestseller)
 * and the orders already seen. Not the profile or the addresses: forms that need the
 * server anyway.
 */
export const PERSISTED_QUERIES: readonly QueryKey[] = [
  cartKeys.all,
  wishlistKeys.all,
  ['products', 'detail'],
  ['home'],
  ['about'],
  ['products', 'bestseller'],
  orderKeys.all,
];

/** Of those, the shopper's own (the token is in their key): kept only for the one signed in now. */
export const SHOPPERS_QUERIES: readonly QueryKey[] = [cartKeys.all, wishlistKeys.all, orderKeys.all];

export function makeQueryClient() {
  syncOnlineState();
  const queryClient = new QueryClient({
    // A change kept for later that fails is named to the shopper, wherever they are by then.
    mutationCache: new MutationCache({ onError: reportReplayFailure }),
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
  trackReplays(queryClient.getMutationCache());
  // A query dropped from memory is dropped from the next save too: the persisted ones stay as long as the save.
  for (const prefix of PERSISTED_QUERIES) queryClient.setQueryDefaults(prefix, { gcTime: PERSIST_MAX_AGE });
  // Before the restore: a change restored from IndexedDB finds its function here.
  registerCartChanges(queryClient);
  registerWishlistChanges(queryClient);
  return queryClient;
}

/**
 * Once the device's copy is in the client: the changes left waiting are sent
 * (if online; else when the connection returns), once each, in order; and
 * what the device kept shows at once but is asked again: a page saved just
 * before a reload (the save is not always done by then) or another tab's
 * change must not pass for fresh. Offline the catalog comes from the worker,
 * the rest keeps what it shows. Called once the persister keeps changes
 * (keepChanges), so a change answered at once still leaves IndexedDB.
 */
function afterRestore(client: QueryClient) {
  void client.resumePausedMutations();
  void client.invalidateQueries({ refetchType: 'active' });
}

const persistOptionsFor = (persister: AppPersister) => persistOptions(persister, PERSISTED_QUERIES, SHOPPERS_QUERIES);

/**
 * The device's copy of the queries, put in the client before the app's first
 * render (main.tsx, in parallel with the catalog). Restored inside the React
 * tree instead (PersistQueryClientProvider), its arrival re-rendered every
 * screen in one blocking task on a slow phone (docs/decisions.md, "A custom
 * persister for TanStack Query"), and an offline reload painted empty before it
 * painted the kept page (offline LCP). Resolves to whether it was restored; a
 * failure leaves an empty client.
 */
export function restoreQueries(client: QueryClient, persister: AppPersister | null): Promise<boolean> {
  if (!persister) return Promise.resolve(false);
  return persistQueryClientRestore({ ...persistOptionsFor(persister), queryClient: client }).then(
    () => {
      // Stale from the start: each query asks once, as it mounts. The waiting changes are
      // resumed by QueryProvider, once it keeps changes.
      void client.invalidateQueries({ refetchType: 'none' });
      return true;
    },
    () => false,
  );
}

/**
 * The query client, restored from IndexedDB first where there is one: before
 * the first render (`restored`, see restoreQueries), or else here, queries
 * waiting for it. Each change is written to IndexedDB as it is made; the
 * queries are, at the latest, when the page is hidden or left (a reload, a
 * closed tab, the app sent to the background).
 */
function QueryProvider({ client, persister, restored, saveNow, children }: { client: QueryClient; persister: AppPersister | null; restored: boolean; saveNow: boolean; children: ReactNode }) {
  useEffect(() => persister?.keepChanges(client), [client, persister]);
  useEffect(() => {
    if (!persister) return;
    const flush = () => void persister.flush();
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [persister]);
  // Restored before the first render: the waiting changes go now (the effect above keeps them),
  // and the queries are saved from now on.
  useEffect(() => {
    if (!persister || !restored) return;
    void client.resumePausedMutations();
    const unsubscribe = persistQueryClientSubscribe({ ...persistOptionsFor(persister), queryClient: client });
    // Answers the client started from (the server's page) changed nothing it was subscribed to: saved
    // once, when the page is idle, so the page opens offline later without asking them again.
    if (!saveNow) return unsubscribe;
    const save = () => void persistQueryClientSave({ ...persistOptionsFor(persister), queryClient: client });
    const cancel = whenIdle(save, 5000);
    return () => {
      cancel();
      unsubscribe();
    };
  }, [client, persister, restored, saveNow]);
  if (!persister || restored) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptionsFor(persister)} onSuccess={() => afterRestore(client)}>
      {children}
    </PersistQueryClientProvider>
  );
}

/**
 * The messages, and the server's style cache for the MUI parts of its render.
 * No theme here: the shell is plain CSS (boot-shell.css has the baseline), and
 * each part drawn with MUI brings its theme along (src/lib/mui/scope.tsx).
 */
function Directional({ children, styleCache }: { children: ReactNode; styleCache?: EmotionCache }) {
  return (
    <I18nProvider i18n={i18n}>
      <StyleCacheContext.Provider value={styleCache}>{children}</StyleCacheContext.Provider>
    </I18nProvider>
  );
}

interface AppProviderProps {
  children: ReactNode;
  queryClient: QueryClient;
  /** where the query cache is kept: IndexedDB by default, none without it (jsdom); tests pass their own */
  persister?: AppPersister | null;
  /** the client already holds the persister's copy (restoreQueries, before the first render) */
  restored?: boolean;
  /** the server's render (src/entry-server.tsx): the request's language, and a style cache of its own */
  lang?: Lang;
  styleCache?: EmotionCache;
  /** the client holds answers taken from the server's page: written to the device's copy once idle */
  saveNow?: boolean;
}

export function AppProvider({ children, queryClient, persister = idbPersister(), restored = false, lang, styleCache, saveNow = false }: AppProviderProps) {
  return (
    <LanguageProvider initial={lang}>
      <SessionProvider>
        <QueryProvider client={queryClient} persister={persister} restored={restored} saveNow={saveNow}>
          <Directional styleCache={styleCache}>
            {children}
            <Notifications />
          </Directional>
        </QueryProvider>
      </SessionProvider>
    </LanguageProvider>
  );
}
