import { useEffect } from 'react';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';

/**
 * Handles every 401 of the API client in one place (DESIGN.md "How data
 * flows"): the token is gone or expired, so the shopper is signed out here
 * (token, badge, points), quietly, wherever they are. A public page stays
 * open; a page that needs sign-in sends them there with a message and brings
 * them back; an action they started (add to cart, checkout) says
 * 'Please Login First' itself (spec §4, §8). Mount once, in the layout.
 */
export function useUnauthorizedHandler() {
  const { setToken, setCartCount } = useSession();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setToken(null);
      setCartCount(0);
      storage.setPoints(0);
    });
    return () => setUnauthorizedHandler(() => {});
  }, [setToken, setCartCount]);
}

/** The same, as an element: `<UnauthorizedHandler />` in the layout. */
export function UnauthorizedHandler() {
  useUnauthorizedHandler();
  return null;
}
