import { useEffect } from 'react';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useForgetShopper } from './sign-out';

/**
 * Handles every 401 of the API client in one place (DESIGN.md "How data
 * flows"): the token is gone or expired, so the shopper is signed out on
 * this device, quietly, wherever they are (a checkout in progress is kept). A public page stays open; a page that
 * needs sign-in sends them there and brings them back (RequireAuth); an
 * action they started (add to cart, checkout) says 'Please Login First' and
 * goes to sign-in itself (spec §4, §8). Mount once, in the layout.
 */
export function useUnauthorizedHandler() {
  const forgetShopper = useForgetShopper();
  useEffect(() => {
    setUnauthorizedHandler(() => forgetShopper('expired'));
    return () => setUnauthorizedHandler(() => {});
  }, [forgetShopper]);
}

/** The same, as an element: `<UnauthorizedHandler />` in the layout. */
export function UnauthorizedHandler() {
  useUnauthorizedHandler();
  return null;
}
