// The checkout session's state (userName, userPhone,
// userAddress, userShipping, userDate, cartId, cartPoints), kept in
// localStorage under those names so that a reload of any step keeps what the
// shopper chose. The cart's Proceed starts a session; a placed order or a
// log-out ends it. Either way the checkout attempt (its Idempotency-Key and
// payment choice) starts afresh.
import { endCheckoutAttempt } from './checkout-attempt';
import { readStored, writeStored } from './storage';

export interface CheckoutSession {
  userName: string | null;
  userPhone: string | null;
  /** the chosen address id */
  userAddress: number | null;
  userShipping: 'free' | 'date' | null;
  /** YYYY-MM-DD, with shipping 'date' */
  userDate: string | null;
  cartId: number | null;
  cartPoints: number;
}

type Key = keyof CheckoutSession;
const KEYS: Key[] = ['userName', 'userPhone', 'userAddress', 'userShipping', 'userDate', 'cartId', 'cartPoints'];
/** What Proceed clears: everything the steps ask for. */
const STEP_KEYS: Key[] = ['userName', 'userPhone', 'userAddress', 'userShipping', 'userDate'];

const read = (key: string) => readStored(key);
const write = (key: string, value: string | null) => writeStored(key, value);

const id = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

export function readCheckoutSession(): CheckoutSession {
  const shipping = read('userShipping');
  return {
    userName: read('userName'),
    userPhone: read('userPhone'),
    userAddress: id(read('userAddress')),
    userShipping: shipping === 'free' || shipping === 'date' ? shipping : null,
    userDate: read('userDate'),
    cartId: id(read('cartId')),
    cartPoints: Number(read('cartPoints')) || 0,
  };
}

/** Saves the given fields; `null` removes one. */
export function updateCheckoutSession(patch: Partial<CheckoutSession>) {
  for (const key of KEYS) {
    if (!(key in patch)) continue;
    const value = patch[key];
    write(key, value === null || value === undefined ? null : String(value));
  }
}

/** The cart's Proceed: clears name, phone, address, shipping and date, stores the cart id (and the points applied). */
export function startCheckoutSession(cartId: number, cartPoints = 0) {
  for (const key of STEP_KEYS) write(key, null);
  endCheckoutAttempt();
  updateCheckoutSession({ cartId, cartPoints });
}

/** After the order is placed, and on log-out: nothing of the session stays. */
export function endCheckoutSession() {
  for (const key of KEYS) write(key, null);
  endCheckoutAttempt();
}
