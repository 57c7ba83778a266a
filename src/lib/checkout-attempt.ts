// One checkout attempt, kept in sessionStorage (this tab, surviving a
// reload): the Idempotency-Key every Confirm of the attempt sends, so a
// retry after a lost answer can never place a second order, and the chosen
// payment method, which is not one of the checkout session's fields
// (checkout-session.ts) but should not be lost on a reload either. The cart's Proceed and a log-out start afresh
// (checkout-session.ts), so a changed cart never reuses an old key.
import { newKey } from './new-key';
import { readStored, writeStored } from './storage';

const KEY = 'attar checkout key';
const PAYMENT = 'attar checkout payment';

export type PaymentMethod = 'cach' | 'delivery';

// sessionStorage: this tab only; a refused storage keeps the key in memory below.
const read = (key: string) => readStored(key, 'session');
const write = (key: string, value: string | null) => writeStored(key, value, 'session');

let inMemory: string | null = null;

/** The attempt's key: the stored one, or a new one stored for the retries to come. */
export function checkoutAttemptKey(): string {
  const stored = read(KEY) ?? inMemory;
  if (stored) return stored;
  const key = newKey();
  inMemory = key;
  write(KEY, key);
  return key;
}

/** After an order is placed, a new Proceed or a log-out: the next Confirm is a new attempt with a new key. */
export function endCheckoutAttempt() {
  inMemory = null;
  write(KEY, null);
  write(PAYMENT, null);
}

export function readPaymentMethod(): PaymentMethod | '' {
  const v = read(PAYMENT);
  return v === 'cach' || v === 'delivery' ? v : '';
}

export function savePaymentMethod(method: PaymentMethod | '') {
  write(PAYMENT, method || null);
}
