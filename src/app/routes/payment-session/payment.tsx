import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { readCheckoutSession } from '@/lib/checkout-session';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { LoadingView } from '@/components/loading-view';
import { forgetEarlierNavigation, recordEarlierNavigation } from '@/app/guards';
import { cartQuery } from '@/features/cart/api/get-cart';
import { addressesQuery } from '@/features/address/api/get-addresses';
import { PaymentForm } from '@/features/checkout/components/payment-form';

/**
 * /payment-session/payment (Confirm Order): the cart and the chosen address
 * make the summary; a placed order refreshes the cart everywhere, closes the
 * checkout's gate and opens /order-is-done in its place.
 */
export default function PaymentStep() {
  const { t } = useLingui();
  usePageTitle(t`Confirm Order`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useQuery(cartQuery(lang, token));
  const addresses = useQuery(addressesQuery(lang, token));

  if (cart.isPending || addresses.isPending) return <LoadingView />;
  if (!cart.data || !addresses.data) {
    const failed = cart.error ?? addresses.error;
    return (
      <Box role="alert" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>{failed?.message}</Typography>
        <Button variant="contained" onClick={() => { void cart.refetch(); void addresses.refetch(); }}>{t`Retry`}</Button>
      </Box>
    );
  }

  const chosen = readCheckoutSession().userAddress;
  const address = addresses.data.find((a) => a.id === chosen) ?? null;
  return (
    <PaymentForm
      cart={cart.data}
      address={address}
      onPlaced={() => {
        // Every language's copy of the cart is stale now: the order emptied it.
        void queryClient.invalidateQueries({ queryKey: cartQuery(lang, token).queryKey.slice(0, 1) });
        forgetEarlierNavigation('payment-session');
        navigate('/order-is-done', { replace: true, state: recordEarlierNavigation('order-is-done') });
      }}
    />
  );
}
