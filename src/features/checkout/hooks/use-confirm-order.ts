import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { endCheckoutSession } from '@/lib/checkout-session';
import { useSession } from '@/lib/session';
import type { SignInState } from '@/lib/return-here';
import { usePlaceOrder, type CheckoutInput, type PlacedOrderData } from '../api/place-order';
import { checkoutAttemptKey } from '@/lib/checkout-attempt';
import { savePlacedOrder } from '../utils/placed-order';
import { stepPath } from '../utils/steps';

type Order = PlacedOrderData['order'];

/**
 * Confirm Order (docs/rules.md, "Checkout"): sends the checkout with
 * the attempt's Idempotency-Key, once at a time however often Confirm is
 * pressed.
 * - body status 200: the badge goes to 0, the checkout session and the
 *   attempt end, the order is kept for the done screen, then `onPlaced`
 *   (the route refreshes the cart and opens /order-is-done). From then on
 *   `placed` is true and Confirm does nothing: the step stays on screen
 *   until the done screen has loaded, and the order must not look undone;
 * - 401: 'Please Login First', the shopper is signed out on this device,
 *   and sign-in brings them back to this step with everything kept;
 * - anything else: the server's message; nothing is cleared, and a retry
 *   sends the same key (a lost answer to a placed order replays it). A
 *   refusal (the amount changed since the step was drawn, the stock ran
 *   out) asks the cart again (`onRefused`), so the step shows it as it is.
 */
export function useConfirmOrder({ onPlaced, onRefused }: { onPlaced(order: Order): void; onRefused?(): void }) {
  const { t } = useLingui();
  const { setCartCount } = useSession();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const inFlight = useRef(false);
  /** the last attempt failed on the network: the order may or may not exist */
  const [lost, setLost] = useState(false);
  /** the order is placed: the step only waits for the done screen now */
  const [placed, setPlaced] = useState(false);
  const done = useRef(false);

  async function confirm(body: CheckoutInput) {
    // A ref, not the mutation's state: two clicks in one frame both see isPending false.
    if (inFlight.current || done.current) return;
    inFlight.current = true;
    setLost(false);
    try {
      const answer = await place.mutateAsync({ body, key: checkoutAttemptKey() });
      if (answer.status !== 200) throw new ApiError(answer.status, answer.message);
      const order = answer.data.order;
      done.current = true;
      setPlaced(true);
      setCartCount(0);
      endCheckoutSession();
      savePlacedOrder(order);
      notify(answer.message, { variant: 'success' });
      onPlaced(order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The app-wide 401 handler has signed the shopper out on this device,
        // keeping the checkout session: sign-in brings them back to this step.
        notify(t`Please Login First`, { variant: 'warning', preventDuplicate: true });
        navigate('/sign-in', { state: { from: stepPath('payment') } satisfies SignInState });
        return;
      }
      if (error instanceof ApiError && error.status === 0) setLost(true);
      // Refused (a price or the stock changed meanwhile): the step shows the cart as it is now.
      else if (error instanceof ApiError && error.status >= 400) onRefused?.();
      notify((error as Error).message, { variant: 'error' });
    } finally {
      inFlight.current = false;
    }
  }

  return { confirm, pending: place.isPending, placed, lost };
}
