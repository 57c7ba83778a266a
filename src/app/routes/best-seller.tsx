import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { productsQuery } from '@/features/catalog/api/get-products';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useLanguage } from '@/lib/language';
import { cardActions } from '../card-actions';
import { usePageTitle } from '@/lib/page-title';

/** How many best sellers the page lists: as many as GET /products/bestseller answers. */
const BEST_SELLERS_SHOWN = 12;

/** The best sellers: what can be bought, by units sold, most first (docs/rules.md, "The home page's rows and the best sellers"). */
export default function BestSeller() {
  const { t } = useLingui();
  usePageTitle(t`Best sellers`, t`The perfumes, oud and bakhoor Attar's shoppers buy most, delivered anywhere in Egypt.`);
  const { lang } = useLanguage();
  const query = useQuery(productsQuery({ per_page: BEST_SELLERS_SHOWN, sort: 'best_selling', in_stock: true }, lang));
  return (
    <>
      <h1 className="attar-h4 attar-list-title">{t`Best sellers`}</h1>
      <ProductGrid query={query} actions={cardActions} empty={<p className="attar-text">{t`There are no products here yet.`}</p>} />
    </>
  );
}
