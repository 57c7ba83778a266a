import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { buttonClass } from '@/components/plain-controls';
import '@/components/skeleton.css';
import { categoryProductsQuery } from '@/features/catalog/api/get-category-products';
import { CatalogFilters, useCatalogParams } from '@/features/catalog/components/catalog-filters';
import { PaginationBar } from '@/features/catalog/components/pagination-bar';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useLanguage } from '@/lib/language';
import { cardActions } from '../card-actions';
import { usePageTitle } from '@/lib/page-title';


function CategoryNotFound() {
  const { t } = useLingui();
  return (
    <div className="attar-stack attar-stack--list">
      <h1 className="attar-h4">{t`Category not found`}</h1>
      <p className="attar-text">{t`This category does not exist or is no longer available.`}</p>
      <RouterLink to="/products" className={buttonClass('contained')}>{t`Browse all products`}</RouterLink>
    </div>
  );
}

/** One category's products, with sort and pages; an unknown id shows a not-found page. */
export default function Category() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 1;
  const { params, update, clear } = useCatalogParams();
  const listParams = { page: params.page, sort: params.sort };
  const query = useQuery({ ...categoryProductsQuery(id, listParams, lang), enabled: valid });
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  const name = query.data?.category.name;
  usePageTitle(missing ? t`Category not found` : name ?? t`Products`, name && t`${name} at Attar, with prices in Egyptian pounds and delivery anywhere in Egypt.`);
  if (missing) return <CategoryNotFound />;
  return (
    <>
      <h1 className="attar-h4 attar-list-title">
        {query.data ? query.data.category.name : (
          <>
            <span className="attar-skeleton attar-skeleton--text attar-skeleton--title" aria-hidden="true" />
            <span className="attar-visually-hidden">{t`Loading…`}</span>
          </>
        )}
      </h1>
      <CatalogFilters params={params} onChange={update} />
      <ProductGrid
        query={query}
        actions={cardActions}
        empty={
          <>
            <p className="attar-text">{t`There are no products here yet.`}</p>
            {params.page > 1 && <button type="button" className={buttonClass('contained')} onClick={clear}>{t`Clear filters`}</button>}
          </>
        }
      />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
