import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/money';
import { useLanguage } from '@/lib/language';
import './price.css';

/** The price after sale, with the old price struck through when on sale. Styled by price.css. */
export function Price({ price, priceAfterSale }: { price: number; priceAfterSale: number }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const onSale = priceAfterSale < price;
  return (
    <span className="attar-price">
      <span className={onSale ? 'attar-price__now attar-price__now--sale' : 'attar-price__now'} data-testid="price">
        {formatMoney(priceAfterSale, lang)}
      </span>
      {onSale && (
        <>
          {/* Screen readers skip <del>'s meaning: say it in words. */}
          <span className="attar-visually-hidden">{t`Was ${formatMoney(price, lang)}`}</span>
          <del className="attar-price__was" aria-hidden="true">{formatMoney(price, lang)}</del>
        </>
      )}
    </span>
  );
}
