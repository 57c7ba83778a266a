import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { Price } from '@/components/price';
import { useProductImage } from '@/components/product-image';
import { useDataSaver } from '@/lib/data-saver';
import { CARD_SIZES, pictureOf } from '@/lib/image-sources';
import type { RelatedProduct } from '../api/get-product';
import { Carousel, SlideImage } from './carousel';
import '@/components/product-card.css';
import './product-page.css';

/** One, two or three related products at 640, 768 and 1024 px. */
export const RELATED_BREAKPOINTS = {
  640: { slidesPerView: 1 },
  768: { slidesPerView: 2 },
  1024: { slidesPerView: 3 },
} as const;

/** The first `count` words, with an ellipsis when some were cut (7 by default). */
export function cutWords(text: string, count = 7): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length <= count ? words.join(' ') : `${words.slice(0, count).join(' ')}…`;
}

/** A related product on the product card's styles (product-card.css), with its overview. */
function RelatedCard({ product, actions }: { product: RelatedProduct; actions?: ReactNode }) {
  const to = `/products/product-details/${product.id}`;
  const image = useProductImage(product.image, pictureOf(product, 'image'), { width: 300, height: 300 }, CARD_SIZES);
  return (
    <div className="attar-card">
      {/* The name's link is the one in the tab order; the picture is a shortcut for the pointer. */}
      <RouterLink to={to} tabIndex={-1} aria-hidden>
        <SlideImage className="attar-card__image" sizes={image.sizes} srcSet={image.srcSet} src={image.src} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
      </RouterLink>
      <div className="attar-card__content attar-card__content--related">
        <h3 className="attar-card__name">
          <RouterLink className="attar-card__name-link" to={to}>{product.name}</RouterLink>
        </h3>
        <p className="attar-card__overview" data-testid="related-overview">{cutWords(product.overview, 7)}</p>
        <Price price={product.price} priceAfterSale={product.price_after_sale} />
      </div>
      {actions && <div className="attar-card__actions">{actions}</div>}
    </div>
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
    <div className="attar-section">
      <h2 className="attar-h5 attar-section__title">{t`Related products`}</h2>
      <Carousel label={t`Related products`} slides={slides} breakpoints={RELATED_BREAKPOINTS} spaceBetween={16} deferImages={dataSaver} />
    </div>
  );
}
