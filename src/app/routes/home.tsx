import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { homeQuery } from '@/features/catalog/api/get-home';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { missedConnection } from '@/pwa/offline-read';
import { PRODUCT_GRID_SX, ProductCard } from '@/components/product-card';
import { cardActions } from '../card-actions';
import type { HomeData, ProductCard as Product } from '@/lib/contract';
import { usePageTitle } from '@/lib/page-title';
import { useSecondPass } from '@/lib/use-second-pass';
import '@/components/skeleton.css';

function Section({ title, products }: { title: string; products: Product[] }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 5 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>{title}</Typography>
      <Box sx={PRODUCT_GRID_SX}>
        {products.map((p) => <ProductCard key={p.id} product={p} actions={cardActions(p)} />)}
      </Box>
    </Box>
  );
}

/** Offers, best sellers and new arrivals: below the hero and the categories, so drawn in a second commit after them. */
function ProductSections({ data }: { data: HomeData }) {
  const { t } = useLingui();
  const rest = useSecondPass();
  if (!rest) return null;
  return (
    <>
      <Section title={t`Offers`} products={data.offers} />
      <Section title={t`Best sellers`} products={data.best_sellers} />
      <Section title={t`New arrivals`} products={data.new_arrivals} />
    </>
  );
}

/** Home (spec §2): hero, categories, offers, best sellers, new arrivals. */
export default function Home() {
  const { t } = useLingui();
  const { lang, dir } = useLanguage();
  const online = useOnline();
  const { data: fresh, error, refetch, isPending, fetchStatus } = useQuery(homeQuery(lang));
  // Rendered from a deferred copy: React builds the sections in slices in the background, so the
  // answer's arrival is not one long task (issue 6: Total Blocking Time).
  const data = useDeferredValue(fresh);
  usePageTitle(undefined);
  // A failed refresh of a home already shown (offline, say) leaves it on screen.
  if (!data && (error || fetchStatus === 'paused')) {
    const offline = !online && missedConnection({ error, fetchStatus });
    return (
      <Box role="alert" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>{offline ? t`You are offline, and the home page hasn't been saved on this device yet.` : error?.message}</Typography>
        <Button variant="contained" onClick={() => refetch()}>{t`Retry`}</Button>
      </Box>
    );
  }
  if (isPending || !data) {
    // The hero's place while home loads (skeleton.css).
    return <div role="status" aria-label={t`Loading…`} className="attar-skeleton attar-skeleton--hero" />;
  }
  const hero = data.Data_home_page;
  return (
    <>
      <Box component="section" sx={{ position: 'relative', borderRadius: 3, overflow: 'hidden', bgcolor: 'primary.main' }}>
        {/* The art leaves room for the text at the start of the line: mirrored for Arabic. */}
        <img src={hero.hero_image} alt="" width={1600} height={700} fetchPriority="high" style={{ width: '100%', height: 'auto', display: 'block', aspectRatio: '16 / 7', transform: dir === 'rtl' ? 'scaleX(-1)' : undefined }} />
        <Box sx={{ position: 'absolute', insetInlineStart: 0, bottom: 0, p: { xs: 2, md: 5 }, color: '#fff', maxWidth: 640, textShadow: '0 1px 3px rgba(0,0,0,.6)' }}>
          <Typography component="h1" variant="h3" sx={{ fontWeight: 700, fontSize: { xs: 24, md: 44 } }}>{hero.hero_title}</Typography>
          <Typography sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}>{hero.hero_subtitle}</Typography>
          <Button component={RouterLink} to="/products" variant="contained" color="secondary" sx={{ mt: 2 }}>{t`Shop now`}</Button>
        </Box>
      </Box>
      <Box component="section" aria-label={t`Categories`} sx={{ mt: 5 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>{t`Categories`}</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {data.categories.map((c) => (
            <Button key={c.id} component={RouterLink} to={`/products/category/${c.id}`} variant="outlined" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, p: 1.5, textAlign: 'center' }}>
              {/* The tile's width, whatever its name: an auto column followed the name's width, which moved as the font arrived (CLS). */}
              <img src={c.image} alt="" width={200} height={200} loading="lazy" decoding="async" style={{ width: '100%', height: 'auto', aspectRatio: '1', borderRadius: 8 }} />
              <span>{c.name}</span>
            </Button>
          ))}
        </Box>
      </Box>
      <ProductSections data={data} />
    </>
  );
}
