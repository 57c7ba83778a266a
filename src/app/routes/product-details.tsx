import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { missedConnection } from '@/pwa/offline-read';
import { isNotFound, productQuery, type ProductDetails as Details, type RelatedProduct } from '@/features/product/api/get-product';
import { ProductGallery } from '@/features/product/components/product-gallery';
import { ProductInfo } from '@/features/product/components/product-info';
import { ProductTable } from '@/features/product/components/product-table';
import { SmellChoice } from '@/features/product/components/smell-choice';
import { HowToUse } from '@/features/product/components/how-to-use';
import { RelatedCarousel } from '@/features/product/components/related-carousel';
import { ReviewCount, ReviewSummary } from '@/features/product/components/review-summary';
import { ReviewList } from '@/features/product/components/review-list';
import { WriteReview } from '@/features/product/components/write-review';
import { SavedProducts } from '@/features/product/components/saved-products';
import { useSavedProducts } from '@/features/product/hooks/use-saved-products';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { WishButton } from '@/features/wishlist/components/wish-button';
import { plainDescription, usePageTitle } from '@/lib/page-title';
import { buttonClass } from '@/components/plain-controls';
import '@/components/skeleton.css';
import { useProgressive } from '@/lib/use-progressive';
import '@/features/product/components/product-page.css';

/** A line of text still loading, `width` of its box, in the font size of what it stands for. */
function Line({ width, fontSize }: { width: string | number; fontSize?: string }) {
  return <span className="attar-skeleton attar-skeleton--text" style={{ width, fontSize }} />;
}

/** Shaped like the page, so nothing jumps when the product arrives. */
function DetailsSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-busy="true" aria-label={t`Loading…`}>
      {/* The page's two columns (product-page.css). */}
      <div className="attar-product">
        <div>
          <span className="attar-skeleton attar-skeleton--rounded attar-skeleton--image" />
          <div style={{ height: 48, marginTop: 8 }} />
        </div>
        <div style={{ display: 'grid', gap: 16 }}>
          <Line width="70%" fontSize="2.125rem" />
          <div><Line width="100%" /><Line width="80%" /></div>
          <Line width="40%" fontSize="24px" />
          <Line width="35%" />
          <div style={{ display: 'flex', gap: 8 }}>
            <span className="attar-skeleton attar-skeleton--rounded" style={{ width: 140, height: 36 }} />
            <span className="attar-skeleton attar-skeleton--circular" style={{ width: 40, height: 40 }} />
            <span className="attar-skeleton attar-skeleton--rounded" style={{ width: 130, height: 36 }} />
          </div>
          <Line width={140} fontSize="1.25rem" />
          <div>{[100, 95, 90, 60].map((w) => <Line key={w} width={`${w}%`} />)}</div>
        </div>
      </div>
      <div style={{ marginTop: 40 }}><Line width={200} fontSize="1.5rem" /></div>
      <span className="attar-skeleton attar-skeleton--rounded" style={{ maxWidth: 720, height: 190 }} />
    </div>
  );
}

function NotFound() {
  const { t } = useLingui();
  return (
    <div className="attar-stack attar-stack--page">
      <h1 className="attar-h4">{t`Product not found`}</h1>
      <p className="attar-text attar-text--secondary">{t`This product does not exist or is no longer sold.`}</p>
      <RouterLink to="/products" className={buttonClass('contained')}>{t`Browse products`}</RouterLink>
    </div>
  );
}

interface FailedProps {
  /** offline, and this device has no copy of the product (in this language, when `otherLanguage`) */
  offline: boolean;
  otherLanguage: boolean;
  message: string;
  retrying: boolean;
  onRetry(): void;
  /** the product asked for, left out of the ones offered instead */
  id: number;
}

/** What opens offline instead: the products whose details this device keeps, in the shopper's language. */
function SavedInstead({ except }: { except: number }) {
  const { lang } = useLanguage();
  const saved = useSavedProducts(lang, except);
  return <SavedProducts products={saved} />;
}

/**
 * The product did not load: why, in words the shopper can act on, and Retry.
 * Offline, the products that do open offline are offered below; the
 * connection's return asks again by itself (the query's refetchOnReconnect).
 */
function LoadFailed({ offline, otherLanguage, message, retrying, onRetry, id }: FailedProps) {
  const { t } = useLingui();
  let title = t`This product could not be loaded.`;
  let detail = message;
  if (offline) {
    title = otherLanguage
      ? t`You're offline, and this product hasn't been saved on this phone in this language yet.`
      : t`You're offline, and this product hasn't been saved on this phone yet.`;
    detail = t`It opens by itself once you're back online.`;
  }
  return (
    <>
      <div role="alert" className="attar-stack attar-stack--page">
        <h1 className="attar-h5 attar-h--regular">{title}</h1>
        <p className="attar-text attar-text--secondary">{detail}</p>
        {/* Not disabled while it asks: that would drop keyboard focus. */}
        <button type="button" className={buttonClass('contained')} onClick={() => { if (!retrying) onRetry(); }} aria-busy={retrying || undefined}>{t`Retry`}</button>
      </div>
      {offline && <SavedInstead except={id} />}
    </>
  );
}

