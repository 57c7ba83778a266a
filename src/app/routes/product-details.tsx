import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { missedConnection } from '@/pwa/offline-read';
import { isNotFound, productQuery, type ProductDetails as Details, type RelatedProduct } from '@/features/product/api/get-product';
import { ProductGallery } from '@/features/product/components/product-gallery';
import { ProductInfo } from '@/features/product/components/product-info';
import { ProductTable } from '@/features/product/components/product-table';
import { HowToUse } from '@/features/product/components/how-to-use';
import { RelatedCarousel } from '@/features/product/components/related-carousel';
import { ReviewSummary } from '@/features/product/components/review-summary';
import { ReviewList } from '@/features/product/components/review-list';
import { WriteReview } from '@/features/product/components/write-review';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { WishButton } from '@/features/wishlist/components/wish-button';
import { usePageTitle } from '@/lib/page-title';
import { useSecondPass } from '@/lib/use-second-pass';
import '@/features/product/components/product-page.css';

/** Shaped like the page, so nothing jumps when the product arrives. */
function DetailsSkeleton() {
  const { t } = useLingui();
  return (
    <Box role="status" aria-busy="true" aria-label={t`Loading…`}>
      {/* The page's two columns (product-page.css). */}
      <div className="attar-product">
        <Box>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
          <Box sx={{ height: 48, mt: 1 }} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '70%' }} />
          <Box><Skeleton variant="text" /><Skeleton variant="text" width="80%" /></Box>
          <Skeleton variant="text" sx={{ fontSize: 24, width: '40%' }} />
          <Skeleton variant="text" width="35%" />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Skeleton variant="rounded" width={140} height={36} />
            <Skeleton variant="circular" width={40} height={40} />
            <Skeleton variant="rounded" width={130} height={36} />
          </Box>
          <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: 140 }} />
          <Box>{[100, 95, 90, 60].map((w) => <Skeleton key={w} variant="text" width={`${w}%`} />)}</Box>
        </Box>
      </div>
      <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: 200, mt: 5 }} />
      <Skeleton variant="rounded" sx={{ maxWidth: 720, height: 190 }} />
    </Box>
  );
}

function NotFound() {
  const { t } = useLingui();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start', py: 6 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Product not found`}</Typography>
      <Typography color="text.secondary">{t`This product does not exist or is no longer sold.`}</Typography>
      <Button component={RouterLink} to="/products" variant="contained">{t`Browse products`}</Button>
    </Box>
  );
}

interface FailedProps {
  /** offline, and this device has no copy of the product (in this language, when `otherLanguage`) */
  offline: boolean;
  otherLanguage: boolean;
  message: string;
  retrying: boolean;
  onRetry(): void;
}

/** The product did not load: why, in words the shopper can act on, and Retry. */
function LoadFailed({ offline, otherLanguage, message, retrying, onRetry }: FailedProps) {
  const { t } = useLingui();
  let title = t`This product could not be loaded.`;
  let detail = message;
  if (offline) {
    title = otherLanguage
      ? t`You are offline, and this product hasn't been saved on this device in this language yet.`
      : t`You are offline, and this product hasn't been saved on this device yet.`;
    detail = t`Connect to the internet, then try again.`;
  }
  return (
    <Box role="alert" sx={{ display: 'grid', gap: 2, justifyItems: 'start', py: 6 }}>
      <Typography component="h1" variant="h5">{title}</Typography>
      <Typography color="text.secondary">{detail}</Typography>
      {/* Not disabled while it asks: that would drop keyboard focus. */}
      <Button variant="contained" onClick={() => { if (!retrying) onRetry(); }} aria-busy={retrying || undefined}>{t`Retry`}</Button>
    </Box>
  );
}

function ProductPage({ data }: { data: Details }) {
  const { t } = useLingui();
  // The gallery, name, price and buttons first; the table, how-to, related and reviews below them after.
  const rest = useSecondPass();
  const product = data.OverView_Product;
  const id = data.Product_details.product_id;
  return (
    <>
      <div className="attar-product">
        <ProductGallery product={product} />
        <ProductInfo
          product={product}
          actions={(
            <>
              {/* The name goes with each change (a change made offline is listed and reported by it);
                  the page's own button keeps its short name: the page is about this product. */}
              <AddToCartButton productId={id} productName={product.name} aria-label={t`Add to cart`} size="large" disabled={!product.in_stock} />
              <WishButton productId={id} productName={product.name} />
            </>
          )}
        />
      </div>
      {rest && (
        <>
          <ProductTable details={data.Product_details} />
          <HowToUse name={product.name} howToUse={data.How_to_use} />
          <RelatedCarousel
            products={data.realted_product}
            renderActions={(related: RelatedProduct) => (
              <>
                <WishButton productId={related.id} productName={related.name} />
                <AddToCartButton productId={related.id} productName={related.name} disabled={!related.in_stock} />
              </>
            )}
          />
          <section className="attar-section attar-reviews" aria-labelledby="reviews-heading">
            <h2 id="reviews-heading" className="attar-h5 attar-section__title">{t`Customer reviews`}</h2>
            <ReviewSummary rates={data.review_rate} />
            <div><WriteReview productId={id} /></div>
            <ReviewList reviews={data.review} />
          </section>
        </>
      )}
    </>
  );
}

/** Product details (spec §2): products/product-details/{id}. */
export default function ProductDetails() {
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
  // answer's arrival is not one long task (issue 6: Total Blocking Time). Tagged with its product.
  const current = useMemo(() => (data ? { id, data } : undefined), [id, data]);
  const shown = useDeferredValue(current);
  usePageTitle(data?.OverView_Product.name);
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
