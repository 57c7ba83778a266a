import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { KEYS, storage } from '@/lib/storage';
import { forgetShopperInMemory, LOG_OUT_SIGNAL, useForgetShopper } from './sign-out';

/**
 * Handles every 401 of the API client in one place (docs/architecture.md,
 * "Data flow"): the token is gone or expired, so the shopper is signed out on
 * this device, quietly, wherever they are (a checkout in progress is kept). A public page stays open; a page that
 * needs sign-in sends them there and brings them back (RequireAuth); an
 * action they started (add to cart, checkout) says 'Please Login First' and
 * goes to sign-in itself. Mount once, in the layout.
 */
export function useUnauthorizedHandler() {
  const forgetShopper = useForgetShopper();
  useEffect(() => {
    setUnauthorizedHandler(() => forgetShopper('expired'));
    return () => setUnauthorizedHandler(() => {});
  }, [forgetShopper]);
}

/**
 * Another tab logged out, got a 401, or signed in as someone else: this tab
 * forgets the shopper it had in memory too (their queries, and on a log-out
 * their waiting changes), so it neither shows them nor saves them back to
 * IndexedDB. The other tab has already cleared what is shared (localStorage,
 * IndexedDB, caches); this one writes nothing there. The session follows the
 * token by itself (session.tsx).
 */
export function useSignOutElsewhere() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const known = useRef(token);
  known.current = token;
  /** tokens already forgotten here: a log-out is heard twice (its signal, then the token going) */
  const forgotten = useRef(new Set<string>());
  // Signed in again with it: a later sign-out is news again.
  useEffect(() => {
    if (token) forgotten.current.delete(token);
  }, [token]);
  useEffect(() => {
    const forget = (old: string | null, why: 'log-out' | 'expired') => {
      if (!old || forgotten.current.has(old)) return;
      forgotten.current.add(old);
      forgetShopperInMemory(queryClient, old, why);
    };
    const hear = (event: StorageEvent) => {
      if (event.storageArea !== null && event.storageArea !== localStorage) return;
      if (event.key === LOG_OUT_SIGNAL && event.newValue !== null) {
        forget(known.current, 'log-out');
        return;
      }
      // The token gone or replaced (localStorage.clear() elsewhere does not name the key).
      const old = event.key === KEYS.token ? event.oldValue : event.key === null ? known.current : null;
      if (old !== storage.token()) forget(old, 'expired');
    };
    window.addEventListener('storage', hear);
    return () => window.removeEventListener('storage', hear);
  }, [queryClient]);
}

/** Both, as an element: `<UnauthorizedHandler />` in the layout. */
export function UnauthorizedHandler() {
  useUnauthorizedHandler();
  useSignOutElsewhere();
  return null;
}
