import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { formatTimestamp } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { isOrderMissing, orderQuery } from '@/features/orders/api/get-order';
import { OrderStepper } from '@/features/orders/components/order-progress';
import { OrderItems } from '@/features/orders/components/order-items';
import { OrderTotals } from '@/features/orders/components/order-totals';
import { OrderAddress, OrderDelivery, OrderPayment } from '@/features/orders/components/order-info';
import { CancelOrderButton } from '@/features/orders/components/cancel-order';
import { BuyAgainButton } from '@/features/cart/components/buy-again-button';
import { LoadFailed } from '@/components/load-failed';
import { withMui } from '@/lib/mui/scope';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, alignContent: 'start' }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

function OrderNotFound() {
  const { t } = useLingui();
  return (
    <Box component="section" aria-labelledby="order-title" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography id="order-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Order not found`}</Typography>
      <Typography>{t`This order is not in your account. Check the link, or find it in your orders.`}</Typography>
      <Button component={RouterLink} to="/myOrders" variant="contained">{t`Back to my orders`}</Button>
    </Box>
  );
}

const DETAIL_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' } as const;

/**
 * /trackOrders/{id}/{num}: where an order is (the five steps with when each
 * was reached, and why it was cancelled), what is in it, where it goes, how it is paid and what it
 * costs, and Buy again. It looks again whenever the shopper comes back to the tab, so a
 * status the shop changed meanwhile shows.
 */
function TrackOrder() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { token } = useSession();
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data: order, error, isPending, refetch, isRefetching } = useQuery(orderQuery(id, lang, token));
  // The heading shows the number from the URL, until the order itself says otherwise.
  const number = order?.number ?? params.num ?? '';
  const missing = !valid || isOrderMissing(error);
  usePageTitle(missing ? t`Order not found` : t`Order ${number}`);

  if (missing) return <OrderNotFound />;

  let body;
  if (isPending) {
    body = (
      <Box role="status" aria-label={t`Loading…`} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        <Box sx={DETAIL_GRID}>
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      </Box>
    );
  } else if (error) {
    body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isRefetching} />;
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Section id="order-progress" title={t`Order status`}>
          <OrderStepper status={order.status} history={order.status_history} />
        </Section>
        <Box sx={DETAIL_GRID}>
          <Section id="order-items" title={t`Items`}>
            <OrderItems items={order.items} />
          </Section>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Section id="order-totals" title={t`Order summary`}><OrderTotals order={order} /></Section>
            <Section id="order-payment" title={t`Payment`}><OrderPayment order={order} /></Section>
            <Section id="order-delivery" title={t`Delivery`}><OrderDelivery order={order} /></Section>
            <Section id="order-address" title={t`Delivery address`}><OrderAddress order={order} /></Section>
          </Box>
        </Box>
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="order-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Box>
          <Typography id="order-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Order ${number}`}</Typography>
          {order && (
            <Typography color="text.secondary">{t`Placed on ${formatTimestamp(order.created_at, lang)}`}</Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {order?.status === 'pending' && <CancelOrderButton order={order} focusAfter="order-title" />}
          {order && <BuyAgainButton order={order} />}
          <Button component={RouterLink} to="/myOrders" variant="text">{t`Back to my orders`}</Button>
        </Box>
      </Box>
      {body}
    </Box>
  );
}

export default withMui(TrackOrder);
