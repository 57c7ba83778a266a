import { useNavigate } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/language';
import { useReturnHere } from '@/lib/return-here';
import { isAwaited, isReplay, stampChange } from '@/lib/offline-changes';
import { CartIcon } from '@/components/icons';
import { buttonClass } from '@/components/plain-controls';
import { useAddToCart } from '../api/add-to-cart';

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
}

/**
 * Adds one unit to the cart from anywhere. Success: the badge follows the
 * server's count and its message shows. A 401: 'Please Login First', the token
 * is removed and the shopper goes to sign-in. Any other failure shows the
 * server's message.
 *
 * Offline, a signed-in shopper's add waits for the connection (kept across a
 * reload) and the badge counts it at once; it is sent by itself later, so
 * its answer is not awaited here (a failure then names it).
 */
export function AddToCartButton({ productId, productName, disabled, size = 'small', className, 'aria-label': label }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const here = useReturnHere();
  const { token } = useSession();
  const { lang } = useLanguage();
  const addToCart = useAddToCart();

  function pleaseLogIn() {
    notify(t`Please Login First`, { variant: 'warning', preventDuplicate: true });
    navigate('/sign-in', { state: here });
  }

  function add() {
    // Never blocked while an earlier add is still on its way: each press is one
    // more unit, with its own key, queued behind the last (the cart scope sends
    // them in order). The badge counts it at once.
    const change = { productId, productName: productName ?? '', stamp: stampChange(token, lang) };
    if (!onlineManager.isOnline()) {
      // A visitor has no cart to keep a change for: the answer would be a 401.
      if (!token) return pleaseLogIn();
      addToCart.mutate(change);
      notify(t`You are offline. This change will be sent when you are back online.`, { variant: 'info' });
      return;
    }
    addToCart.mutate(change, {
      onSuccess: (answer) => notify(answer.message, { variant: 'success' }),
      onError: (error) => {
        // Held back by a lost connection and sent later: its failure is named app-wide (offline-changes.ts).
        if (isReplay(change)) return;
        if (error instanceof ApiError && error.status === 401) {
          // The app-wide 401 handler has already signed the shopper out on this device.
          pleaseLogIn();
          return;
        }
        notify(error.message, { variant: 'error' });
      },
    });
  }

  // Plain (controls.css), as MUI's contained Button: it is on every product card
  // (docs/decisions.md, "MUI kept off the first load").
  return (
    <button
      type="button"
      className={className ? `${buttonClass('contained', size)} ${className}` : buttonClass('contained', size)}
      onClick={add}
      disabled={disabled}
      aria-busy={isAwaited(addToCart) || undefined}
      aria-label={label ?? (productName ? t`Add to cart: ${productName}` : undefined)}
    >
      <span className="attar-button__icon"><CartIcon /></span>
      {t`Add to cart`}
    </button>
  );
}
