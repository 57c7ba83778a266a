import { lazy, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { buttonClass } from '@/components/plain-controls';
import { LazyWidget } from '@/components/error-boundary';
import { notify } from '@/lib/notify';
import { useApplyPoints } from '../api/apply-points';
import { useCancelPoints } from '../api/cancel-points';
import { useCartFailure } from '../hooks/use-cart-failure';
import type { CartData } from '@/lib/contract';

const loadDialog = () => import('./points-dialog');
const PointsDialog = lazy(loadDialog);

/**
 * 'Use points' opens the points dialog; once applied, the same button stops
 * using them (so focus, returned to it when the dialog closes, stays put).
 */
export function PointsControl({ cart }: { cart: CartData }) {
  const { t } = useLingui();
  const failed = useCartFailure();
  const cancel = useCancelPoints();
  // Here rather than in the dialog: a close while the confirmation is on its way must not cancel it.
  const apply = useApplyPoints();
  const [open, setOpen] = useState(false);
  /** a new dialog body per opening: each opening asks the server afresh */
  const [opening, setOpening] = useState(0);

  /** The dialog's code, asked for as the shopper comes to the button. */
  function warmUp() {
    if (!cart.points_applied) loadDialog().catch(() => undefined);
  }

  async function stopUsing() {
    if (cancel.isPending) return;
    try {
      const answer = await cancel.mutateAsync();
      notify(answer.message, { variant: 'success' });
    } catch (error) {
      failed(error);
    }
  }

  return (
    <>
      <button
        type="button"
        className={buttonClass('outlined', 'full')}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        onClick={() => {
          if (cart.points_applied) return void stopUsing();
          loadDialog().then(
            () => {
              setOpening((n) => n + 1);
              setOpen(true);
            },
            () => notify(t`No connection. Check your internet and try again.`, { variant: 'error' }),
          );
        }}
        aria-busy={cancel.isPending || undefined}
        aria-haspopup={cart.points_applied ? undefined : 'dialog'}
      >
        {cart.points_applied ? t`Stop using points` : t`Use points`}
      </button>
      {/* Its code comes with the first opening (or a hover or focus just before): the cart's first
          load has none of it. Should it not come (offline), the shopper is told, and nothing is lost. */}
      {opening > 0 && (
        <LazyWidget>
          <PointsDialog open={open} opening={opening} apply={apply} onDone={() => setOpen(false)} onCancel={() => closeCancelling()} />
        </LazyWidget>
      )}
    </>
  );

  /** Closing the dialog, however it is closed, cancels the points. */
  function closeCancelling() {
    if (apply.isPending) return;
    setOpen(false);
    cancel.mutate(undefined, { onError: (error) => failed(error) });
  }
}

