import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { LoadFailed } from '@/components/load-failed';
import { LoadingView } from '@/components/loading-view';
import { forgetEarlierNavigation, recordEarlierNavigation } from '@/app/guards';
import { cartForAddressQuery, cartKeys } from '@/features/cart/api/get-cart';
import { orderKeys } from '@/features/orders/api/get-orders';
import { profileKeys } from '@/features/account/api/get-profile';
import { addressesQuery } from '@/features/address/api/get-addresses';
import { PaymentForm } from '@/features/checkout/components/payment-form';
import { StepOffline, waitsForConnection } from '@/features/checkout/components/step-offline';
import { useArrivalSession } from '@/features/checkout/hooks/use-arrival-session';
import { withMui } from '@/lib/mui/scope';

/**
 * /payment-session/payment (Confirm Order): the cart and the chosen address
 * make the summary; a placed order refreshes what it changed everywhere,
 * closes the checkout's gate and opens /order-is-done in its place.
 */
function PaymentStep() {
  const { t } = useLingui();
  usePageTitle(t`Confirm Order`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useArrivalSession();
  // The fee is the chosen address's governorate's; the summary and Confirm wait for this visit's answer.
  const cart = useQuery(cartForAddressQuery(lang, token, session.userAddress));
  const addresses = useQuery(addressesQuery(lang, token));
  // The cart as it was confirmed: the refresh after a placed order brings an
  // empty cart, which must not empty the summary while the done screen loads.
  const [placedCart, setPlacedCart] = useState<CartData | null>(null);

  // The done screen is a lazy chunk: fetched now, so a placed order does not
  // wait for it with the step still on screen.
  useEffect(() => {
    void import('@/app/routes/order-is-done');
  }, []);

  // Offline, the addresses (never kept on the device) or a cart not kept in this language wait for the connection.
  if (waitsForConnection(cart) || waitsForConnection(addresses)) {
    return <StepOffline onRetry={() => { void cart.refetch(); void addresses.refetch(); }} />;
  }
  if (cart.isPending || addresses.isPending) return <LoadingView />;
  if (!cart.data || !addresses.data) {
    const failed = cart.error ?? addresses.error;
    return (
      <LoadFailed
        message={failed?.message ?? ''}
        onRetry={() => { void cart.refetch(); void addresses.refetch(); }}
        busy={cart.isFetching || addresses.isFetching}
      />
    );
  }

  const address = addresses.data.find((a) => a.id === session.userAddress) ?? null;
  return (
    <PaymentForm
      cart={placedCart ?? cart.data}
      session={session}
      address={address}
      // Confirm waits for the server's answer of this visit: a cart the device kept (offline, a
      // reload) may hold old prices. Later, the amount sent with Confirm is checked by the server.
      current={cart.isFetchedAfterMount && !cart.isPlaceholderData}
      onRefused={() => void cart.refetch()}
      onPlaced={() => {
        setPlacedCart(cart.data);
        // Stale in every language now: the order emptied the cart, joins the
        // order lists, and spent and earned points (the profile's balance).
        for (const queryKey of [cartKeys.all, orderKeys.all, profileKeys.all]) {
          void queryClient.invalidateQueries({ queryKey });
        }
        forgetEarlierNavigation('payment-session');
        navigate('/order-is-done', { replace: true, state: recordEarlierNavigation('order-is-done') });
      }}
    />
  );
}

export default withMui(PaymentStep);
