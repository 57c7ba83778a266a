import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/money';
import { useLanguage } from '@/lib/language';

/**
 * "Price changed from EGP 450 to EGP 500": a cart line whose price is not the
 * one it was put in the cart at (the server's `previous_price`), said where
 * the shopper decides (the cart, checkout's summary) before they confirm.
 */
export function PriceChanged({ before, now, className }: { before: number; now: number; className?: string }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const from = formatMoney(before, lang);
  const to = formatMoney(now, lang);
  return <span className={className} data-testid="price-changed">{t`Price changed from ${from} to ${to}`}</span>;
}
