import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { LoadingView } from '@/components/loading-view';
import { cartQuery } from '@/features/cart/api/get-cart';
import { ShippingForm } from '@/features/checkout/components/shipping-form';

/** /payment-session/shipping: the cart says the fee, the estimated day and the days that can be booked. */
export default function ShippingStep() {
  const { t } = useLingui();
  usePageTitle(t`Shipping method`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const { data: cart, error, isPending, refetch } = useQuery(cartQuery(lang, token));
  if (isPending) return <LoadingView />;
  if (!cart) {
    return (
      <Box role="alert" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>{error?.message}</Typography>
        <Button variant="contained" onClick={() => refetch()}>{t`Retry`}</Button>
      </Box>
    );
  }
  return <ShippingForm cart={cart} />;
}
