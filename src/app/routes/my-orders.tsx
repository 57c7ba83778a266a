import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { ordersQuery } from '@/features/orders/api/get-orders';
import { OrdersList } from '@/features/orders/components/orders-list';
import { NoOrders, OrdersSkeleton } from '@/features/orders/components/orders-states';
import { LoadFailed } from '@/components/load-failed';
import { BuyAgainButton } from '@/features/cart/components/buy-again-button';
import { PaginationBar } from '@/features/catalog/components/pagination-bar';
import { withMui } from '@/lib/mui/scope';

/** `?page=` as a page number, 1 when missing or not one. */
function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** /myOrders: the signed-in shopper's orders, newest first, ten a page, each with a way to track it and to buy it again. */
function MyOrders() {
  const { t } = useLingui();
  usePageTitle(t`My orders`);
  const { lang } = useLanguage();
  const { token } = useSession();
  // The page lives in the URL, so Back returns to it and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const { data, error, isPending, isPlaceholderData, refetch, isRefetching } = useQuery(ordersQuery(page, lang, token));

  let body;
  if (isPending) body = <OrdersSkeleton />;
  else if (error) body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isRefetching} />;
  else if (data.meta.total === 0) body = <NoOrders />;
  // A page past the last (an old link, orders since cancelled): the last page there is.
  else if (data.orders.length === 0) return <Navigate to={{ search: data.meta.last_page > 1 ? `?page=${data.meta.last_page}` : '' }} replace />;
  else {
    body = (
      <Box aria-busy={isPlaceholderData || undefined} sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <OrdersList orders={data.orders} actions={(order) => <BuyAgainButton order={order} fullWidth />} />
        <PaginationBar
          page={page}
          count={data.meta.last_page}
          onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        />
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="my-orders-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography id="my-orders-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`My orders`}</Typography>
        <Button component={RouterLink} to="/trackAllOrders" variant="text">{t`Track all orders`}</Button>
      </Box>
      {body}
    </Box>
  );
}

export default withMui(MyOrders);
