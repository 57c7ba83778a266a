import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { productsQuery } from '@/features/catalog/api/get-products';
import { CatalogFilters, useCatalogParams } from '@/features/catalog/components/catalog-filters';
import { PaginationBar } from '@/features/catalog/components/pagination-bar';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useLanguage } from '@/lib/language';
import { cardActions } from '../card-actions';
import { LazyWidget } from '@/components/error-boundary';
import { buttonClass } from '@/components/plain-controls';
import { usePageTitle } from '@/lib/page-title';

const FIELDS = ['search', 'category', 'price'] as const;

/** Only a search that found nothing needs it: not part of the list's first load. */
const NoResults = lazy(() => import('../no-results').then((m) => ({ default: m.NoResults })));

/** All products: search, category, sort, price range and pages, all kept in the URL. */
export default function Products() {
  const { t } = useLingui();
  usePageTitle(t`Products`, t`Every perfume, oud, bakhoor and gift at Attar, with prices in Egyptian pounds and delivery anywhere in Egypt.`);
  const { lang } = useLanguage();
  const { params, update, clear } = useCatalogParams();
  const query = useQuery(productsQuery(params, lang));
  const filtered = params.q !== undefined || params.category_id !== undefined || params.min_price !== undefined
    || params.max_price !== undefined || params.page > 1;
  const plainEmpty = (
    <>
      <p className="attar-text">{t`No products match your search.`}</p>
      {filtered && <button type="button" className={buttonClass('contained')} onClick={clear}>{t`Clear filters`}</button>}
    </>
  );
  return (
    <>
      <h1 className="attar-h4 attar-list-title">{t`Products`}</h1>
      <CatalogFilters params={params} onChange={update} fields={FIELDS} />
      <ProductGrid
        query={query}
        actions={cardActions}
        empty={params.q ? <LazyWidget fallback={plainEmpty}><NoResults q={params.q} onClear={clear} /></LazyWidget> : plainEmpty}
      />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
