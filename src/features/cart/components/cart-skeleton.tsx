import { useLingui } from '@lingui/react/macro';
import '@/components/skeleton.css';
import './cart.css';

/** The cart's shape while it loads (two lines and the summary), so nothing jumps when it arrives. */
export function CartSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading…`} className="attar-cart__layout">
      <div className="attar-cart-skeleton__lines">
        <span className="attar-skeleton attar-skeleton--text attar-skeleton--cart-count" />
        {[0, 1].map((i) => (
          <div key={i} className="attar-panel attar-line">
            <span className="attar-skeleton attar-skeleton--rounded attar-skeleton--image" />
            <div className="attar-cart-skeleton__body">
              <span className="attar-skeleton attar-skeleton--text attar-skeleton--line-name" />
              <span className="attar-skeleton attar-skeleton--text attar-skeleton--line-price" />
              <span className="attar-skeleton attar-skeleton--rounded attar-skeleton--qty" />
              <span className="attar-skeleton attar-skeleton--rounded attar-skeleton--field" />
            </div>
          </div>
        ))}
      </div>
      <span className="attar-skeleton attar-skeleton--rounded attar-skeleton--summary" />
    </div>
  );
}
