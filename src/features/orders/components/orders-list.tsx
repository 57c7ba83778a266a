import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/money';
import { formatTimestamp } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import type { OrderRow } from '../api/get-orders';
import { StatusChip } from './status-chip';
import { Fact, ItemsCount } from './order-facts';
import { CancelOrderButton } from './cancel-order';
import { PaymentStatus } from './payment-status';

export const trackPath = (order: { id: number; number: string }) => `/trackOrders/${order.id}/${encodeURIComponent(order.number)}`;

/**
 * The shopper's orders: one row each on a wide screen (number, date, status,
 * payment, items, total, Cancel while pending, Track), a card of the same facts on a phone. One list, so a
 * screen reader hears each order once, whatever the width. `actions` are the
 * screen's own for each order (Buy again, from the cart), put before Track.
 */
export function OrdersList({ orders, actions }: { orders: OrderRow[]; actions?: (order: OrderRow) => ReactNode }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  return (
    <Box component="ul" aria-label={t`Orders`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {orders.map((order) => {
        const number = order.number;
        return (
          <Paper
            key={order.id}
            component="li"
            variant="outlined"
            aria-labelledby={`order-${order.id}-number`}
            sx={{
              p: 2,
              display: 'grid',
              gap: 1.5,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(8rem, 1fr) minmax(0, 4fr) auto' },
            }}
          >
            <Typography id={`order-${order.id}-number`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, justifySelf: 'start' }}>
              {t`Order ${number}`}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'minmax(0, 1.6fr) minmax(0, 1.2fr) minmax(0, 1.4fr) minmax(0, 0.8fr) minmax(0, 1fr)' },
              }}
            >
              <Fact label={t`Placed on`}>{formatTimestamp(order.created_at, lang)}</Fact>
              <Fact label={t`Status`}><StatusChip status={order.status} /></Fact>
              <Fact label={t`Payment`}><PaymentStatus status={order.payment_status} orderStatus={order.status} /></Fact>
              <Fact label={t`Items`}><ItemsCount count={order.items_count} /></Fact>
              <Fact label={t`Total`}>{formatMoney(order.total, lang)}</Fact>
            </Box>
            <Box sx={{ display: 'grid', gap: 1, justifySelf: { xs: 'stretch', md: 'end' }, gridAutoFlow: { xs: 'row', sm: 'column' }, alignItems: 'start' }}>
              {order.status === 'pending' && <CancelOrderButton order={order} fullWidth focusAfter={`order-${order.id}-track`} />}
              {actions?.(order)}
              <Button
                component={RouterLink}
                to={trackPath(order)}
                id={`order-${order.id}-track`}
                variant="outlined"
                aria-label={t`Track order ${number}`}
              >
                {t`Track`}
              </Button>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
