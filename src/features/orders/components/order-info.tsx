import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/money';
import { formatDay } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import type { Order } from '../api/get-order';
import { Fact } from './order-facts';
import { PhoneNumber } from '@/components/phone-number';
import { PaymentStatus } from './payment-status';
import { ReportTransfer } from './report-transfer-form';

/**
 * How the order is paid and where the payment stands (docs/rules.md,
 * "Payment status"): cash on delivery, or Vodafone Cash (`cach`, the
 * published contract's spelling, kept on purpose) with the shop's wallet and,
 * until the shop has the money, the amount to send and the form that reports
 * the transfer.
 */
export function OrderPayment({ order }: { order: Order }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const amount = formatMoney(order.total, lang);
  const number = order.number;
  const status = (
    <Box component="dl" sx={{ m: 0 }}>
      <Fact label={t`Payment status`}><PaymentStatus status={order.payment_status} orderStatus={order.status} /></Fact>
    </Box>
  );
  if (order.payment !== 'cach') {
    const open = order.status !== 'delivered' && order.status !== 'cancelled';
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{order.payment === 'delivery' ? t`Cash on delivery` : order.payment}</Typography>
        {status}
        {open && <Typography variant="body2" color="text.secondary">{t`Pay ${amount} to the courier when your order arrives.`}</Typography>}
      </Box>
    );
  }
  const toPay = order.payment_status !== 'paid' && order.status !== 'cancelled';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{t`Vodafone Cash`}</Typography>
      {status}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Fact label={t`Wallet number`}><PhoneNumber phone={order.wallet_phone} /></Fact>
        {toPay && <Fact label={t`Amount to transfer`}><Box component="span" sx={{ whiteSpace: 'nowrap' }}>{amount}</Box></Fact>}
      </Box>
      {toPay && (
        <>
          {order.payment_status === 'awaiting' && (
            <Alert severity="info" variant="outlined">
              {/* The amount and the number each kept whole and in their own direction: an Arabic line never breaks "ATR-" from its digits. */}
              <Trans>Transfer <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{amount}</Box> from your Vodafone Cash wallet to the number above and mention order <Box component="bdi" sx={{ whiteSpace: 'nowrap' }}>{number}</Box>. We confirm your order as soon as the transfer arrives.</Trans>
            </Alert>
          )}
          <ReportTransfer order={order} />
        </>
      )}
    </Box>
  );
}

/** Free standard delivery by a day, or delivery on the day the shopper chose. */
export function OrderDelivery({ order }: { order: Order }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const day = formatDay(order.delivery_date, lang);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{order.shiping === 'date' ? t`Scheduled delivery` : t`Free standard delivery`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {order.shiping === 'date' ? t`On ${day}` : t`Expected by ${day}`}
      </Typography>
    </Box>
  );
}

/** Where the order goes and who receives it, as it was when the order was placed. */
export function OrderAddress({ order }: { order: Order }) {
  const { lang } = useLanguage();
  const { address } = order;
  return (
    <Box component="address" sx={{ fontStyle: 'normal', display: 'grid', gap: 0.25, typography: 'body2' }}>
      {/* Typed by the shopper in either language: each isolated, so a Latin line reads right in Arabic and vice versa. */}
      <Typography sx={{ fontWeight: 600 }}><bdi>{address.title}</bdi></Typography>
      <span><bdi>{address.address}</bdi></span>
      <span>{[address.city, address.government].filter(Boolean).map((part, i) => <span key={i}>{i > 0 && (lang === 'ar' ? '، ' : ', ')}<bdi>{part}</bdi></span>)}</span>
      <span><bdi>{order.username}</bdi></span>
      <Box component="span" sx={{ justifySelf: 'start' }}><PhoneNumber phone={order.phone || address.phone} /></Box>
    </Box>
  );
}
