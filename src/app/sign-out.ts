import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { KEYS, storage, writeStored } from '@/lib/storage';
import { endCheckoutSession } from '@/lib/checkout-session';
import { dropChanges } from '@/lib/offline-changes';
import { forgetPersistedData } from '@/lib/persist';
import { DATA_SAVER_KEY } from '@/lib/data-saver';
import { cartKeys } from '@/features/cart/api/get-cart';
import { forgetPlacedOrder } from '@/features/checkout/utils/placed-order';
import { forgetEarlierNavigation } from './guards';

/** localStorage keys of this device's settings, not of the shopper: they survive a log-out. */
const DEVICE_SETTINGS = new Set<string>([KEYS.lang, DATA_SAVER_KEY]);

/** Every localStorage key but the device's settings (a new key is the shopper's unless listed above). */
function clearLocalStorage() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!DEVICE_SETTINGS.has(key)) localStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept there.
  }
}

/**
 * Written by a log-out just before it clears localStorage (so it goes with
 * the rest): other tabs hear it (a `storage` event) and forget the shopper
 * as a log-out does, dropping their waiting changes too, where a token that
 * merely disappeared (a 401) keeps them, to be named as not done.
 */
export const LOG_OUT_SIGNAL = 'logging out';

/**
 * What this tab holds of a shopper in memory: their changes waiting for the
 * connection (a log-out), the order just placed and the checkout gates (this
 * tab's sessionStorage), and every query of their data (each carries the
 * token in its key). Home and the footer are reset: signed in, they carry
 * the shopper's hearts (`is_fav`) and are persisted without a token in the key.
 * Used by the tab that signs out and by every other tab that hears of it.
 */
export function forgetShopperInMemory(queryClient: QueryClient, token: string | null, why: 'log-out' | 'expired') {
  if (why === 'log-out') {
    dropChanges(queryClient);
    forgetEarlierNavigation();
  } else {
    forgetEarlierNavigation('order-is-done');
  }
  forgetPlacedOrder();
  queryClient.removeQueries({ queryKey: cartKeys.all });
  if (token) queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(token) });
  void queryClient.resetQueries({ queryKey: ['home'] });
  void queryClient.resetQueries({ queryKey: ['products', 'bestseller'] });
}

/**
 * Forgets the shopper on this device: token, badge, points, the order just
 * placed, and every query of their own data (forgetShopperInMemory). The
 * language stays.
 *
 * - 'log-out' (before telling the server): a checkout in progress goes too,
 *   and so does everything kept of the shopper: the rest of localStorage
 *   (not the device's settings: language, data saver), the persisted query
 *   cache and the changes still waiting for the connection (IndexedDB), and
 *   the service worker's runtime caches (persist.ts). Other tabs hear of it
 *   (LOG_OUT_SIGNAL) and forget the shopper too (unauthorized.tsx).
 * - 'expired' (every 401, quietly): a checkout in progress stays, so the
 *   shopper who signs in again continues it with nothing they typed lost.
 *   Someone else signing in cannot use it: the cart's Proceed clears it, and
 *   the server refuses a cart id that is not theirs. Changes waiting for the
 *   connection are not dropped here, but they belong to the sign-in that made
 *   them: that token is dead, so each fails without being sent, named to the
 *   shopper ("Couldn't add Oud Royal to your cart: You were signed out."),
 *   and never goes to the cart of whoever signs in next (offline-changes.ts).
 */
export function useForgetShopper() {
  const { setToken, setCartCount } = useSession();
  const queryClient = useQueryClient();
  return useCallback((why: 'log-out' | 'expired') => {
    const token = storage.token();
    if (why === 'log-out') {
      writeStored(LOG_OUT_SIGNAL, String(Date.now()));
      endCheckoutSession();
    }
    forgetShopperInMemory(queryClient, token, why);
    setToken(null, why === 'expired' ? 'expired' : undefined);
    setCartCount(0);
    storage.setPoints(0);
    if (why === 'log-out') {
      // Last: the badge's and the points' zeros above are written there too, and go with the rest.
      clearLocalStorage();
      void forgetPersistedData();
    }
  }, [setToken, setCartCount, queryClient]);
}
