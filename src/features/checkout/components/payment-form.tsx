import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import type { CheckoutSession } from '@/lib/checkout-session';
import { useLanguage } from '@/lib/language';
import { formatMoney } from '@/lib/money';
import type { PlacedOrderData } from '../api/place-order';
import { useConfirmOrder } from '../hooks/use-confirm-order';
import { useOnline } from '../hooks/use-online';
import { readPaymentMethod, savePaymentMethod, type PaymentMethod } from '@/lib/checkout-attempt';
import { amountToPay } from '../utils/summary';
import { stepPath } from '../utils/steps';
import { CheckoutSummary, type SummaryAddress } from './checkout-summary';
import { StepHeading } from './step-heading';

interface Props {
  cart: CartData;
  /** the checkout session as it was on arrival: placing the order ends it while this is still on screen */
  session: CheckoutSession;
  /** the chosen saved address, or null when it is missing (deleted meanwhile) */
  address: SummaryAddress | null;
  onPlaced(order: PlacedOrderData['order']): void;
}

/**
 * Confirm Order: the payment method (Vodafone Cash, with the shop's wallet
 * number, or cash on delivery), the order summary, and Confirm. With any of
 * name, phone, address, shipping, cart id or payment missing, Confirm says
 * spec §5's 'please select payment method first' and sends nothing. Once
 * the order is placed, Confirm stays busy until the done screen replaces
 * the step.
 */
export function PaymentForm({ cart, session, address, onPlaced }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const online = useOnline();
  const [payment, setPayment] = useState<PaymentMethod | ''>(readPaymentMethod);
  const [missing, setMissing] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const { confirm, pending, placed, lost } = useConfirmOrder({ onPlaced });
  const busy = pending || placed;

  const shipping = session.userShipping;
  const amount = shipping ? formatMoney(amountToPay(cart.summary, shipping), lang) : '';
  const wallet = cart.phone;
  const missingText = t`please select payment method first`;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const { userName, userPhone, userDate, cartId, cartPoints } = session;
    if (!userName || !userPhone || !address || session.userAddress === null || !shipping || cartId === null || !payment
      || (shipping === 'date' && !userDate)) {
      setMissing(true);
      select.current?.focus();
      return;
    }
    void confirm({
      card_id: cartId,
      username: userName,
      phone: userPhone,
      address_id: session.userAddress,
      shiping: shipping,
      date: shipping === 'date' ? userDate : null,
      payment,
      point: cartPoints,
    });
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <StepHeading>{t`Confirm Order`}</StepHeading>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.3fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            select
            id="checkout-payment"
            label={t`Payment method`}
            required
            value={payment}
            onChange={(event) => {
              const value = event.target.value as PaymentMethod | '';
              setPayment(value);
              savePaymentMethod(value);
              setMissing(false);
            }}
            inputRef={select}
            error={missing}
            helperText={missing ? missingText : undefined}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, formHelperText: { role: missing ? 'alert' : undefined } }}
          >
            <option value="">{t`Choose a payment method`}</option>
            <option value="cach">{t`Vodafone Cash`}</option>
            <option value="delivery">{t`Cash on delivery`}</option>
          </TextField>
          {payment === 'cach' && (
            <Alert severity="info" icon={false}>
              <Typography sx={{ fontWeight: 700 }}>{t`Pay with Vodafone Cash`}</Typography>
              <Typography variant="body2">{t`After you confirm, transfer ${amount} from your Vodafone Cash wallet to our wallet number:`}</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', letterSpacing: 1 }}>
                <span dir="ltr" data-testid="wallet-phone">{wallet}</span>
              </Typography>
              <Typography variant="body2">{t`We ship your order once we have received the transfer.`}</Typography>
            </Alert>
          )}
          {payment === 'delivery' && (
            <Alert severity="info" icon={false}>{t`Pay ${amount} in cash to the courier when your order arrives.`}</Alert>
          )}
        </Box>
        <CheckoutSummary cart={cart} session={session} address={address} />
      </Box>
      {!online && (
        <Alert severity="warning" role="alert">{t`You are offline. Placing an order needs a connection: connect and try again.`}</Alert>
      )}
      {lost && online && (
        <Alert
          severity="warning"
          action={<Button color="inherit" size="small" onClick={() => submit()}>{t`Retry`}</Button>}
        >
          {t`We could not reach the shop, so your order may not have been placed. Retry: the same order is never placed twice.`}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => navigate(stepPath('shipping'))} disabled={busy}>{t`Back`}</Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={busy}
          disabled={!online}
          aria-busy={busy || undefined}
        >
          {t`Confirm Order`}
        </Button>
      </Box>
    </Box>
  );
}
