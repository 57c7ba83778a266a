import { memo, useDeferredValue, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plural, useLingui } from '@lingui/react/macro';
import { ProductCard } from '@/components/product-card';
import { buttonClass } from '@/components/plain-controls';
import { formatNumber } from '@/lib/money';
import { useProgressive } from '@/lib/use-progressive';
import { useLanguage } from '@/lib/language';
import type { ProductCard as Product } from '@/lib/contract';
import type { ProductList } from '../api/get-products';
import '@/components/skeleton.css';

/** Cards loaded at once: the first row on a phone (two) and on a wide screen (four). */
const EAGER_CARDS = 4;

/**
 * Skeletons while a list loads: what the first screen shows, two rows on a
 * phone and a row on a wide screen. A page's twelve cost its first render
 * 200 ms on a slow phone for cards below the fold; the footer stays
 * below it (the main area is a screen high), so nothing in view moves when
 * the twelve cards replace four skeletons.
 */
const SKELETONS = 4;

/**
 * A card's shape while it loads: the square image, a name, the price and
 * (when cards have actions) a row as tall as the heart and add-to-cart, so
 * the grid does not jump when the cards arrive.
 */
const SkeletonCard = memo(function SkeletonCard({ withActions }: { withActions: boolean }) {
  const { t } = useLingui();
  return (
    <div className="attar-card" data-testid="product-skeleton" aria-hidden="true">
      <span className="attar-skeleton attar-skeleton--image" />
      <div className="attar-card__content">
        <span className="attar-skeleton attar-skeleton--text attar-skeleton--name" />
        <span className="attar-skeleton attar-skeleton--text attar-skeleton--price" />
        <span className="attar-skeleton attar-skeleton--text attar-skeleton--note" />
      </div>
      {withActions && (
        <div className="attar-card__actions">
          <span className="attar-skeleton attar-skeleton--heart" />
          <span className="attar-skeleton attar-skeleton--button"><span className="attar-skeleton__label">{t`Add to cart`}</span></span>
        </div>
      )}
    </div>
  );
});

/** The cards: the first rows' in a first commit (the largest paint is among them), the rest a few at a time after it. */
function Cards({ products, actions }: { products: readonly Product[]; actions?: (product: Product) => ReactNode }) {
  const shown = useProgressive(products.length, EAGER_CARDS, EAGER_CARDS);
  return products.slice(0, shown).map((p, i) => <ProductCard key={p.id} product={p} actions={actions?.(p)} eager={i < EAGER_CARDS} />);
}

/**
 * Products as cards: skeletons while loading, an alert with Retry on failure,
 * `empty` when there are none. Cards are h3, under this grid's h2 (the count).
 */
export function ProductGrid({
  query,
  empty,
  actions,
  skeletons = SKELETONS,
}: {
  /** A list query's result (GET /products, /offers, /products/category/{id}). */
  query: Pick<UseQueryResult<ProductList>, 'data' | 'error' | 'isPending' | 'isFetching' | 'refetch'>;
  empty: ReactNode;
  actions?: (product: Product) => ReactNode;
  skeletons?: number;
}) {
  const { data: fresh, error, isFetching, refetch } = query;
  // Cards render from a deferred copy: React builds the grid in slices in the background, so the
  // answer's arrival is not one long task (Total Blocking Time).
  const data = useDeferredValue(fresh);
  const products = data?.products;
  const total = data?.meta.total;
  const { t } = useLingui();
  const { lang } = useLanguage();

  // While Retry runs, the skeletons come back instead of the old error.
  if (error && !products && !isFetching) {
    return (
      <div role="alert" className="attar-stack attar-stack--list">
        <p className="attar-text">{error.message}</p>
        <button type="button" className={buttonClass('contained')} onClick={() => void refetch()}>{t`Retry`}</button>
      </div>
    );
  }

  if (!products) {
    return (
      <div aria-busy="true">
        <span className="attar-skeleton attar-skeleton--text attar-skeleton--count" />
        <div role="status" className="attar-visually-hidden">{t`Loading products…`}</div>
        <div className="attar-grid">
          {Array.from({ length: skeletons }, (_, i) => <SkeletonCard key={i} withActions={actions !== undefined} />)}
        </div>
      </div>
    );
  }

  if (products.length === 0) {
    return (
      <div role="status" className="attar-stack attar-stack--center attar-stack--page">
        {empty}
      </div>
    );
  }

  const count = total ?? products.length;
  const shown = formatNumber(count, lang);
  return (
    <section aria-labelledby="product-grid-count">
      <h2 id="product-grid-count" className="attar-grid-count">
        <Plural value={count} one={`${shown} product`} other={`${shown} products`} />
      </h2>
      <div className="attar-grid">
        <Cards products={products} actions={actions} />
      </div>
    </section>
  );
}

