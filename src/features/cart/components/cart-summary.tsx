import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { buttonClass } from '@/components/plain-controls';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { formatDiscount, formatMoney, formatNumber } from '@/lib/money';
import { canProceed } from './cart-rules';
import { CouponBox, NO_COUPON } from './coupon-box';
import { PointsControl } from './points-control';
import './cart.css';

function Row({ label, value, strong, testId }: { label: ReactNode; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'attar-summary__row attar-summary__row--total' : 'attar-summary__row'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * The cart's order summary: the server's numbers as they are (the
 * storefront never re-derives a total), read as a receipt (price, coupon,
 * points, delivery, total), then the coupon box, the points balance and its
 * control, and Proceed.
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
  const within = formatNumber(cart.standard_delivery_days, lang);

  return (
    <section className="attar-panel attar-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="attar-h6">{t`Order summary`}</h2>
      {/* A receipt, in the order the server works it out: price, coupon, points, delivery, total. */}
      <dl className="attar-summary__list">
        <Row label={t`Price`} value={money(cart.subtotal)} testId="summary-price" />
        {cart.coupon !== NO_COUPON && cart.coupon_discount > 0 && (
          <Row label={t`Coupon discount`} value={formatDiscount(cart.coupon_discount, lang)} testId="summary-coupon-discount" />
        )}
        <Row label={t`Price after coupon`} value={money(cart.price_after_coupon)} testId="summary-price-after-coupon" />
        {cart.points_applied && (
          <>
            <Row label={t`Points used`} value={formatNumber(cart.points_used, lang)} testId="summary-points-used" />
            <Row label={t`Points discount`} value={formatDiscount(cart.points_discount, lang)} testId="summary-points-discount" />
          </>
        )}
        <Row label={t`Scheduled delivery fee`} value={fee} testId="summary-shipping" />
      </dl>
      <p className="attar-summary__caption">
        {plural(cart.standard_delivery_days, {
          one: `Standard delivery within ${within} day is free; you can choose it or a delivery date at checkout.`,
          other: `Standard delivery within ${within} days is free; you can choose it or a delivery date at checkout.`,
        })}
        {cart.fee_varies_by_governorate && <> {t`The delivery fee depends on your governorate: checkout shows yours.`}</>}
      </p>
      <hr className="attar-summary__divider" />
      <dl className="attar-summary__list">
        <Row label={t`Total`} value={money(cart.summary.total)} strong testId="summary-total" />
      </dl>
      {waiting && (
        <p className="attar-summary__waiting" data-testid="totals-waiting">
          {t`Totals will update when your changes are sent.`}
        </p>
      )}

      <CouponBox cart={cart} />
      <dl className="attar-summary__list">
        <Row label={t`Your points`} value={formatNumber(cart.points, lang)} testId="summary-points" />
      </dl>
      <PointsControl cart={cart} />

      <div className="attar-summary__proceed">
        <button
          type="button"
          className={buttonClass('contained', 'large', 'full')}
          disabled={!ready}
          aria-describedby={ready ? undefined : 'proceed-hint'}
          onClick={() => onProceed(cart)}
        >
          {t`Proceed to checkout`}
        </button>
        {!ready && (
          <p id="proceed-hint" className="attar-summary__hint">
            {waiting ? t`Checkout opens once your changes are sent.` : t`Please select all smells`}
          </p>
        )}
      </div>
    </section>
  );
}
