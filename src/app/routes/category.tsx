import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
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
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start', py: 4 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Category not found`}</Typography>
      <Typography>{t`This category does not exist or is no longer available.`}</Typography>
      <Button component={RouterLink} to="/products" variant="contained">{t`Browse all products`}</Button>
    </Box>
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
  usePageTitle(query.data?.category.name ?? t`Products`);
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <CategoryNotFound />;
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        {query.data ? query.data.category.name : <Skeleton width={240} aria-label={t`Loading…`} />}
      </Typography>
      <CatalogFilters params={params} onChange={update} />
      <ProductGrid
        query={query}
        actions={cardActions}
        empty={
          <>
            <Typography>{t`There are no products here yet.`}</Typography>
            {params.page > 1 && <Button variant="contained" onClick={clear}>{t`Clear filters`}</Button>}
          </>
        }
      />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
