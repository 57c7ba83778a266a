import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardActions from '@mui/material/CardActions';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import { useLingui } from '@lingui/react/macro';
import type { ProductCard as Product } from '@/lib/contract';
import { Price } from './price';

/** A product in a grid. `actions` (heart, add to cart) are composed by the screen. */
export function ProductCard({ product, actions, eager = false }: {
  product: Product;
  actions?: ReactNode;
  /** the first cards of a list: in view at once, so loaded at once (the page's largest paint is often one) */
  eager?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={`/products/product-details/${product.id}`} sx={{ flexGrow: 1, alignItems: 'stretch' }}>
        {/* A card is at most about 300 px wide: the size asks for no more, and lazy loading
            leaves cards below the fold to when they are scrolled to (what data saver needs too). */}
        <img src={product.image} alt="" width={300} height={300} loading={eager ? 'eager' : 'lazy'} decoding="async" style={{ width: '100%', height: 'auto', aspectRatio: '1', display: 'block' }} />
        <CardContent>
          {product.typesale_name === 'buy 2 get 1' && <Chip size="small" color="secondary" label={t`Buy 2 get 1`} sx={{ mb: 1 }} />}
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>{product.name}</Typography>
          <Price price={product.price} priceAfterSale={product.price_after_sale} />
          {!product.in_stock && <Typography variant="body2" color="error.dark">{t`Out of stock`}</Typography>}
        </CardContent>
      </CardActionArea>
      {actions && <CardActions sx={{ justifyContent: 'space-between' }}>{actions}</CardActions>}
    </Card>
  );
}

/** The grid of product cards: two columns on a phone, more as the screen allows. */
export const PRODUCT_GRID_SX = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
} as const;
