import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SvgIcon from '@mui/material/SvgIcon';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { Price } from '@/components/price';
import { SafeHtml } from '@/components/safe-html';
import type { ProductOverview } from '../api/get-product';

const LinkIcon = () => (
  <SvgIcon fontSize="small"><path d="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z" /></SvgIcon>
);

/** The product's own link, absolute, so it can be pasted anywhere. */
const absolute = (link: string) => new URL(link, window.location.origin).href;

/**
 * Name, overview, price, delivery, the actions (add to cart and heart,
 * composed by the screen), copy link, and the description.
 */
export function ProductInfo({ product, actions }: { product: ProductOverview; actions?: ReactNode }) {
  const { t } = useLingui();

  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available here.');
      await navigator.clipboard.writeText(absolute(product.link));
      notify(t`Link copied to clipboard!`, { variant: 'success' });
    } catch {
      notify(t`Failed to copy link. Please try again.`, { variant: 'error' });
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{product.name}</Typography>
      <SafeHtml html={product.overview} sx={{ color: 'text.secondary', '& p': { m: 0 } }} />
      <Box sx={{ fontSize: 24 }}>
        <Price price={product.price} priceAfterSale={product.product_after_sale} />
      </Box>
      {!product.in_stock && <Typography color="error.dark">{t`Out of stock`}</Typography>}
      <Typography>
        <Box component="span" sx={{ fontWeight: 700 }}>{t`Delivery:`}</Box> {t`Within 7 Days`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {actions}
        <Button variant="outlined" startIcon={<LinkIcon />} onClick={copyLink}>{t`Copy link`}</Button>
      </Box>
      <Box component="section" aria-labelledby="product-description">
        <Typography id="product-description" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>{t`Description`}</Typography>
        <SafeHtml html={product.description} sx={{ '& p:first-of-type': { mt: 0 } }} />
      </Box>
    </Box>
  );
}
