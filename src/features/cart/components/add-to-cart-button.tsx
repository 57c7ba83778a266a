import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/language';
import { useReturnHere } from '@/lib/return-here';
import { isReplay, stampChange } from '@/lib/offline-changes';
import { CartIcon } from '@/components/icons';
import { buttonClass } from '@/components/plain-controls';
import { useAddToCart, type AddToCart } from '../api/add-to-cart';
import { cartQuery } from '../api/get-cart';
import { useSetSmells } from '../api/set-smells';

interface Props {
  productId: number;
  /** names the button for screen readers when several sit on one page, and the change while it waits */
  productName?: string;
  disabled?: boolean;
  /** MUI's small contained button, or the large one of the product's own page */
  size?: 'small' | 'large';
  /** a class of the place it sits in (the card's, beside the heart) */
  className?: string;
  /** a name for screen readers other than the product's (the product's own page says less) */
  'aria-label'?: string;
  /** the smell chosen for the unit being added (the product's page), or none */
  smell?: string | null;
  /** the id of what says why it is disabled ("Out of stock" beside it) */
  'aria-describedby'?: string;
}

/**
 * Adds one unit to the cart from anywhere. Success: the badge follows the
 * server's count and its message shows. A 401: 'Please Login First', the token
 * is removed and the shopper goes to sign-in. Any other failure shows the
 * server's message.
 *
 * Online, the button says it is working (aria-busy, "Adding…") and ignores
 * presses until the server has answered: three quick taps on a slow
 * connection add one unit, not three. It is not disabled meanwhile, so focus
 * stays on it. With a `smell`, the new unit gets it: once the add is answered,
 * the line's smells are sent with its last unit (the one just added) set.
 *
 * Offline, a signed-in shopper's add waits for the connection (kept across a
 * reload) and the badge counts it at once; it is sent by itself later, so
 * its answer is not awaited here and the next press is one more unit, queued
 * behind it (a failure then names it). An add whose answer was lost is sent
 * again by itself, and no longer holds the button either. The smell of an
 * add made offline is chosen in the cart.
 */
export function AddToCartButton({
  productId, productName, disabled, size = 'small', className, 'aria-label': label, smell = null, 'aria-describedby': describedBy,
}: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const here = useReturnHere();
  const { token } = useSession();
  const { lang } = useLanguage();
  const queryClient = useQueryClient();
  const setSmells = useSetSmells();
  /** the add whose answer the button waits for: a press meanwhile is ignored */
  const inFlight = useRef<AddToCart | null>(null);
  const [working, setWorking] = useState<AddToCart | null>(null);
  const release = (change: AddToCart) => {
    if (inFlight.current !== change) return;
    inFlight.current = null;
    setWorking(null);
  };
  // The badge moves with the answer; without a smell to send, so does the button.
  const addToCart = useAddToCart((_answer, change) => {
    if (!change.smell) release(change);
  });
  const held = () => inFlight.current !== null && !isReplay(inFlight.current);

  function pleaseLogIn() {
    notify(t`Please Login First`, { variant: 'warning', preventDuplicate: true });
    navigate('/sign-in', { state: here });
  }

  /** The line's smells with its last unit, the one just added, set to the chosen smell. */
  async function giveNewUnitItsSmell(change: AddToCart, chosen: string) {
    const cart = await queryClient.fetchQuery(cartQuery(change.stamp.lang, change.stamp.token));
    const line = cart.product_in_card.find((l) => l.product_id === productId);
    if (!line || line.product_qty < 1) return;
    const next = Array.from({ length: line.product_qty }, (_, i) => line.smell[i] ?? null);
    next[line.product_qty - 1] = chosen;
    await setSmells.mutateAsync({
      productId, productName: change.productName, itemId: line.id, smell: next, unit: line.product_qty, stamp: stampChange(token, lang),
    });
  }

  async function add() {
    const change: AddToCart = { productId, productName: productName ?? '', stamp: stampChange(token, lang), ...(smell ? { smell } : {}) };
    if (!onlineManager.isOnline()) {
      // A visitor has no cart to keep a change for: the answer would be a 401.
      if (!token) return pleaseLogIn();
      addToCart.mutate(change);
      notify(t`You are offline. This change will be sent when you are back online.`, { variant: 'info' });
      return;
    }
    if (held()) return;
    inFlight.current = change;
    setWorking(change);
    try {
      const answer = await addToCart.mutateAsync(change);
      if (smell) await giveNewUnitItsSmell(change, smell);
      notify(answer.message, { variant: 'success' });
    } catch (error) {
      // Held back by a lost connection and sent later: its failure is named app-wide (offline-changes.ts).
      if (isReplay(change)) return;
      if (error instanceof ApiError && error.status === 401) {
        // The app-wide 401 handler has already signed the shopper out on this device.
        pleaseLogIn();
        return;
      }
      notify(error instanceof Error ? error.message : String(error), { variant: 'error' });
    } finally {
      release(change);
    }
  }

  const busy = working !== null && !isReplay(working);

  // Plain (controls.css), as MUI's contained Button: it is on every product card
  // (docs/decisions.md, "MUI kept off the first load").
  return (
    <button
      type="button"
      className={className ? `${buttonClass('contained', size)} ${className}` : buttonClass('contained', size)}
      onClick={() => void add()}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-label={label ?? (productName ? t`Add to cart: ${productName}` : undefined)}
      aria-describedby={describedBy}
    >
      <span className={busy ? 'attar-button__icon attar-button__icon--working' : 'attar-button__icon'}><CartIcon /></span>
      {busy ? t`Adding…` : t`Add to cart`}
    </button>
  );
}
