// One order: what to pack, where to take it, what was paid; its next statuses, payment, notes and
// history; the customer's record; a WhatsApp confirmation; an A5 packing slip when printed.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PhoneNumber } from '@/components/phone-number';
import { formatDay, formatTimestamp } from '@/lib/dates';
import { formatDiscount, formatMoney, formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { orderQuery, useAdminChange, type OrderDetail } from '../api';
import { Loaded, Outcome, useAdmin, type Said } from '../common';
import { governorateName, moveLabel, paymentLabel, paymentStatusLabel, statusLabel } from '../labels';

function Section({ title, children, print = false }: { title: string; children: ReactNode; print?: boolean }) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} className={print ? 'admin-print-area' : 'no-print'} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" id={id} sx={{ mb: 1 }}>{title}</Typography>
      {children}
    </Card>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <span>{label}</span>
      <span>{children}</span>
    </Box>
  );
}


function StatusActions({ order, onSaid }: { order: OrderDetail; onSaid: (said: Said) => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const move = useAdminChange<{ status: string; reason?: string }>(token, lang, () => `/admin/orders/${order.number}/status`);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const reasonRef = useRef<HTMLInputElement>(null);
  const send = (body: { status: string; reason?: string }) => move.mutateAsync(body).then(
    (text) => { onSaid({ ok: true, text }); setCancelling(false); setReason(''); },
    (error: Error) => onSaid({ ok: false, text: error.message }),
  );
  const confirmCancel = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(t`Say why the order is cancelled.`);
      // Back on the field the message is about, so that it is read out with it.
      reasonRef.current?.focus();
      return;
    }
    void send({ status: 'cancelled', reason: reason.trim() });
  };
  if (order.next_statuses.length === 0) return <Typography>{t`This order's status is final.`}</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {order.next_statuses.map((status) => (
        <Button
          key={status} size="large" disabled={move.isPending}
          variant={status === 'cancelled' ? 'outlined' : 'contained'} color={status === 'cancelled' ? 'error' : 'primary'}
          onClick={() => (status === 'cancelled' ? setCancelling(true) : void send({ status }))}
        >
          {moveLabel(status)}
        </Button>
      ))}
      <Dialog open={cancelling} onClose={() => setCancelling(false)} fullWidth maxWidth="xs">
        <Box component="form" onSubmit={confirmCancel} noValidate>
          <DialogTitle>{t`Cancel order ${order.number}?`}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>{t`The customer sees the reason on the order's page.`}</Typography>
            <TextField
              autoFocus fullWidth multiline minRows={2} label={t`Reason`} value={reason} required inputRef={reasonRef}
              onChange={(e) => { setReason(e.target.value); setReasonError(''); }}
              error={!!reasonError} helperText={reasonError || ' '} slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setCancelling(false)}>{t`Keep the order`}</Button>
            <Button type="submit" color="error" variant="contained" disabled={move.isPending}>{t`Cancel the order`}</Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}

