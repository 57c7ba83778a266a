import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { buttonClass } from '@/components/plain-controls';
import { ProductImage } from '@/components/product-image';
import { useDataSaver } from '@/lib/data-saver';
import { PRODUCT_PAGE_SIZES, pictureOf, type PictureInfo } from '@/lib/image-sources';
import type { ProductOverview } from '../api/get-product';
import { Carousel } from './carousel';
import './product-page.css';

/**
 * The product's pictures: the main image, then the extra ones, one at a time.
 * With data saver on, only the main image loads until the shopper asks for the
 * rest; the button sits where the carousel's buttons will be, so nothing shifts.
 */
export function ProductGallery({ product }: { product: Pick<ProductOverview, 'name' | 'main_image' | 'main_image_width' | 'main_image_height' | 'main_image_variants' | 'images'> }) {
  const { t } = useLingui();
  const dataSaver = useDataSaver();
  const [askedForMore, setAskedForMore] = useState(false);
  const name = product.name;
  const sources: { src: string; picture: PictureInfo }[] = [
    { src: product.main_image, picture: pictureOf(product, 'main_image') },
    ...product.images.map((image) => ({ src: image.product_image, picture: pictureOf(image, 'product_image') })),
  ];
  const holdBack = dataSaver && !askedForMore && sources.length > 1;
  const shown = holdBack ? sources.slice(0, 1) : sources;
  const slides = shown.map(({ src, picture }, i) => {
    const number = i + 1;
    return {
      key: `${i}-${src}`,
      content: (
        <div className="attar-gallery__slide">
          {/* A square, as before photos had sizes: a photo of another shape shows whole inside it. */}
          <ProductImage
            src={src}
            picture={picture}
            sizes={PRODUCT_PAGE_SIZES}
            alt={i === 0 ? name : t`${name}, image ${number}`}
            width={600}
            height={600}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
            style={{ width: '100%', height: 'auto', aspectRatio: '1', objectFit: 'contain', display: 'block' }}
          />
        </div>
      ),
    };
  });
  return (
    <div>
      {/* Rebuilt when the extra pictures arrive, so Swiper counts them from the start. Swiper comes
          when the shopper reaches for the pictures: the page's first load does not carry it. */}
      <Carousel key={holdBack ? 'main' : 'all'} label={t`Product images`} slides={slides} focusNext={askedForMore} swiperOn="touch" />
      {holdBack && (
        <div className="attar-gallery__more">
          <button type="button" className={buttonClass('outlined')} onClick={() => setAskedForMore(true)}>{t`Show more photos`}</button>
        </div>
      )}
    </div>
  );
}
