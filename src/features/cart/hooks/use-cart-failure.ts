import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { isReplay, type Change } from '@/lib/offline-changes';

/**
 * How a failed cart change is told. A 401 has already signed the shopper out
 * (the app-wide handler) and the screen turns into the sign-in prompt, so
 * only 'Please Login First' is said. Anything else: the server's message, and
 * the cart stays as the server last answered it.
 *
 * `fallback` is for the calls whose fixed text stands in when the server said
 * nothing itself (a gift: 'Failed to update gift'); the API client's own words
 * (no connection, an answer without a message) are not the server's.
 *
 * A change held back by a lost connection and sent later is named when it
 * fails, app-wide (offline-changes.ts): nothing more is said here.
 */
export function useCartFailure() {
  const { t } = useLingui();
  return useCallback((error: unknown, fallback?: string, change?: Change) => {
    if (isReplay(change)) return;
    if (error instanceof ApiError && error.status === 401) {
      notify(t`Please Login First`, { variant: 'warning', preventDuplicate: true });
      return;
    }
    const fromServer = error instanceof ApiError && error.fromServer ? error.message : null;
    const message = fallback ? fromServer ?? fallback : error instanceof Error ? error.message : t`Something went wrong. Please try again.`;
    notify(message, { variant: 'error' });
  }, [t]);
}
