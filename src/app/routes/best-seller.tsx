import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { productsQuery } from '@/features/catalog/api/get-products';
import { useCatalogParams } from '@/features/catalog/components/catalog-filters';
import { PaginationBar } from '@/features/catalog/components/pagination-bar';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useLanguage } from '@/lib/language';
import { cardActions } from '../card-actions';
import { usePageTitle } from '@/lib/page-title';


/** The products by units sold, most first. */
export default function BestSeller() {
  const { t } = useLingui();
  usePageTitle(t`Best sellers`);
  const { lang } = useLanguage();
  const { params, update } = useCatalogParams();
  const query = useQuery(productsQuery({ page: params.page, sort: 'best_selling' }, lang));
  return (
    <>
      <h1 className="attar-h4 attar-list-title">{t`Best sellers`}</h1>
      <ProductGrid query={query} actions={cardActions} empty={<p className="attar-text">{t`There are no products here yet.`}</p>} />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
