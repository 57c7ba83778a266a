import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { useAccountMessages } from '@/lib/birth-date';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/offline';
import { PhoneNumber } from '@/components/phone-number';
import { normalizePhone } from '@contract/rules';
import type { Order } from '../api/get-order';
import { useReportPayment } from '../api/report-payment';
import { Fact } from './order-facts';

interface TransferValues {
  sender_phone: string;
  reference: string;
}

const REFERENCE_MAX = 100;

/**
 * The shopper says they sent the Vodafone Cash transfer: the wallet they sent
 * from and the transfer's reference. Once reported, it shows what they said
 * and lets them correct it until the shop marks it paid (docs/rules.md,
 * "Payment status"). A refused field shows the server's words under it; what
 * was typed stays.
 */
export function ReportTransfer({ order }: { order: Order }) {
  const { t } = useLingui();
  const reported = order.payment_status === 'reported' && order.payment_sender_phone !== null;
  const [editing, setEditing] = useState(false);
  if (reported && !editing) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', width: '100%' }}>
          <Fact label={t`Sent from`}><PhoneNumber phone={order.payment_sender_phone ?? ''} /></Fact>
          <Fact label={t`Reference`}><bdi>{order.payment_reference}</bdi></Fact>
        </Box>
        <Button variant="text" onClick={() => setEditing(true)}>{t`Correct the transfer details`}</Button>
      </Box>
    );
  }
  return <TransferForm order={order} onDone={() => setEditing(false)} onCancel={reported ? () => setEditing(false) : undefined} />;
}

function TransferForm({ order, onDone, onCancel }: { order: Order; onDone(): void; onCancel?(): void }) {
  const { t } = useLingui();
  const m = useAccountMessages();
  const online = useOnline();
  const report = useReportPayment();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<TransferValues>({
    defaultValues: { sender_phone: order.payment_sender_phone ?? '', reference: order.payment_reference ?? '' },
  });
  const idPrefix = `transfer-${order.id}`;
  const shown = fieldProps(errors, idPrefix);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await report.mutateAsync({ id: order.id, ...values });
      notify(answer.message, { variant: 'success' });
      onDone();
    } catch (error) {
      showServerErrors(error, setError, ['sender_phone', 'reference']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={`${idPrefix}-title`} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={`${idPrefix}-title`} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {onCancel ? t`Correct the transfer details` : t`Sent the transfer? Tell us`}
      </Typography>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      <TextField
        type="tel"
        label={t`Wallet you sent from`}
        autoComplete="tel"
        required
        {...bind(register('sender_phone', { validate: (v) => (normalizePhone(v) ? true : v.trim() ? m.phone : m.required) }))}
        {...shown('sender_phone', { htmlInput: { inputMode: 'tel', dir: 'ltr' } })}
      />
      <TextField
        label={t`Transfer reference`}
        required
        {...bind(register('reference', {
          validate: (v) => (v.trim() ? true : m.required),
          maxLength: { value: REFERENCE_MAX, message: t`At most 100 characters` },
        }))}
        {...shown('reference', { htmlInput: { maxLength: REFERENCE_MAX, dir: 'auto' } })}
      />
      {!online && <Typography variant="body2" color="text.secondary" id={`${idPrefix}-offline`}>{t`You are offline. Reporting the transfer needs a connection.`}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          loading={isSubmitting}
          disabled={!online}
          aria-describedby={online ? undefined : `${idPrefix}-offline`}
        >
          {t`Report transfer`}
        </Button>
        {onCancel && <Button variant="text" onClick={onCancel}>{t`Keep as reported`}</Button>}
      </Box>
    </Box>
  );
}
