import { lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { LazyWidget } from '@/components/error-boundary';
import { buttonClass } from '@/components/plain-controls';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { myReviewQuery } from '../api/get-my-review';

// The dialog, its form (React Hook Form, TextField, Rating) weigh 35 KiB
// gzip: they load when the shopper first points at or opens it, not with the
// product page.
const loadDialog = () => import('./review-dialog');
const ReviewDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReviewDialog })));
const prepare = () => void loadDialog().catch(() => {});

/**
 * 'Write a review', and the review dialog it opens. A shopper who has
 * reviewed the product already (one review each) reads 'Edit your review',
 * and the dialog starts from their rate and opinion.
 */
export function WriteReview({ productId }: { productId: number }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Unknown (still asking, or failed): the shopper writes; the server keeps one review either way.
  const mine = useQuery(myReviewQuery(productId, lang, token)).data ?? null;
  const review = token === null ? null : mine;
  return (
    <>
      <button
        type="button"
        className={buttonClass('contained')}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {review ? t`Edit your review` : t`Write a review`}
      </button>
      {wanted && (
        // A dialog whose file cannot load leaves the page as it is; the button stays.
        <LazyWidget>
          <ReviewDialog productId={productId} review={review} open={open} onClose={() => setOpen(false)} />
        </LazyWidget>
      )}
    </>
  );
}
