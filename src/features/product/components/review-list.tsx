import { useLingui } from '@lingui/react/macro';
import type { Review } from '../api/get-product';
import { starsLabel } from './review-summary';
import { Stars } from './stars';
import './product-page.css';

/** The reviews: who wrote each, the stars they gave, and what they said. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useLingui();
  if (reviews.length === 0) return <p className="attar-muted">{t`No reviews yet.`}</p>;
  return (
    <ul className="attar-review-list" aria-label={t`Reviews`}>
      {reviews.map((review, i) => (
        <li className="attar-panel attar-review" key={`${i}-${review.created_at}`}>
          <div className="attar-review__head">
            <span className="attar-review__name" dir="auto">{review.user_name}</span>
            <Stars value={review.rate} label={starsLabel(review.rate)} />
          </div>
          {/* Shoppers write in either language, whatever the page's. */}
          <p className="attar-review__comment" dir="auto">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}
