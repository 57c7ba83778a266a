import { useLingui } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';

/**
 * "Only 3 left": the server sends the count only when it is 5 or fewer
 * (docs/rules.md, "Stock on the product's page"). Said in the language's
 * plural forms (Arabic has six), with the page's digits.
 */
export function StockLeft({ left }: { left: number }) {
  // The macro's plural reads the active catalog: the hook draws this again when it changes.
  useLingui();
  const { lang } = useLanguage();
  const count = formatNumber(left, lang);
  return <p className="attar-product-info__left">{plural(left, { one: `Only ${count} left`, other: `Only ${count} left` })}</p>;
}
