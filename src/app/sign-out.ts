import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { endCheckoutSession } from '@/lib/checkout-session';
import { cartKeys } from '@/features/cart/api/get-cart';
import { forgetPlacedOrder } from '@/features/checkout/utils/placed-order';
import { forgetEarlierNavigation } from './guards';

/**
 * Forgets the shopper on this device: token, badge, points, the order just
 * placed, and every query of their own data (each carries the token in its
 * key). The language stays.
 *
 * - 'log-out' (before telling the server): a checkout in progress goes too.
 * - 'expired' (every 401, quietly): a checkout in progress stays, so the
 *   shopper who signs in again continues it with nothing they typed lost.
 *   Someone else signing in cannot use it: the cart's Proceed clears it, and
 *   the server refuses a cart id that is not theirs.
 */
export function useForgetShopper() {
  const { setToken, setCartCount } = useSession();
  const queryClient = useQueryClient();
  return useCallback((why: 'log-out' | 'expired') => {
    const token = storage.token();
    setToken(null);
    setCartCount(0);
    storage.setPoints(0);
    forgetPlacedOrder();
    if (why === 'log-out') {
      endCheckoutSession();
      forgetEarlierNavigation();
    } else {
      forgetEarlierNavigation('order-is-done');
    }
    queryClient.removeQueries({ queryKey: cartKeys.all });
    if (token) queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(token) });
  }, [setToken, setCartCount, queryClient]);
}
