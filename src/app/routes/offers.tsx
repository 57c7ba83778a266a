import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { offersQuery } from '@/features/catalog/api/get-offers';
import { CatalogFilters, useCatalogParams } from '@/features/catalog/components/catalog-filters';
import { PaginationBar } from '@/features/catalog/components/pagination-bar';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useLanguage } from '@/lib/language';
import { cardActions } from '../card-actions';
import { usePageTitle } from '@/lib/page-title';


/** Products on sale or buy 2 get 1, with sort and pages. */
export default function Offers() {
  const { t } = useLingui();
  usePageTitle(t`Offers`, t`Perfumes, oud and bakhoor on sale at Attar, and buy 2 get 1 offers, delivered anywhere in Egypt.`);
  const { lang } = useLanguage();
  const { params, update } = useCatalogParams();
  const query = useQuery(offersQuery({ page: params.page, sort: params.sort }, lang));
  return (
    <>
      <h1 className="attar-h4 attar-list-title">{t`Offers`}</h1>
      <CatalogFilters params={params} onChange={update} />
      <ProductGrid query={query} actions={cardActions} empty={<p className="attar-text">{t`There are no products here yet.`}</p>} />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
