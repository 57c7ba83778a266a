import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { formatMoney, formatNumber } from '@/lib/money';
import { canProceed } from './cart-rules';
import { CouponBox, NO_COUPON } from './coupon-box';
import { PointsControl } from './points-control';

function Row({ label, value, strong, testId }: { label: ReactNode; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Box component="dt" sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}>{label}</Box>
      <Box component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 600, fontSize: strong ? '1.125rem' : undefined, textAlign: 'end' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
}

/**
 * The cart's order summary (spec §2): the server's numbers as they are (the
 * storefront never re-derives a total), the coupon, the points and Proceed.
 * `shiping` is the fee of a scheduled delivery only: standard delivery is
 * free and chosen later, so the label says which.
 */
export function CartSummary({ cart, onProceed, waiting = false }: {
  cart: CartData;
  onProceed(cart: CartData): void;
  /** changes are waiting for the connection: the numbers are the server's last, and checkout waits for them */
  waiting?: boolean;
}) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const money = (egp: number) => formatMoney(egp, lang);
  const smellsReady = canProceed(cart);
  const ready = smellsReady && !waiting;
  const fee = cart.shiping > 0 ? money(cart.shiping) : t`Free`;

  return (
    <Box
      component="section"
      aria-labelledby="cart-summary-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2.5, display: 'grid', gap: 2, bgcolor: 'background.paper', position: { md: 'sticky' }, top: { md: 16 } }}
    >
      <Typography id="cart-summary-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>{t`Order summary`}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Row label={t`Your points`} value={formatNumber(cart.points, lang)} testId="summary-points" />
        {cart.points_applied && (
          <>
            <Row label={t`Points used`} value={formatNumber(cart.points_used, lang)} testId="summary-points-used" />
            <Row label={t`Points discount`} value={money(-cart.points_discount)} testId="summary-points-discount" />
          </>
        )}
        <Row label={t`Price`} value={money(cart.subtotal)} testId="summary-price" />
        {cart.coupon !== NO_COUPON && cart.coupon_discount > 0 && (
          <Row label={t`Coupon discount`} value={money(-cart.coupon_discount)} testId="summary-coupon-discount" />
        )}
        <Row label={t`Price after coupon`} value={money(cart.price_after_coupon)} testId="summary-price-after-coupon" />
        <Row label={t`Scheduled delivery fee`} value={fee} testId="summary-shipping" />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0, mt: -1 }}>
        {t`Standard delivery within 7 days is free; you can choose it or a delivery date at checkout.`}
      </Typography>
      <Divider />
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={t`Total`} value={money(cart.summary.total)} strong testId="summary-total" />
      </Box>
      {waiting && (
        <Typography variant="body2" color="text.secondary" component="p" sx={{ m: 0, mt: -1 }} data-testid="totals-waiting">
          {t`Totals will update when your changes are sent.`}
        </Typography>
      )}

      <CouponBox cart={cart} />
      <PointsControl cart={cart} />

      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={!ready}
          aria-describedby={ready ? undefined : 'proceed-hint'}
          onClick={() => onProceed(cart)}
        >
          {t`Proceed to checkout`}
        </Button>
        {!ready && (
          <Typography id="proceed-hint" variant="body2" color="error.dark" sx={{ textAlign: 'center' }}>
            {waiting ? t`Checkout opens once your changes are sent.` : t`Please select all smells`}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
