import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { LinkIcon } from '@/components/icons';
import { buttonClass } from '@/components/plain-controls';
import { Price } from '@/components/price';
import { SafeHtml } from '@/components/safe-html';
import type { ProductOverview } from '../api/get-product';
import './product-page.css';

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
    <div className="attar-product-info">
      <h1 className="attar-h4">{product.name}</h1>
      <SafeHtml html={product.overview} className="attar-product-info__overview" />
      <div className="attar-product-info__price">
        <Price price={product.price} priceAfterSale={product.product_after_sale} />
      </div>
      {!product.in_stock && <p className="attar-product-info__stock">{t`Out of stock`}</p>}
      <p className="attar-product-info__line">
        <strong>{t`Delivery:`}</strong> {t`Within 7 Days`}
      </p>
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
