import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { LoadFailed } from '@/components/load-failed';
import { LoadingView } from '@/components/loading-view';
import { cartForAddressQuery } from '@/features/cart/api/get-cart';
import { useArrivalSession } from '@/features/checkout/hooks/use-arrival-session';
import { ShippingForm } from '@/features/checkout/components/shipping-form';
import { StepOffline, waitsForConnection } from '@/features/checkout/components/step-offline';
import { withMui } from '@/lib/mui/scope';

/** /payment-session/shipping: the cart says the fee to the chosen address, the estimated day and the days that can be booked. */
function ShippingStep() {
  const { t } = useLingui();
  usePageTitle(t`Shipping method`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const session = useArrivalSession();
  // The fee is the chosen address's governorate's (the address step comes first).
  const query = useQuery(cartForAddressQuery(lang, token, session.userAddress));
  const { data: cart, error, isPending, isFetching, refetch } = query;
  if (waitsForConnection(query)) return <StepOffline onRetry={() => void refetch()} />;
  if (isPending) return <LoadingView />;
  if (!cart) return <LoadFailed message={error?.message ?? ''} onRetry={() => void refetch()} busy={isFetching} />;
  return <ShippingForm cart={cart} />;
}

export default withMui(ShippingStep);