function PaymentActions({ order, onSaid }: { order: OrderDetail; onSaid: (said: Said) => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const pay = useAdminChange<{ reference: string }>(token, lang, () => `/admin/orders/${order.number}/payment`,
    ({ reference }) => (reference.trim() ? { paid: true, reference: reference.trim() } : { paid: true }));
  const [reference, setReference] = useState(order.payment_reference ?? '');
  if (order.payment_status === 'paid' || order.status === 'cancelled') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutateAsync({ reference }).then((text) => onSaid({ ok: true, text }), (error: Error) => onSaid({ ok: false, text: error.message }));
  };
  return (
    <Box component="form" onSubmit={submit} className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
      <TextField size="small" label={t`Transfer reference`} value={reference} onChange={(e) => setReference(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <Button type="submit" variant="contained" disabled={pay.isPending}>{t`Mark as paid`}</Button>
    </Box>
  );
}

function Notes({ order, onSaid }: { order: OrderDetail; onSaid: (said: Said) => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const add = useAdminChange<{ text: string }>(token, lang, () => `/admin/orders/${order.number}/notes`);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutateAsync({ text: text.trim() }).then((said) => { setText(''); onSaid({ ok: true, text: said }); }, (error: Error) => onSaid({ ok: false, text: error.message }));
  };
  return (
    <>
      {order.notes.length === 0
        ? <Typography color="text.secondary">{t`No notes yet.`}</Typography>
        : (
          <Box component="ul" sx={{ pl: 2.5, my: 0 }}>
            {order.notes.map((note, i) => (
              <li key={i}>
                <Typography>{note.text}</Typography>
                <Typography variant="body2" color="text.secondary">{note.by} · {formatTimestamp(note.at, lang)}</Typography>
              </li>
            ))}
          </Box>
        )}
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'flex-start' }}>
        <TextField size="small" fullWidth multiline label={t`A note for the team`} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { maxLength: 1000 } }} />
        <Button type="submit" variant="outlined" disabled={add.isPending || !text.trim()}>{t`Add`}</Button>
      </Box>
    </>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const { lang } = useAdmin();
  const [said, setSaid] = useState<Said>(null);
  const units = (item: OrderDetail['items'][number]) => item.smell.map((smell, i) => t`Unit ${formatNumber(i + 1, lang)}: ${smell}`).join(' · ');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>{t`Order ${order.number}`}</Typography>
        <Typography color="text.secondary">{formatTimestamp(order.created_at, lang)}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Chip label={statusLabel(order.status)} color={order.status === 'cancelled' ? 'error' : 'primary'} />
          <Chip label={paymentStatusLabel(order.payment_status)} variant="outlined" />
        </Box>
      </Box>
      <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" color="success" href={order.whatsapp.url} target="_blank" rel="noopener noreferrer">{t`WhatsApp the customer`}</Button>
        <Button variant="outlined" onClick={() => window.print()}>{t`Print the packing slip`}</Button>
      </Box>
      {/* A status move takes the button pressed away with the status (a cancellation, the dialog too): the focus goes to what happened. */}
      <Outcome said={said} onClose={() => setSaid(null)} className="no-print" />
      <Section title={t`Status`}>
        <StatusActions order={order} onSaid={setSaid} />
      </Section>
      <Section title={t`Items`} print>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {order.items.map((item, i) => (
            <li key={i}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <strong>{formatNumber(item.qty, lang)} × {item.name}</strong>
                <span>{formatMoney(item.price * item.qty, lang)}</span>
              </Box>
              {item.smell.length > 0 && <Typography variant="body2">{units(item)}</Typography>}
              {item.gift && <Typography variant="body2">{t`Gift: ${item.gift}`}</Typography>}
            </li>
          ))}
        </Box>
      </Section>
      <Section title={t`Delivery`} print>
        <Typography><strong>{order.username}</strong></Typography>
        <Typography><Link href={`tel:${order.phone}`}><PhoneNumber phone={order.phone} /></Link></Typography>
        <Typography><bdi>{order.address.title}</bdi>{lang === 'ar' ? '، ' : ': '}<bdi>{order.address.address}</bdi></Typography>
        <Typography><bdi>{order.address.city}</bdi>{lang === 'ar' ? '، ' : ', '}{governorateName(order.governorate, lang)}</Typography>
        {order.address.phone && order.address.phone !== order.phone && (
          <Typography>{t`Address phone:`} <Link href={`tel:${order.address.phone}`}><PhoneNumber phone={order.address.phone} /></Link></Typography>
        )}
        <Typography sx={{ mt: 1 }}>
          {order.shiping === 'date' ? t`On the chosen day: ${formatDay(order.delivery_date, lang)}` : t`Standard delivery by ${formatDay(order.delivery_date, lang)}`}
        </Typography>
      </Section>
      <Section title={t`Totals`} print>
        <Line label={t`Subtotal`}>{formatMoney(order.subtotal, lang)}</Line>
        {order.coupon_discount > 0 && <Line label={t`Coupon ${order.coupon ?? ''}`}>{formatDiscount(order.coupon_discount, lang)}</Line>}
        {order.points_used > 0 && <Line label={t`${formatNumber(order.points_used, lang)} points`}>{formatDiscount(order.points_discount, lang)}</Line>}
        <Line label={t`Shipping`}>{formatMoney(order.shipping_fee, lang)}</Line>
        <Line label={t`Total`}><strong>{formatMoney(order.total, lang)}</strong></Line>
        <Line label={t`Payment`}>{paymentLabel(order.payment)} · {paymentStatusLabel(order.payment_status)}</Line>
      </Section>
      <Section title={t`Payment`}>
        {order.payment === 'cach' && <Line label={t`Shop's wallet`}><PhoneNumber phone={order.wallet_phone} /></Line>}
        {order.payment_sender_phone && <Line label={t`Sent from`}><PhoneNumber phone={order.payment_sender_phone} /></Line>}
        {order.payment_reference && <Line label={t`Reference`}><bdi>{order.payment_reference}</bdi></Line>}
        {order.paid_at && <Line label={t`Paid on`}>{formatTimestamp(order.paid_at, lang)}</Line>}
        <PaymentActions order={order} onSaid={setSaid} />
      </Section>
      <Section title={t`Customer`}>
        <Typography><Link component={RouterLink} to={`/customers/${order.customer.id}`}>{order.customer.name}</Link></Typography>
        <Typography><Link href={`mailto:${order.customer.email}`}>{order.customer.email}</Link></Typography>
        <Typography><Link href={`tel:${order.customer.phone}`}><PhoneNumber phone={order.customer.phone} /></Link></Typography>
        <Typography sx={{ mt: 1 }}>
          {t`Earlier orders: ${formatNumber(order.customer.earlier_orders, lang)}, of which cancelled: ${formatNumber(order.customer.earlier_cancelled, lang)}`}
        </Typography>
      </Section>
      <Section title={t`Notes`}>
        <Notes order={order} onSaid={setSaid} />
      </Section>
      <Section title={t`History`}>
        <Box component="ol" sx={{ pl: 2.5, my: 0, listStyleType: lang === 'ar' ? 'arabic-indic' : 'decimal' }}>
          {order.status_history.map((step, i) => (
            <li key={i}>
              <strong>{statusLabel(step.status)}</strong> · {formatTimestamp(step.at, lang)} · {step.by ?? t`the customer or the system`}
              {step.reason && <Typography variant="body2">{t`Reason: ${step.reason}`}</Typography>}
            </li>
          ))}
        </Box>
      </Section>
      <Typography className="admin-slip-only">{t`Thank you for shopping at Attar.`}</Typography>
    </Box>
  );
}

export function OrderScreen() {
  const { number = '' } = useParams();
  const { token, lang } = useAdmin();
  const { t } = useLingui();
  usePageTitle(t`Order ${number}`);
  const query = useQuery(orderQuery(token, lang, number));
  return (
    <>
      <Box className="no-print" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/orders"><Trans>All orders</Trans></Link>
      </Box>
      <Loaded query={query}>{(order) => <OrderView order={order} />}</Loaded>
    </>
  );
}
