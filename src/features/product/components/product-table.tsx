import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import type { ProductSpecs } from '../api/get-product';
import { Stars } from './stars';
import './product-page.css';

/** Smell (when the product has smells), ASIN (the product code), model number, category and average review. */
export function ProductTable({ details }: { details: ProductSpecs }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const average = formatNumber(details.reviews, lang);
  const rows = [
    ...(details.smells.length > 0 ? [{ label: t`Smell`, value: details.smell }] : []),
    { label: t`ASIN`, value: <bdi>{details.product_code}</bdi> },
    { label: t`Model number`, value: <bdi>{details.model_number}</bdi> },
    { label: t`Category`, value: details.category_name },
    {
      label: t`Average review`,
      value: (
        <span className="attar-specs__rating">
          <Stars value={details.reviews} precision={0.1} />
          <span>{t`${average} out of 5`}</span>
        </span>
      ),
    },
  ];
  return (
    <section className="attar-section" aria-labelledby="product-details-heading">
      <h2 id="product-details-heading" className="attar-h5 attar-section__title">{t`Product details`}</h2>
      <table className="attar-specs">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
