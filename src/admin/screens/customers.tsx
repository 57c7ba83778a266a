// The shop's customers: searched by name, email or phone; each with their orders and points, which
// the owner may adjust, with a reason the ledger keeps.
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toLatinDigits } from '@contract/rules';
import { PhoneNumber } from '@/components/phone-number';
import { formatTimestamp } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { customerQuery, customersQuery, useAdminChange, type CustomerInfo } from '../api';
import { Loaded, Pager, Title, useAdmin } from '../common';
import { paymentStatusLabel, statusLabel } from '../labels';

export function CustomersScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Customers`);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({ ...customersQuery(token, lang, q, page), placeholderData: keepPreviousData });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(toLatinDigits(search.trim()));
    setPage(1);
  };
  return (
    <>
      <Title>{t`Customers`}</Title>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2, maxWidth: 560 }}>
        <TextField label={t`Name, email or phone`} type="search" size="small" fullWidth value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit" variant="contained">{t`Search`}</Button>
      </Box>
      <Loaded query={query}>
        {({ customers, meta }) => (customers.length === 0 ? <Typography>{t`No customer matches.`}</Typography> : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { md: '1fr 1fr' } }}>
              {customers.map((customer) => (
                <Card component="li" variant="outlined" key={customer.id}>
                  <CardActionArea component={RouterLink} to={`/customers/${customer.id}`} sx={{ p: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.25, textAlign: 'start' }}>
                    <strong>{customer.name}</strong>
                    <bdi>{customer.email}</bdi>
                    {/* In a span of the page's direction, so the number lines up with the rest in Arabic. */}
                    <span><PhoneNumber phone={customer.phone} /></span>
                    <Typography variant="body2" color="text.secondary">
                      {t`Orders: ${formatNumber(customer.orders_count, lang)} · Points: ${formatNumber(customer.points, lang)}`}
                    </Typography>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
            <Pager meta={meta} onPage={setPage} />
          </>
        ))}
      </Loaded>
    </>
  );
}

function PointsForm({ customer }: { customer: CustomerInfo }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const change = useAdminChange<{ delta: number; reason: string }>(token, lang, () => `/admin/customers/${customer.id}/points`);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const amount = Number(toLatinDigits(delta.trim()));
  const valid = delta.trim() !== '' && Number.isInteger(amount) && amount !== 0 && reason.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    change.mutateAsync({ delta: amount, reason: reason.trim() }).then(
      (text) => { setSaid({ ok: true, text }); setDelta(''); setReason(''); },
      (error: Error) => setSaid({ ok: false, text: error.message }),
    );
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5, maxWidth: 420, mt: 2 }}>
      <Typography component="h3" variant="subtitle1"><Trans>Adjust points</Trans></Typography>
      <TextField size="small" label={t`Points to add (negative to take)`} value={delta} onChange={(e) => setDelta(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <TextField size="small" label={t`Reason`} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <Button type="submit" variant="contained" disabled={!valid || change.isPending}>{t`Save points`}</Button>
      {said && <Typography role={said.ok ? 'status' : 'alert'} color={said.ok ? 'success.main' : 'error'}>{said.text}</Typography>}
    </Box>
  );
}

export function CustomerScreen({ owner }: { owner: boolean }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const id = Number(useParams().id);
  const query = useQuery(customerQuery(token, lang, id));
  usePageTitle(query.data?.name ?? t`Customer`);
  return (
    <>
      <Box sx={{ mb: 1 }}><Link component={RouterLink} to="/customers"><Trans>All customers</Trans></Link></Box>
      <Loaded query={query}>
        {(customer) => (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box>
              <Title>{customer.name}</Title>
              <Typography><Link href={`mailto:${customer.email}`}>{customer.email}</Link></Typography>
              <Typography><Link href={`tel:${customer.phone}`}><PhoneNumber phone={customer.phone} /></Link></Typography>
              <Typography>{t`Customer since ${formatTimestamp(customer.created_at, lang)}`}</Typography>
            </Box>
            <Card variant="outlined" sx={{ p: 2 }}>
              <Typography component="h2" variant="h6">{t`Orders`}</Typography>
              {customer.orders.length === 0 ? <Typography>{t`No orders yet.`}</Typography> : (
                <Box component="ul" sx={{ pl: 2.5 }}>
                  {customer.orders.map((order) => (
                    <li key={order.id}>
                      <Link component={RouterLink} to={`/orders/${order.number}`}>{order.number}</Link>
                      {' · '}{formatTimestamp(order.created_at, lang)} · {statusLabel(order.status)} · {paymentStatusLabel(order.payment_status)} · {formatMoney(order.total, lang)}
                    </li>
                  ))}
                </Box>
              )}
            </Card>
            <Card variant="outlined" sx={{ p: 2 }}>
              <Typography component="h2" variant="h6">{t`Points: ${formatNumber(customer.points, lang)}`}</Typography>
              {customer.points_history.length > 0 && (
                <Box component="ul" sx={{ pl: 2.5 }}>
                  {customer.points_history.map((entry, i) => (
                    <li key={i}><bdi dir="ltr">{entry.delta > 0 ? '+' : ''}{formatNumber(entry.delta, lang)}</bdi> · {entry.reason} · {formatTimestamp(entry.at, lang)}</li>
                  ))}
                </Box>
              )}
              {owner && <PointsForm customer={customer} />}
            </Card>
          </Box>
        )}
      </Loaded>
    </>
  );
}
