import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/money';
import { formatDay } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import type { Order } from '../api/get-order';
import { Fact } from './order-facts';
import { PhoneNumber } from '@/components/phone-number';

/**
 * How the order is paid: Vodafone Cash (`cach`, the published contract's
 * spelling, kept on purpose) with the shop's wallet and, while the shop still
 * waits for the transfer, what to do; or cash on delivery.
 */
export function OrderPayment({ order }: { order: Order }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const amount = formatMoney(order.total, lang);
  const number = order.number;
  if (order.payment !== 'cach') {
    const open = order.status !== 'delivered' && order.status !== 'cancelled';
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{order.payment === 'delivery' ? t`Cash on delivery` : order.payment}</Typography>
        {open && <Typography variant="body2" color="text.secondary">{t`Pay ${amount} to the courier when your order arrives.`}</Typography>}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{t`Vodafone Cash`}</Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact label={t`Wallet number`}><PhoneNumber phone={order.wallet_phone} /></Fact>
      </Box>
      {order.status === 'pending' && (
        <Alert severity="info" variant="outlined">
          {t`Transfer ${amount} from your Vodafone Cash wallet to the number above and mention order ${number}. We confirm your order as soon as the transfer arrives.`}
        </Alert>
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
