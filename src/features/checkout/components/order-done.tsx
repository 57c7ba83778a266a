import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { formatDay } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import { formatMoney } from '@/lib/money';
import type { PlacedOrderSummary } from '../utils/placed-order';
import { PhoneNumber } from '@/components/phone-number';

/**
 * The thank-you after a placed order: its number and the amount, and how to pay
 * it (docs/rules.md, "Paying: Vodafone Cash or cash on delivery").
 * Vodafone Cash: transfer the amount to the shop's wallet, mentioning the order
 * number; the shop confirms the transfer before shipping. Cash on delivery: pay
 * the courier.
 */
export function OrderDone({ order }: { order: PlacedOrderSummary }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const number = order.number;
  const amount = formatMoney(order.total, lang);
  const deliveryDay = order.delivery_date ? formatDay(order.delivery_date, lang) : '';
  return (
    <Box component="section" aria-labelledby="order-done-title" sx={{ display: 'grid', gap: 3, maxWidth: 720, mx: 'auto' }}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography id="order-done-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Thank you for your order!`}</Typography>
        <Typography>{t`We have received your order and will let you know as it moves along.`}</Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1 }}>
          <Typography component="dt" color="text.secondary">{t`Order number`}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}><bdi dir="ltr">{number}</bdi></Typography>
          <Typography component="dt" color="text.secondary">{t`Amount`}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>{amount}</Typography>
          {deliveryDay && (
            <>
              <Typography component="dt" color="text.secondary">{t`Delivery date`}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{deliveryDay}</Typography>
            </>
          )}
        </Box>
      </Paper>
      {order.payment === 'cach' ? (
        <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { display: 'grid', gap: 1 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{t`Pay with Vodafone Cash`}</Typography>
          <Typography>{t`Transfer ${amount} from your Vodafone Cash wallet to our wallet number:`}</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.35rem', letterSpacing: 1 }}>
            <PhoneNumber phone={order.wallet_phone} data-testid="wallet-phone" />
          </Typography>
          <Typography>{t`Mention your order number ${number} with the transfer. We confirm the transfer before we ship your order.`}</Typography>
        </Alert>
      ) : (
        <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { display: 'grid', gap: 1 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{t`Cash on delivery`}</Typography>
          <Typography>{t`Pay ${amount} in cash to the courier when your order arrives.`}</Typography>
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/trackOrders/${order.id}/${encodeURIComponent(order.number)}`} variant="contained">{t`Track this order`}</Button>
        <Button component={RouterLink} to="/myOrders" variant="outlined">{t`My orders`}</Button>
        <Button component={RouterLink} to="/" variant="text">{t`Continue shopping`}</Button>
      </Box>
    </Box>
  );
}
