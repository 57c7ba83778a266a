import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readCheckoutSession, type CheckoutSession } from '@/lib/checkout-session';

/**
 * The checkout session as it was when the shopper arrived at this screen,
 * read again only on the next navigation. A placed order ends the session
 * while the payment step is still on screen (the order-done screen may
 * still be loading): read on every render, the summary would go blank and
 * the step bar would send the shopper back to Your Info.
 */
export function useArrivalSession(): CheckoutSession {
  const { key } = useLocation();
  // One read per arrival (a new location key), kept through the renders of that arrival.
  const [arrival, setArrival] = useState(() => ({ key, session: readCheckoutSession() }));
  if (arrival.key === key) return arrival.session;
  const next = { key, session: readCheckoutSession() };
  setArrival(next);
  return next.session;
}
