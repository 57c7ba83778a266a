import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { readStored, writeStored } from '@/lib/storage';
import { useReturnHere, type SignInState } from '@/lib/return-here';
import { EARLIER_NAVIGATIONS, type EarlierNavigation } from './route-manifest';

export type { EarlierNavigation };

// The three route guards (which route has which: route-manifest.ts). Each works as a wrapper
// (`<RequireAuth><Page /></RequireAuth>`) or as a layout route (no children:
// it renders the matched child through <Outlet />).

/**
 * The value as it was when the shopper arrived at the current location.
 *
 * The token and the location change in two separate React updates (the
 * router's is a transition), so a guard that re-read the token on every
 * render would see "signed in, still on /sign-in" between a successful
 * sign-in and the form's own navigation to `from`, and bounce the shopper to
 * `/` instead. A guard decides once per arrival; whoever changes the token
 * also says where to go next (sign-in → `from`, log-out and 401 → /sign-in).
 */
function useOnArrival<T>(value: T): T {
  const { key } = useLocation();
  const [arrival, setArrival] = useState({ key, value });
  if (arrival.key !== key) {
    setArrival({ key, value });
    return value;
  }
  return arrival.value;
}

const rendered = (children?: ReactNode) => (children === undefined ? <Outlet /> : <>{children}</>);

/**
 * A visitor without a user token is sent to `/`. A shopper whose
 * token the server refused (it expired: the API's 401 signs them out) goes to
 * sign-in instead, and comes back here afterwards: whether the 401 came while
 * they were here, or just before, as the page opened (the badge's own call
 * can be answered before this screen is drawn).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { signedIn, expired } = useSession();
  const signedInOnArrival = useOnArrival(signedIn);
  const here = useReturnHere();
  if (!signedInOnArrival && !expired) return <Navigate to="/" replace />;
  if (!signedIn) return <Navigate to="/sign-in" replace state={here satisfies SignInState} />;
  return rendered(children);
}

/** A shopper who is already signed in is sent from sign-in and sign-up to `/`. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const signedIn = useOnArrival(useSession().signedIn);
  return signedIn ? <Navigate to="/" replace /> : rendered(children);
}

/** sessionStorage key: survives a reload of the tab, not a new tab or a URL typed elsewhere. */
export const EARLIER_NAVIGATION_KEY = 'attar earlier navigation';

function recorded(): EarlierNavigation[] {
  try {
    const value: unknown = JSON.parse(readStored(EARLIER_NAVIGATION_KEY, 'session') ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is EarlierNavigation => (EARLIER_NAVIGATIONS as readonly unknown[]).includes(v)) : [];
  } catch {
    return [];
  }
}

// Storage refused (private mode): the location state below still lets the shopper in.
const save = (gates: EarlierNavigation[]) => writeStored(EARLIER_NAVIGATION_KEY, JSON.stringify(gates), 'session');

/**
 * Call just before navigating to a gated screen (Proceed → 'payment-session',
 * checkout success → 'order-is-done'). It returns the location state to pass
 * to navigate() as well, so the first visit works even where storage is refused.
 */
export function recordEarlierNavigation(gate: EarlierNavigation): { earlierNavigation: EarlierNavigation } {
  const gates = recorded();
  if (!gates.includes(gate)) save([...gates, gate]);
  return { earlierNavigation: gate };
}

/** Closes a gate again (e.g. 'payment-session' once the order is placed, or on log-out). */
export function forgetEarlierNavigation(gate?: EarlierNavigation) {
  save(gate ? recorded().filter((g) => g !== gate) : []);
}

export function hasEarlierNavigation(gate: EarlierNavigation, state?: unknown): boolean {
  const fromState = (state as { earlierNavigation?: unknown } | null | undefined)?.earlierNavigation;
  return fromState === gate || recorded().includes(gate);
}

/** Allows a screen only after an earlier navigation, otherwise sends to `/`. */
export function RequireEarlierNavigation({ gate, children }: { gate: EarlierNavigation; children?: ReactNode }) {
  const { state } = useLocation();
  return hasEarlierNavigation(gate, state) ? rendered(children) : <Navigate to="/" replace />;
}
