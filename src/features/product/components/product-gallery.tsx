import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import type { ProductOverview } from '../api/get-product';
import { Carousel } from './carousel';

/** The product's pictures: the main image, then the extra ones, one at a time. */
export function ProductGallery({ product }: { product: Pick<ProductOverview, 'name' | 'main_image' | 'images'> }) {
  const { t } = useLingui();
  const name = product.name;
  const sources = [product.main_image, ...product.images.map((image) => image.product_image)];
  const slides = sources.map((src, i) => {
    const number = i + 1;
    return {
      key: `${i}-${src}`,
      content: (
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 2, overflow: 'hidden' }}>
          <img
            src={src}
            alt={i === 0 ? name : t`${name}, image ${number}`}
            width={600}
            height={600}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
            style={{ width: '100%', height: 'auto', aspectRatio: '1', display: 'block' }}
          />
        </Box>
      ),
    };
  });
  return <Carousel label={t`Product images`} slides={slides} />;
}
