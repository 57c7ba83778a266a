import { useLingui } from '@lingui/react/macro';
import { ProductCard } from '@/components/product-card';
import type { ProductCard as Product } from '@/lib/contract';

/** Products that open without a connection, offered when the one asked for cannot. Nothing when there are none. */
export function SavedProducts({ products }: { products: readonly Product[] }) {
  const { t } = useLingui();
  if (products.length === 0) return null;
  return (
    <section className="attar-section" aria-labelledby="saved-products-heading">
      <h2 id="saved-products-heading" className="attar-h6 attar-section__title">{t`Saved on this phone`}</h2>
      <p className="attar-text attar-text--secondary" style={{ marginBlockEnd: 16 }}>{t`These products open without a connection.`}</p>
      <div className="attar-grid">
        {products.map((product) => <ProductCard key={product.id} product={product} />)}
      </div>
    </section>
  );
}
