import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';

/**
 * The order's `payment_status` in the shopper's words (docs/rules.md,
 * "Payment status"); a status this storefront does not know shows as sent.
 */
export function usePaymentStatusLabel(): (status: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    unpaid: t`Pay on delivery`,
    awaiting: t`Awaiting your transfer`,
    reported: t`Transfer reported, being checked`,
    paid: t`Paid`,
  };
  return (status) => labels[status] ?? status;
}

/**
 * The payment status as a line of text, marked with the status for tests and
 * styles. A cancelled order that was never paid owes nothing: "Pay on
 * delivery" or "Awaiting your transfer" would ask for money it no longer needs.
 * A reported transfer stays said (the shop sends it back by hand), as does paid.
 */
export function PaymentStatus({ status, orderStatus }: { status: string; orderStatus: string }) {
  const { t } = useLingui();
  const nothingDue = orderStatus === 'cancelled' && (status === 'unpaid' || status === 'awaiting');
  const said = usePaymentStatusLabel()(status);
  const label = nothingDue ? t`Nothing to pay` : said;
  return (
    <Typography component="span" variant="body2" data-payment-status={status} sx={{ fontWeight: 700, color: status === 'paid' ? 'success.dark' : 'text.primary' }}>
      {label}
    </Typography>
  );
}
