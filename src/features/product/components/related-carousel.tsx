import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { Price } from '@/components/price';
import { useDataSaver } from '@/lib/data-saver';
import type { RelatedProduct } from '../api/get-product';
import { Carousel, SlideImage } from './carousel';

/** Spec §2: one, two or three related products at 640, 768 and 1024 px. */
export const RELATED_BREAKPOINTS = {
  640: { slidesPerView: 1 },
  768: { slidesPerView: 2 },
  1024: { slidesPerView: 3 },
} as const;

/** The first `count` words, with an ellipsis when some were cut (spec §9: 7 words). */
export function cutWords(text: string, count = 7): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length <= count ? words.join(' ') : `${words.slice(0, count).join(' ')}…`;
}

function RelatedCard({ product, actions }: { product: RelatedProduct; actions?: ReactNode }) {
  const to = `/products/product-details/${product.id}`;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* The name's link is the one in the tab order; the picture is a shortcut for the pointer. */}
      <RouterLink to={to} tabIndex={-1} aria-hidden>
        <SlideImage src={product.image} alt="" width={300} height={300} loading="lazy" decoding="async" style={{ width: '100%', height: 'auto', aspectRatio: '1', display: 'block' }} />
      </RouterLink>
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          <Link component={RouterLink} to={to} color="inherit" underline="hover">{product.name}</Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="related-overview">{cutWords(product.overview, 7)}</Typography>
        <Price price={product.price} priceAfterSale={product.price_after_sale} />
      </CardContent>
      {actions && <CardActions sx={{ justifyContent: 'space-between' }}>{actions}</CardActions>}
    </Card>
  );
}

/** Related products, each with the heart and add to cart that the screen passes in; data saver holds their pictures back until seen. */
export function RelatedCarousel({ products, renderActions }: { products: RelatedProduct[]; renderActions?: (product: RelatedProduct) => ReactNode }) {
  const { t } = useLingui();
  const dataSaver = useDataSaver();
  if (products.length === 0) return null;
  const slides = products.map((product) => ({
    key: product.id,
    content: <RelatedCard product={product} actions={renderActions?.(product)} />,
  }));
  return (
    // The carousel inside is the named region; a second one of the same name would only repeat it.
    <Box sx={{ mt: 5 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>{t`Related products`}</Typography>
      <Carousel label={t`Related products`} slides={slides} breakpoints={RELATED_BREAKPOINTS} spaceBetween={16} deferImages={dataSaver} />
    </Box>
  );
}
