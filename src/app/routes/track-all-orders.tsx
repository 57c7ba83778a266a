import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { formatMoney, formatNumber } from '@/lib/money';
import { formatTimestamp } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { allOrdersQuery } from '@/features/orders/api/get-orders';
import { trackPath } from '@/features/orders/components/orders-list';
import { CompactProgress } from '@/features/orders/components/order-progress';
import { Fact } from '@/features/orders/components/order-facts';
import { NoOrders, OrdersSkeleton } from '@/features/orders/components/orders-states';
import { LoadFailed } from '@/components/load-failed';
import { withMui } from '@/lib/mui/scope';

/** /trackAllOrders: every order with how far it got, a page at a time, each linking to its tracking page. */
function TrackAllOrders() {
  const { t } = useLingui();
  usePageTitle(t`Track all orders`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const { data, error, isPending, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(allOrdersQuery(lang, token));

  let body;
  if (isPending) body = <OrdersSkeleton rows={4} height={148} />;
  else if (error && !isFetchNextPageError) body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isRefetching} />;
  else {
    const orders = data.pages.flatMap((p) => p.orders);
    const total = data.pages.at(-1)?.meta.total ?? orders.length;
    const shown = formatNumber(orders.length, lang);
    const ordersTotal = formatNumber(total, lang);
    body = orders.length === 0 ? <NoOrders /> : (
      <>
        <Box component="ul" aria-label={t`Orders`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {orders.map((order) => {
            const number = order.number;
            return (
              <Paper key={order.id} component="li" variant="outlined" aria-labelledby={`track-${order.id}`} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
                <Typography id={`track-${order.id}`} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>{t`Order ${number}`}</Typography>
                <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                  <Fact label={t`Placed on`}>{formatTimestamp(order.created_at, lang)}</Fact>
                  <Fact label={t`Total`}>{formatMoney(order.total, lang)}</Fact>
                </Box>
                <CompactProgress status={order.status} />
                <Button component={RouterLink} to={trackPath(order)} variant="outlined" aria-label={t`Track order ${number}`} sx={{ justifySelf: 'start' }}>
                  {t`Track`}
                </Button>
              </Paper>
            );
          })}
        </Box>
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, mt: 3 }}>
          <Typography variant="body2" color="text.secondary" role="status">{plural(total, { one: `Showing ${shown} of ${ordersTotal} order`, other: `Showing ${shown} of ${ordersTotal} orders` })}</Typography>
          {isFetchNextPageError && error && <Typography role="alert" color="error.dark">{error.message}</Typography>}
          {hasNextPage && (
            <Button variant="contained" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
              {isFetchNextPageError ? t`Retry` : t`Load more`}
            </Button>
          )}
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="track-all-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography id="track-all-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Track all orders`}</Typography>
        <Button component={RouterLink} to="/myOrders" variant="text">{t`My orders`}</Button>
      </Box>
      {body}
    </Box>
  );
}

export default withMui(TrackAllOrders);
