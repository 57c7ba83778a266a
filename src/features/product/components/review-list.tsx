import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { buttonClass } from '@/components/plain-controls';
import { VerifiedIcon } from '@/components/icons';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import type { Review } from '../api/get-product';
import { moreReviewsQuery } from '../api/get-reviews';
import { starsLabel } from './review-summary';
import { Stars } from './stars';
import './product-page.css';

/**
 * One account writes one review of a product, at one time: its name and time
 * tell it from the others. A review added while the shopper pages moves the
 * later pages down by one; the review it pushes onto the next page shows once.
 */
const reviewKey = (review: Review) => `${review.user_name}\u0000${review.created_at}`;

function unique(reviews: Review[]): Review[] {
  const seen = new Set<string>();
  return reviews.filter((review) => {
    const key = reviewKey(review);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The reviews: who wrote each, whether they bought the product, the stars
 * they gave and what they said. The product's answer brings the newest page;
 * "Show more reviews" brings the next ones, a page at a time.
 */
export function ReviewList({ productId, firstPage, total }: {
  productId: number;
  /** the newest reviews, from the product's answer */
  firstPage: Review[];
  /** how many reviews the product has in all */
  total: number;
}) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  // The further pages are asked for only once the shopper wants them.
  const [wanted, setWanted] = useState(false);
  const more = useInfiniteQuery({ ...moreReviewsQuery(productId, lang), enabled: wanted });
  const reviews = useMemo(
    () => unique([...firstPage, ...(more.data?.pages.flatMap((page) => page.reviews) ?? [])]),
    [firstPage, more.data],
  );
  const count = more.data?.pages.at(-1)?.meta.total ?? total;
  const hasMore = more.data ? more.hasNextPage : total > firstPage.length;
  const loading = more.isFetchingNextPage || (more.isPending && more.fetchStatus === 'fetching');
  const failed = !more.isFetching && (more.isFetchNextPageError || (more.isError && !more.data));

  // After "Show more reviews", the keyboard's focus goes to the first review it brought (the
  // button may be gone: that was the last page), so reading goes on from there.
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || reviews.length <= from) return;
    focusFrom.current = null;
    (list.current?.children[from] as HTMLElement | undefined)?.focus();
  }, [reviews.length]);

  const showMore = () => {
    if (loading) return;
    focusFrom.current = reviews.length;
    if (!wanted) setWanted(true);
    else if (!more.data) void more.refetch();
    else void more.fetchNextPage();
  };

  if (reviews.length === 0) return <p className="attar-muted">{t`No reviews yet.`}</p>;
  const shown = formatNumber(reviews.length, lang);
  const reviewsTotal = formatNumber(count, lang);
  return (
    <div className="attar-review-pages">
      <ul className="attar-review-list" aria-label={t`Reviews`} ref={list}>
        {reviews.map((review) => (
          <li className="attar-panel attar-review" key={reviewKey(review)} tabIndex={-1}>
            <div className="attar-review__head">
              <span className="attar-review__name" dir="auto">{review.user_name}</span>
              <Stars value={review.rate} label={starsLabel(review.rate)} />
              {review.verified && (
                <span className="attar-review__verified">
                  <VerifiedIcon />
                  {t`Verified buyer`}
                </span>
              )}
            </div>
            {/* Shoppers write in either language, whatever the page's. */}
            <p className="attar-review__comment" dir="auto">{review.comment}</p>
          </li>
        ))}
      </ul>
      {count > firstPage.length && (
        <div className="attar-review-more">
          <p className="attar-muted" role="status">
            {plural(count, { one: `Showing ${shown} of ${reviewsTotal} review`, other: `Showing ${shown} of ${reviewsTotal} reviews` })}
          </p>
          {failed && <p className="attar-review-more__error" role="alert">{more.error?.message}</p>}
          {hasMore && (
            // Not disabled while it asks: that would drop the keyboard's focus.
            <button type="button" className={buttonClass('outlined')} onClick={showMore} aria-busy={loading || undefined}>
              {t`Show more reviews`}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
