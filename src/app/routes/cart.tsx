import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { cartQuery } from '@/features/cart/api/get-cart';
import { CartView } from '@/features/cart/components/cart-view';
import { CartSkeleton } from '@/features/cart/components/cart-skeleton';
import { useWaitingCart } from '@/features/cart/hooks/use-waiting-cart';
import { LoadFailed } from '@/components/load-failed';
import { WaitingChanges } from '@/components/waiting-changes';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { startCheckoutSession } from '@/lib/checkout-session';
import type { SignInState } from '@/lib/return-here';
import { usePageTitle } from '@/lib/page-title';
import { recordEarlierNavigation } from '../guards';

const stateSx = { display: 'grid', gap: 2, justifyItems: 'start' } as const;

/** Spec §2: a visitor sees a sign-in prompt that brings them back to the cart. */
function SignInPrompt() {
  const { t } = useLingui();
  const back: SignInState = { from: '/cart' };
  return (
    <Box sx={stateSx}>
      <Typography>{t`Sign in to see your cart and check out.`}</Typography>
      <Button component={RouterLink} to="/sign-in" state={back} variant="contained">{t`Sign in`}</Button>
    </Box>
  );
}

/** /cart and /carts: the signed-in shopper's cart, its summary, and the way to checkout. */
export default function Cart() {
  const { t } = useLingui();
  usePageTitle(t`Cart`);
  const { lang } = useLanguage();
  const { token, signedIn } = useSession();
  const navigate = useNavigate();
  const { data, error, isPending, refetch, isRefetching, fetchStatus } = useQuery(cartQuery(lang, token));
  // Changes made offline (or kept across a reload) and not yet sent: listed, and shown on their lines.
  const waiting = useWaitingCart();

  /** Spec §4: Proceed starts a fresh checkout session for this cart and opens its first step. */
  function proceed(cart: CartData) {
    startCheckoutSession(cart.card_id, cart.points_applied ? cart.points_used : 0);
    navigate('/payment-session/info', { state: recordEarlierNavigation('payment-session') });
  }

  // A refresh that failed over a cart already shown (say, after an add on a flaky network): the cart
  // on screen may be out of date, so say why and offer Retry above it rather than pass it off as current.
  const staleError = signedIn && error && data ? (
    <Box sx={{ mb: 2 }}>
      <LoadFailed message={t`Your cart could not be refreshed: ${error.message}`} onRetry={() => void refetch()} busy={isRefetching} />
    </Box>
  ) : null;

  let body;
  if (!signedIn) {
    body = <SignInPrompt />;
  } else if (isPending && fetchStatus === 'paused') {
    // Offline, and this cart was never seen on this device: nothing to show until the connection returns.
    body = <Typography>{t`You are offline. Your cart will show when you are back online.`}</Typography>;
  } else if (isPending) {
    body = <CartSkeleton />;
  } else if (error && !data) {
    body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isRefetching} />;
  } else if (data.product_in_card.length === 0) {
    body = (
      <Box sx={stateSx}>
        <Typography>{t`Your cart is empty.`}</Typography>
        <Button component={RouterLink} to="/" variant="contained">{t`Back to home`}</Button>
      </Box>
    );
  } else {
    body = <CartView cart={data} onProceed={proceed} waiting={waiting} />;
  }

  return (
    <Box component="section" aria-labelledby="cart-title">
      <Typography id="cart-title" component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>{t`Cart`}</Typography>
      {signedIn && <WaitingChanges changes={waiting} />}
      {staleError}
      {body}
    </Box>
  );
}
