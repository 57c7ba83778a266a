import { useDeferredValue } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { cartQuery } from '@/features/cart/api/get-cart';
import { CartView } from '@/features/cart/components/cart-view';
import { CartSkeleton } from '@/features/cart/components/cart-skeleton';
import { useWaitingCart } from '@/features/cart/hooks/use-waiting-cart';
import { LoadFailed } from '@/components/load-failed';
import { buttonClass } from '@/components/plain-controls';
import { WaitingChanges } from '@/components/waiting-changes';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { startCheckoutSession } from '@/lib/checkout-session';
import type { SignInState } from '@/lib/return-here';
import { usePageTitle } from '@/lib/page-title';
import { recordEarlierNavigation } from '../guards';
import '@/features/cart/components/cart.css';

/** A visitor sees a sign-in prompt that brings them back to the cart. */
function SignInPrompt() {
  const { t } = useLingui();
  const back: SignInState = { from: '/cart' };
  return (
    <div className="attar-cart__state">
      <p className="attar-cart__text">{t`Sign in to see your cart and check out.`}</p>
      <RouterLink to="/sign-in" state={back} className={buttonClass('contained')}>{t`Sign in`}</RouterLink>
    </div>
  );
}

/** /cart and /carts: the signed-in shopper's cart, its summary, and the way to checkout. */
export default function Cart() {
  const { t } = useLingui();
  usePageTitle(t`Cart`);
  const { lang } = useLanguage();
  const { token, signedIn } = useSession();
  const navigate = useNavigate();
  const { data: fresh, error, isPending, refetch, isRefetching, fetchStatus } = useQuery(cartQuery(lang, token));
  // The cart renders from a deferred copy: React builds its lines in slices in the background, so
  // the answer's arrival (and each change's) is not one long task (Total Blocking Time). Also when
  // the screen mounts with its answer already here (null: its skeleton, for the one commit before).
  const data = useDeferredValue(fresh, null) ?? undefined;
  // Changes made offline (or kept across a reload) and not yet sent: listed, and shown on their lines.
  const waiting = useWaitingCart();

  /** Proceed starts a fresh checkout session for this cart and opens its first step. */
  function proceed(cart: CartData) {
    startCheckoutSession(cart.card_id, cart.points_applied ? cart.points_used : 0);
    navigate('/payment-session/info', { state: recordEarlierNavigation('payment-session') });
  }

  // A refresh that failed over a cart already shown (say, after an add on a flaky network): the cart
  // on screen may be out of date, so say why and offer Retry above it rather than pass it off as current.
  const staleError = signedIn && error && data ? (
    <div className="attar-cart__stale">
      <LoadFailed message={t`Your cart could not be refreshed: ${error.message}`} onRetry={() => void refetch()} busy={isRefetching} />
    </div>
  ) : null;

  let body;
  if (!signedIn) {
    body = <SignInPrompt />;
  } else if (isPending && fetchStatus === 'paused') {
    // Offline, and this cart was never seen on this device: nothing to show until the connection returns.
    body = <p className="attar-cart__text">{t`You are offline. Your cart will show when you are back online.`}</p>;
  } else if (isPending) {
    body = <CartSkeleton />;
  } else if (error && !fresh) {
    body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isRefetching} />;
  } else if (!data) {
    // The answer is here; its deferred copy is being drawn.
    body = <CartSkeleton />;
  } else if (data.product_in_card.length === 0) {
    body = (
      <div className="attar-cart__state">
        <p className="attar-cart__text">{t`Your cart is empty.`}</p>
        <RouterLink to="/" className={buttonClass('contained')}>{t`Back to home`}</RouterLink>
      </div>
    );
  } else {
    body = <CartView cart={data} onProceed={proceed} waiting={waiting} />;
  }

  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title" className="attar-h4 attar-cart__title">{t`Cart`}</h1>
      {signedIn && <WaitingChanges changes={waiting} />}
      {staleError}
      {body}
    </section>
  );
}
