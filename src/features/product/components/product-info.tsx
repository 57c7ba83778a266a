import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { LinkIcon } from '@/components/icons';
import { buttonClass } from '@/components/plain-controls';
import { Price } from '@/components/price';
import { SafeHtml } from '@/components/safe-html';
import { BUY_2_GET_1 } from '@contract/cart-rules';
import type { ProductOverview } from '../api/get-product';
import './product-page.css';

/** The product's own link, absolute, so it can be pasted anywhere. */
const absolute = (link: string) => new URL(link, window.location.origin).href;

interface Props {
  product: ProductOverview;
  /** what the shopper chooses before adding (the smell), composed by the screen */
  choices?: ReactNode;
  /** add to cart and the heart, composed by the screen */
  actions?: ReactNode;
}

/**
 * Name, overview, price and its offer, delivery (or out of stock), the
 * choices and actions, copy link, and the description.
 */
export function ProductInfo({ product, choices, actions }: Props) {
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
        <p className="attar-product-info__stock">{t`Out of stock`}</p>
      )}
      {choices}
      <div className="attar-product-info__actions">
        {actions}
        <button type="button" className={buttonClass('outlined')} onClick={copyLink}>
          <span className="attar-button__icon"><LinkIcon /></span>
          {t`Copy link`}
        </button>
      </div>
      <section aria-labelledby="product-description">
        <h2 id="product-description" className="attar-h6 attar-product-info__heading">{t`Description`}</h2>
        <SafeHtml html={product.description} className="attar-product-info__description" />
      </section>
    </div>
  );
}
