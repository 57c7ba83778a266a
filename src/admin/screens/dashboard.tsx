// Today at a glance, asked again every 20 s while the tab is visible; every number opens the list it counts.
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '@/lib/page-title';
import { formatMoney, formatNumber } from '@/lib/money';
import { dashboardQuery } from '../api';
import { Loaded, Title, useAdmin } from '../common';
import { ORDER_STATUS_LIST, statusLabel } from '../labels';

function Figure({ to, label, value }: { to: string; label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, minHeight: 88 }}>
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>{label}</Typography>
        <Typography component="span" sx={{ display: 'block', fontSize: { xs: '1.3rem', sm: '1.6rem' }, fontWeight: 700, overflowWrap: 'anywhere' }}>{value}</Typography>
      </CardActionArea>
    </Card>
  );
}

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, mb: 3 };

export function DashboardScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Dashboard`);
  const query = useQuery(dashboardQuery(token, lang));
  return (
    <>
      <Title>{t`Dashboard`}</Title>
      <Loaded query={query}>
        {(data) => (
          <>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{t`Today`}</Typography>
            <Box sx={grid}>
              <Figure to={`/orders?from=${data.today.day}&to=${data.today.day}`} label={t`Orders today`} value={formatNumber(data.today.orders, lang)} />
              <Figure to={`/orders?from=${data.today.day}&to=${data.today.day}`} label={t`Revenue today`} value={formatMoney(data.today.revenue, lang)} />
              <Figure to="/orders?payment_status=reported" label={t`Transfers to check`} value={formatNumber(data.payment_reported, lang)} />
              <Figure to="/orders?payment_status=awaiting" label={t`Awaiting payment`} value={formatNumber(data.awaiting_payment, lang)} />
              <Figure to="/messages" label={t`Unread messages`} value={formatNumber(data.unread_messages, lang)} />
              {data.failed_mails !== null && data.failed_mails > 0 && (
                <Figure to="/outbox?status=failed" label={t`Mails not sent`} value={formatNumber(data.failed_mails, lang)} />
              )}
            </Box>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{t`Orders by status`}</Typography>
            <Box sx={grid}>
              {ORDER_STATUS_LIST.map((status) => (
                <Figure key={status} to={`/orders?status=${encodeURIComponent(status)}`} label={statusLabel(status)} value={formatNumber(data.by_status[status] ?? 0, lang)} />
              ))}
            </Box>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{t`Low stock`}</Typography>
            {data.low_stock.length === 0
              ? <Typography>{t`No product is running low.`}</Typography>
              : (
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                  {data.low_stock.map((product) => (
                    <Card component="li" variant="outlined" key={product.id} sx={{ p: 1.5, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                      <span>{product.name} <Typography component="span" color="text.secondary">({product.category_name})</Typography></span>
                      <strong style={{ whiteSpace: 'nowrap' }}>{t`${formatNumber(product.stock, lang)} left`}</strong>
                    </Card>
                  ))}
                </Box>
              )}
          </>
        )}
      </Loaded>
    </>
  );
}
