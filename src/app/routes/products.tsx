import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { productsQuery } from '@/features/catalog/api/get-products';
import { CatalogFilters, useCatalogParams } from '@/features/catalog/components/catalog-filters';
import { PaginationBar } from '@/features/catalog/components/pagination-bar';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useLanguage } from '@/lib/language';
import { cardActions } from '../card-actions';
import { NoResults } from '../no-results';
import { buttonClass } from '@/components/plain-controls';
import { usePageTitle } from '@/lib/page-title';

const FIELDS = ['search', 'category', 'price'] as const;

/** All products: search, category, sort, price range and pages, all kept in the URL. */
export default function Products() {
  const { t } = useLingui();
  usePageTitle(t`Products`);
  const { lang } = useLanguage();
  const { params, update, clear } = useCatalogParams();
  const query = useQuery(productsQuery(params, lang));
  const filtered = params.q !== undefined || params.category_id !== undefined || params.min_price !== undefined
    || params.max_price !== undefined || params.page > 1;
  return (
    <>
      <h1 className="attar-h4 attar-list-title">{t`Products`}</h1>
      <CatalogFilters params={params} onChange={update} fields={FIELDS} />
      <ProductGrid
        query={query}
        actions={cardActions}
        empty={params.q ? <NoResults q={params.q} onClear={clear} /> : (
          <>
            <p className="attar-text">{t`No products match your search.`}</p>
            {filtered && <button type="button" className={buttonClass('contained')} onClick={clear}>{t`Clear filters`}</button>}
          </>
        )}
      />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
