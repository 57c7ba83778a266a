import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Price } from '@/components/price';
import { SafeHtml } from '@/components/safe-html';
import { BUY_2_GET_1 } from '@contract/cart-rules';
import type { ProductOverview } from '../api/get-product';
import { ShareButton } from './share-button';
import { StockLeft } from './stock-left';
import './product-page.css';

interface Props {
  product: ProductOverview;
  /** what the shopper chooses before adding (the smell), composed by the screen */
  choices?: ReactNode;
  /** add to cart and the heart, composed by the screen */
  actions?: ReactNode;
  /** the id of the "Out of stock" line, which describes the screen's disabled add button */
  stockId?: string;
}

/**
 * Name, overview, price and its offer, delivery and how many are left when
 * few are (or out of stock), the choices and actions, share (or copy link),
 * and the description.
 */
export function ProductInfo({ product, choices, actions, stockId }: Props) {
  const { t } = useLingui();

  return (
    <div className="attar-product-info">
      <h1 className="attar-h4">{product.name}</h1>
      <SafeHtml html={product.overview} className="attar-product-info__overview" />
      <div className="attar-product-info__price">
        <Price price={product.price} priceAfterSale={product.product_after_sale} />
        {product.typesale_name === BUY_2_GET_1 && <span className="attar-chip">{t`Buy 2 get 1`}</span>}
      </div>
      {product.in_stock ? (
        <p className="attar-product-info__line">
          <strong>{t`Delivery:`}</strong> {t`Within 7 Days`}
        </p>
      ) : (
        <p id={stockId} className="attar-product-info__stock">{t`Out of stock`}</p>
      )}
      {/* A page kept on the device from before the count was sent has none: nothing is said. */}
      {product.in_stock && product.stock_left != null && <StockLeft left={product.stock_left} />}
      {choices}
      <div className="attar-product-info__actions">
        {actions}
        <ShareButton name={product.name} link={product.link} />
      </div>
      <section aria-labelledby="product-description">
        <h2 id="product-description" className="attar-h6 attar-product-info__heading">{t`Description`}</h2>
        <SafeHtml html={product.description} className="attar-product-info__description" />
      </section>
    </div>
  );
}
