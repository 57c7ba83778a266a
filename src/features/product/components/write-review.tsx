import { lazy, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LazyWidget } from '@/components/error-boundary';
import { buttonClass } from '@/components/plain-controls';

// The dialog, its form (React Hook Form, TextField, Rating) weigh 35 KiB
// gzip: they load when the shopper first points at or opens it, not with the
// product page.
const loadDialog = () => import('./review-dialog');
const ReviewDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReviewDialog })));
const prepare = () => void loadDialog().catch(() => {});

/** 'Write a review', and the review dialog it opens. */
export function WriteReview({ productId }: { productId: number }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
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
        {t`Write a review`}
      </button>
      {wanted && (
        // A dialog whose file cannot load leaves the page as it is; the button stays.
        <LazyWidget>
          <ReviewDialog productId={productId} open={open} onClose={() => setOpen(false)} />
        </LazyWidget>
      )}
    </>
  );
}
