import { useRef, useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { onlineManager } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import type { CheckoutSession } from '@/lib/checkout-session';
import { useLanguage } from '@/lib/language';
import { syncOnlineState, useOnline } from '@/lib/offline';
import { formatMoney } from '@/lib/money';
import type { PlacedOrderData } from '../api/place-order';
import { useConfirmOrder } from '../hooks/use-confirm-order';
import { readPaymentMethod, savePaymentMethod, type PaymentMethod } from '@/lib/checkout-attempt';
import { amountToPay } from '../utils/summary';
import { stepPath } from '../utils/steps';
import { CheckoutSummary, type SummaryAddress } from './checkout-summary';
import { PriceChangeNotice, changedPrices } from './price-change-notice';
import { StepHeading } from './step-heading';
import { PhoneNumber } from '@/components/phone-number';

interface Props {
  cart: CartData;
  /** the checkout session as it was on arrival: placing the order ends it while this is still on screen */
  session: CheckoutSession;
  /** the chosen saved address, or null when it is missing (deleted meanwhile) */
  address: SummaryAddress | null;
  /** the cart is the server's answer of this visit: Confirm waits for it */
  current: boolean;
  /** the order was refused (the cart changed, say): the cart is asked again */
  onRefused(): void;
  onPlaced(order: PlacedOrderData['order']): void;
}

/**
 * Offline, Confirm is disabled and this says why (checkout never waits for a
 * connection: docs/rules.md, "Cart changes made offline"), with a Retry
 * that asks the browser again: back online, it confirms the order (with the
 * attempt's same key); still offline, it says so, so the press is not ignored.
 */
function OfflineNotice({ retryRef, onBackOnline }: { retryRef: Ref<HTMLButtonElement>; onBackOnline(): void }) {
  const { t } = useLingui();
  const [still, setStill] = useState(false);
  return (
    <Alert
      severity="warning"
      role="alert"
      action={(
        <Button
          ref={retryRef}
          color="inherit"
          size="small"
          onClick={() => {
            // The browser's last word may have been missed (a page restored offline, say).
            syncOnlineState();
            if (onlineManager.isOnline()) onBackOnline();
            else setStill(true);
          }}
        >
          {t`Retry`}
        </Button>
      )}
    >
      {t`You are offline. Connect and try again.`}
      {still && <> {t`Still offline.`}</>}
    </Alert>
  );
}

/**
 * Confirm Order: the payment method (Vodafone Cash, with the shop's wallet
 * number, or cash on delivery), the order summary, and Confirm. With any of
 * name, phone, address, shipping, cart id or payment missing, Confirm says
 * 'please select payment method first' (the shop's fixed wording) and sends
 * nothing.
 * Offline, Confirm is disabled and OfflineNotice says why. Once the order is
 * placed, Confirm stays busy until the done screen replaces the step.
 */
export function PaymentForm({ cart, session, address, current, onPlaced, onRefused }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const online = useOnline();
  const [payment, setPayment] = useState<PaymentMethod | ''>(readPaymentMethod);
  const [missing, setMissing] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const offlineRetry = useRef<HTMLButtonElement>(null);
  const { confirm, pending, placed, lost } = useConfirmOrder({ onPlaced, onRefused });
  const busy = pending || placed;
  const changed = changedPrices(cart);

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
    // Checkout is online only (docs/architecture.md, "Offline"): never sent into
    // a dead network. Enter in the form gets here even with Confirm disabled.
    if (!onlineManager.isOnline()) {
      offlineRetry.current?.focus();
      return;
    }
    // Not yet the server's answer of this visit: it is on its way (Confirm shows it is busy).
    if (!current) return;
    void confirm({
      card_id: cartId,
      username: userName,
      phone: userPhone,
      address_id: session.userAddress,
      shiping: shipping,
      date: shipping === 'date' ? userDate : null,
      payment,
      point: cartPoints,
      // What the shopper sees: should the server's amount differ by now, nothing is placed and the step shows the new one.
      amount_seen: amountToPay(cart.summary, shipping),
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
                <PhoneNumber phone={wallet} data-testid="wallet-phone" />
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
      {changed.length > 0 && <PriceChangeNotice lines={changed} />}
      {!online && <OfflineNotice retryRef={offlineRetry} onBackOnline={() => submit()} />}
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
          loading={busy || (online && !current)}
          disabled={!online}
          aria-busy={busy || (online && !current) || undefined}
        >
          {t`Confirm Order`}
        </Button>
      </Box>
    </Box>
  );
}
