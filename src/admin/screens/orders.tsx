// The orders, newest first: filtered by status, payment and the days they were placed, searched by number, phone or name;
// asked again every 20 s while the tab is visible, the new ones counted in the tab's title.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toLatinDigits } from '@contract/rules';
import { formatTimestamp } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import { ADMIN_POLL_MS, ordersQuery, type OrderRow, type OrdersFilter } from '../api';
import { Loaded, Pager, Title, useAdmin, useUrlFilters } from '../common';
import { ORDER_STATUS_LIST, PAYMENT_STATUS_LIST, governorateName, paymentStatusLabel, statusLabel } from '../labels';

function filterOf(params: URLSearchParams): OrdersFilter {
  const page = Number(params.get('page') ?? 1);
  return {
    status: params.get('status') ?? undefined,
    payment_status: params.get('payment_status') ?? undefined,
    q: params.get('q') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

export function OrdersScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const [params, set] = useUrlFilters();
  const filter = filterOf(params);
  const [search, setSearch] = useState(filter.q ?? '');
  const query = useQuery({ ...ordersQuery(token, lang, filter), refetchInterval: ADMIN_POLL_MS, placeholderData: keepPreviousData });

  // The newest order when the list was first shown: those after it are new.
  const seen = useRef<number | null>(null);
  const rows = query.data?.orders;
  if (rows && seen.current === null) seen.current = rows.reduce((max, row) => Math.max(max, row.id), 0);
  const newCount = rows && seen.current !== null ? rows.filter((row) => row.id > seen.current!).length : 0;
  useEffect(() => {
    const title = t`Orders`;
    document.title = newCount > 0 ? `(${formatNumber(newCount, lang)}) ${title} | ${t`Attar`}` : `${title} | ${t`Attar`}`;
  }, [newCount, lang, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: toLatinDigits(search.trim()) || undefined });
  };
  const isNew = (row: OrderRow) => seen.current !== null && row.id > seen.current;

  return (
    <>
      <Title>{t`Orders`}</Title>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '180px 180px 160px 160px 1fr' }, mb: 2 }}>
        <TextField select label={t`Status`} value={filter.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })} size="small">
          <MenuItem value="">{t`All statuses`}</MenuItem>
          {ORDER_STATUS_LIST.map((s) => <MenuItem key={s} value={s}>{statusLabel(s)}</MenuItem>)}
        </TextField>
        <TextField select label={t`Payment`} value={filter.payment_status ?? ''} onChange={(e) => set({ payment_status: e.target.value || undefined })} size="small">
          <MenuItem value="">{t`All payments`}</MenuItem>
          {PAYMENT_STATUS_LIST.map((s) => <MenuItem key={s} value={s}>{paymentStatusLabel(s)}</MenuItem>)}
        </TextField>
        <TextField
          label={t`From`} type="date" size="small" value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.to } }}
        />
        <TextField
          label={t`To`} type="date" size="small" value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.from } }}
        />
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <TextField
            label={t`Number, phone or name`} type="search" size="small" fullWidth value={search}
            onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { enterKeyHint: 'search' } }}
          />
          <Button type="submit" variant="contained">{t`Search`}</Button>
        </Box>
      </Box>
      <Loaded query={query}>
        {({ orders, meta }) => (
          orders.length === 0
            ? <Typography>{t`No order matches.`}</Typography>
            : (
              <>
                <Typography sx={{ mb: 1 }} color="text.secondary">{t`Orders found: ${formatNumber(meta.total, lang)}`}</Typography>
                <Box component="ul" className="admin-cards" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                  {orders.map((order) => (
                    <Card component="li" variant="outlined" key={order.id}>
                      <CardActionArea component={RouterLink} to={`/orders/${order.number}`} sx={{ p: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5, textAlign: 'start' }}>
                        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                          <strong>{order.number}</strong>
                          <strong>{formatMoney(order.total, lang)}</strong>
                        </Box>
                        <span>{order.customer.name} · {governorateName(order.governorate, lang)}</span>
                        <Typography component="span" variant="body2" color="text.secondary">{formatTimestamp(order.created_at, lang)}</Typography>
                        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                          {isNew(order) && <Chip size="small" color="secondary" label={t`New`} />}
                          <Chip size="small" label={statusLabel(order.status)} />
                          <Chip size="small" variant="outlined" label={paymentStatusLabel(order.payment_status)} />
                        </Box>
                      </CardActionArea>
                    </Card>
                  ))}
                </Box>
                <Box className="admin-table">
                  <Table size="small" aria-label={t`Orders`}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t`Order`}</TableCell>
                        <TableCell>{t`Placed`}</TableCell>
                        <TableCell>{t`Customer`}</TableCell>
                        <TableCell>{t`Governorate`}</TableCell>
                        <TableCell>{t`Status`}</TableCell>
                        <TableCell>{t`Payment`}</TableCell>
                        <TableCell align="right">{t`Total`}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {orders.map((order) => (
                        <TableRow key={order.id} hover>
                          <TableCell>
                            <Link component={RouterLink} to={`/orders/${order.number}`}>{order.number}</Link>
                            {isNew(order) && <Chip size="small" color="secondary" label={t`New`} sx={{ mx: 1 }} />}
                          </TableCell>
                          <TableCell>{formatTimestamp(order.created_at, lang)}</TableCell>
                          <TableCell>{order.customer.name}<br /><span dir="ltr">{order.customer.phone}</span></TableCell>
                          <TableCell>{governorateName(order.governorate, lang)}</TableCell>
                          <TableCell>{statusLabel(order.status)}</TableCell>
                          <TableCell>{paymentStatusLabel(order.payment_status)}</TableCell>
                          <TableCell align="right">{formatMoney(order.total, lang)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
                <Pager meta={meta} onPage={(page) => set({ page: page > 1 ? String(page) : undefined })} />
              </>
            )
        )}
      </Loaded>
    </>
  );
}