function ProductPage({ data }: { data: Details }) {
  const { t } = useLingui();
  // The gallery, name, price and buttons first; the table, how-to, related and reviews below them
  // after, one a commit.
  const below = useProgressive(4, 0, 1);
  const product = data.OverView_Product;
  const id = data.Product_details.product_id;
  // The smell of the next unit added here; the names are the page's language, which the server matches.
  const [smell, setSmell] = useState('');
  return (
    <>
      <div className="attar-product">
        <ProductGallery product={product} />
        <ProductInfo
          product={product}
          stockId="product-stock"
          choices={product.in_stock && <SmellChoice smells={data.Product_details.smells} value={smell} onChange={setSmell} />}
          actions={(
            <>
              {/* The name goes with each change (a change made offline is listed and reported by it);
                  the page's own button keeps its short name: the page is about this product.
                  Out of stock the button stays, disabled and described by the "Out of stock" line
                  above it, and the heart still works. */}
              <AddToCartButton
                productId={id}
                productName={product.name}
                aria-label={t`Add to cart`}
                size="large"
                smell={smell || null}
                disabled={!product.in_stock}
                aria-describedby={product.in_stock ? undefined : 'product-stock'}
              />
              <WishButton productId={id} productName={product.name} />
            </>
          )}
        />
      </div>
      {below > 0 && <ProductTable details={data.Product_details} />}
      {below > 1 && <HowToUse name={product.name} howToUse={data.How_to_use} />}
      {below > 2 && (
        <RelatedCarousel
          products={data.realted_product}
          renderActions={(related: RelatedProduct) => (
            <>
              <WishButton productId={related.id} productName={related.name} />
              <AddToCartButton productId={related.id} productName={related.name} disabled={!related.in_stock} />
            </>
          )}
        />
      )}
      {below > 3 && (
        <section className="attar-section attar-reviews" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className="attar-h5 attar-section__title">{t`Customer reviews`}</h2>
          <ReviewCount count={data.reviews_count} />
          <ReviewSummary rates={data.review_rate} />
          <div><WriteReview productId={id} /></div>
          <ReviewList productId={id} firstPage={data.review} total={data.reviews_count} />
        </section>
      )}
    </>
  );
}

/** Product details: products/product-details/{id}. */
export default function ProductDetails() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { id: param = '' } = useParams();
  const id = /^\d{1,9}$/.test(param) ? Number(param) : 0;
  // A Retry under way: the failure stays on screen (and Retry keeps focus) until it is answered.
  const [retry, setRetry] = useState<{ id: number; error: Error | null } | null>(null);
  const retrying = retry?.id === id ? retry : null;
  const query = useQuery({
    ...productQuery(id, lang),
    enabled: id > 0,
    // On a language switch keep showing this product until its new text arrives.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
  const { data, error, refetch, isPending, isPlaceholderData, fetchStatus } = query;
  // The page renders from a deferred copy: React builds it in slices in the background, so the
  // answer's arrival is not one long task (Total Blocking Time). Tagged with its product.
  const current = useMemo(() => (data ? { id, data } : undefined), [id, data]);
  const shown = useDeferredValue(current);
  // The head as the server wrote it (docs/seo.md): the overview, else the description, else a line with the name.
  const name = data?.OverView_Product.name;
  usePageTitle(
    name ?? (isNotFound(error) ? t`Product not found` : undefined),
    data && (plainDescription(data.OverView_Product.overview) || plainDescription(data.OverView_Product.description) || t`${name} at Attar, delivered anywhere in Egypt.`),
  );
  if (id <= 0 || isNotFound(error)) return <NotFound />;
  // The other language's copy stands in while this one loads, not once it has failed.
  const missing = !data || isPlaceholderData;
  const failure = error ?? retrying?.error ?? null;
  const waiting = fetchStatus === 'paused';
  if (missing && (failure || waiting || retrying)) {
    const other = lang === 'ar' ? 'en' : 'ar';
    return (
      <LoadFailed
        offline={!online && missedConnection({ error: failure, fetchStatus })}
        otherLanguage={queryClient.getQueryData(productQuery(id, other).queryKey) !== undefined}
        message={failure?.message ?? ''}
        retrying={retrying !== null}
        id={id}
        onRetry={() => {
          const asked = { id, error: failure };
          setRetry(asked);
          void refetch().finally(() => setRetry((now) => (now === asked ? null : now)));
        }}
      />
    );
  }
  if (isPending || !data || shown?.id !== id) return <DetailsSkeleton />;
  // A new product starts its carousels at their first slide.
  return <ProductPage key={id} data={shown.data} />;
}
