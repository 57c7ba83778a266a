import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import type { CheckoutSession } from '@/lib/checkout-session';
import { formatLongDay } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import { formatDiscount, formatMoney, formatNumber } from '@/lib/money';
import { amountToPay, deliveryDateShown, shippingTypeShown } from '../utils/summary';
import { PhoneNumber } from '@/components/phone-number';
import { PriceChanged } from '@/components/price-changed';
import { findGovernorate } from '@contract/governorates';

export interface SummaryAddress {
  title: string;
  address: string;
  phone: string;
  city: string;
  government: string;
}

interface Props {
  cart: CartData;
  session: CheckoutSession;
  address: SummaryAddress | null;
}

function Row({ term, children, strong }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75,
        // The total's rule is a border: a <dl> may hold only its groups.
        ...(strong && { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1.5 }),
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary" sx={strong ? { fontWeight: 700, color: 'text.primary' } : undefined}>{term}</Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400, fontSize: strong ? '1.15rem' : undefined }}>{children}</Typography>
    </Box>
  );
}

/**
 * What the shopper confirms: who, where, what, when, how it ships, and the
 * amount to pay. Every number is the server's (the storefront never
 * re-derives a total: docs/decisions.md, "The server computes every amount,
 * in integer piastres"); the delivery date and the shipping type are shown
 * by the display rules of utils/summary.ts, the day in full words. The
 * money reads as a receipt, each discount after one minus sign.
 */
export function CheckoutSummary({ cart, session, address }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const shipping = session.userShipping;
  const none = '—';
  const couponCode = cart.coupon;
  // The fee is the chosen address's governorate's (the server's `shipping_governorate`).
  const governorate = cart.shipping_governorate ? findGovernorate(cart.shipping_governorate)?.[lang] : undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="checkout-summary-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="checkout-summary-title" component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>{t`Order summary`}</Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row term={t`Name`}><bdi>{session.userName ?? none}</bdi></Row>
        <Row term={t`Phone`}>{session.userPhone ? <PhoneNumber phone={session.userPhone} /> : none}</Row>
        <Row term={t`Address`}>
          {address ? (
            <Box component="span" sx={{ display: 'grid' }}>
              {/* Typed by the shopper in either language: isolated, so "5 Talaat Harb St" keeps its order in Arabic. */}
              <span><bdi>{address.title}</bdi></span>
              <span><bdi>{address.address}</bdi></span>
              <span><bdi>{address.city}</bdi>{address.city && address.government ? (lang === 'ar' ? '، ' : ', ') : ''}<bdi>{address.government}</bdi></span>
              <span style={{ justifySelf: 'start' }}><PhoneNumber phone={address.phone} /></span>
            </Box>
          ) : none}
        </Row>
        <Row term={t`Items`}>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
            {cart.product_in_card.map((line) => (
              <li key={line.id}>
                <bdi>{line.product_name}</bdi> × {formatNumber(line.product_qty, lang)}
                {line.previous_price !== null && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: '#663c00', fontWeight: 700 }}>
                    <PriceChanged before={line.previous_price} now={line.product_price} />
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Row>
        <Row term={t`Delivery date`}>
          {shipping ? formatLongDay(deliveryDateShown(shipping, session.userDate, cart.summary.Estimated_Delivery_by), lang) : none}
        </Row>
        <Row term={t`Shipping`}>{shipping ? shippingTypeShown(shipping, { free: t`Free`, date: t({ message: 'Scheduled', comment: 'the shipping type of a delivery on a day the shopper chose' }) }) : none}</Row>
        {/* The money as a receipt: price, coupon, points, delivery, then the amount to pay. */}
        <Row term={t`Price`}>{formatMoney(cart.subtotal, lang)}</Row>
        {couponCode !== 'not there' && cart.coupon_discount > 0 && (
          <Row term={t`Coupon ${couponCode}`}>{formatDiscount(cart.coupon_discount, lang)}</Row>
        )}
        {cart.points_applied && cart.points_discount > 0 && (
          <Row term={t`Points discount`}>{formatDiscount(cart.points_discount, lang)}</Row>
        )}
        {shipping === 'date' && (
          <Row term={governorate ? t`Shipping fee to ${governorate}` : t`Shipping fee`}>{cart.shiping > 0 ? formatMoney(cart.shiping, lang) : t`Free`}</Row>
        )}
        <Row term={t`Amount to pay`} strong>{shipping ? formatMoney(amountToPay(cart.summary, shipping), lang) : none}</Row>
      </Box>
    </Paper>
  );
}
