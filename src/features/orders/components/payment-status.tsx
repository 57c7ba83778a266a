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

/** The payment status as a line of text, marked with the status for tests and styles. */
export function PaymentStatus({ status }: { status: string }) {
  const label = usePaymentStatusLabel()(status);
  return (
    <Typography component="span" variant="body2" data-payment-status={status} sx={{ fontWeight: 700, color: status === 'paid' ? 'success.dark' : 'text.primary' }}>
      {label}
    </Typography>
  );
}
