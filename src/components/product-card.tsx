import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { BUY_2_GET_1 } from '@contract/cart-rules';
import type { ProductCard as Product } from '@/lib/contract';
import { CARD_SIZES, pictureOf } from '@/lib/image-sources';
import { Price } from './price';
import { ProductImage } from './product-image';
import './product-card.css';

/** A product in a grid. `actions` (heart, add to cart) are composed by the screen. Styled by product-card.css. */
export function ProductCard({ product, actions, eager = false }: {
  product: Product;
  actions?: ReactNode;
  /** the first cards of a list: in view at once, so loaded at once (the page's largest paint is often one) */
  eager?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="attar-card" data-testid="product-card">
      <RouterLink className="attar-card__link" to={`/products/product-details/${product.id}`}>
        {/* A card is at most about 300 px wide: the size asks for no more, and lazy loading
            leaves cards below the fold to when they are scrolled to (what data saver needs too). */}
        <ProductImage
          className="attar-card__image"
          src={product.image}
          picture={pictureOf(product, 'image')}
          width={300}
          height={300}
          sizes={CARD_SIZES}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className="attar-card__content">
          {product.typesale_name === BUY_2_GET_1 && <span className="attar-chip attar-card__chip">{t`Buy 2 get 1`}</span>}
          <h3 className="attar-card__name">{product.name}</h3>
          <Price price={product.price} priceAfterSale={product.price_after_sale} />
          {!product.in_stock && <p className="attar-card__stock">{t`Out of stock`}</p>}
        </div>
      </RouterLink>
      {actions && <div className="attar-card__actions">{actions}</div>}
    </div>
  );
}
