import Typography from '@mui/material/Typography';
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
  usePageTitle(t`Offers`);
  const { lang } = useLanguage();
  const { params, update } = useCatalogParams();
  const query = useQuery(offersQuery({ page: params.page, sort: params.sort }, lang));
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>{t`Offers`}</Typography>
      <CatalogFilters params={params} onChange={update} />
      <ProductGrid query={query} actions={cardActions} empty={<Typography>{t`There are no products here yet.`}</Typography>} />
      <PaginationBar page={params.page} count={query.data?.meta.last_page ?? 0} onChange={(page) => update({ page })} />
    </>
  );
}
