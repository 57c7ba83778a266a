import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { buttonClass } from '@/components/plain-controls';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { formatMoney, formatNumber } from '@/lib/money';
import { useSession } from '@/lib/session';
import { isPointsShortfall, pointsValueQuery } from '../api/get-points-value';
import { useApplyPoints } from '../api/apply-points';
import { useCancelPoints } from '../api/cancel-points';
import { useCartFailure } from '../hooks/use-cart-failure';

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
  /** a new dialog body per opening: each opening asks the server afresh (spec §4) */
  const [opening, setOpening] = useState(0);

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
        onClick={() => {
          if (cart.points_applied) return void stopUsing();
          setOpening((n) => n + 1);
          setOpen(true);
        }}
        aria-busy={cancel.isPending || undefined}
        aria-haspopup={cart.points_applied ? undefined : 'dialog'}
      >
        {cart.points_applied ? t`Stop using points` : t`Use points`}
      </button>
      {/* Drawn from the first opening on: a closed dialog would still cost the cart's first render its styles. */}
      {opening > 0 && (
        <Dialog
          open={open}
          onClose={() => closeCancelling()}
          aria-labelledby="points-dialog-title"
          aria-describedby="points-dialog-message"
          fullWidth
          maxWidth="xs"
        >
          <PointsDialogBody key={opening} apply={apply} onDone={() => setOpen(false)} onCancel={() => closeCancelling()} />
        </Dialog>
      )}
    </>
  );

  /** Spec §4: closing the dialog, however it is closed, cancels the points. */
  function closeCancelling() {
    if (apply.isPending) return;
    setOpen(false);
    cancel.mutate(undefined, { onError: (error) => failed(error) });
  }
}

interface BodyProps {
  apply: ReturnType<typeof useApplyPoints>;
  onDone(): void;
  onCancel(): void;
}

function PointsDialogBody({ apply, onDone, onCancel }: BodyProps) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { token } = useSession();
  const failed = useCartFailure();
  const worth = useQuery(pointsValueQuery(lang, token));
  const [applyError, setApplyError] = useState<string | null>(null);
  const messageId = 'points-dialog-message';

  /**
   * Spec §8: the points shortfall is told in the spec's words, typo kept.
   * `GET /usepoint` answers 422 for nothing else; `GET /usepoint/done` may
   * also refuse an empty cart (422 too), so there only the server's
   * shortfall message counts as one and any other is shown as the server said it.
   */
  const notEnough = t`You must reach at least 1000 poitns before using them`;
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const explainWorth = (error: unknown) =>
    error instanceof ApiError && error.status === 422 ? notEnough : message(error);
  const explainApply = (error: unknown) => (isPointsShortfall(error) ? notEnough : message(error));

  async function confirm() {
    if (apply.isPending || !worth.data) return;
    setApplyError(null);
    try {
      const answer = await apply.mutateAsync();
      notify(answer.message, { variant: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        failed(error);
        onDone();
        return;
      }
      setApplyError(explainApply(error));
    }
  }

  let body;
  if (worth.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', minHeight: 48 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{t`Checking your points…`}</Typography>
      </Box>
    );
  } else if (worth.error) {
    body = <Alert severity="warning" role="alert" id={messageId}>{explainWorth(worth.error)}</Alert>;
  } else {
    const points = formatNumber(worth.data.points, lang);
    const amount = formatMoney(worth.data.price, lang);
    body = <Typography id={messageId}>{t`Use ${points} points for ${amount} off?`}</Typography>;
  }

  return (
    <>
      <DialogTitle id="points-dialog-title" sx={{ paddingInlineEnd: '56px' }}>
        {t`Use points`}
        <IconButton aria-label={t`Close`} onClick={onCancel} sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}>
          <Box component="span" aria-hidden="true" sx={{ fontSize: '1.5rem', lineHeight: 1, width: 24 }}>×</Box>
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {body}
        {applyError && <Alert severity="error" role="alert" sx={{ mt: 2 }}>{applyError}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t`Cancel`}</Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={!worth.data}
          aria-busy={apply.isPending || undefined}
        >
          {t`Use points`}
        </Button>
      </DialogActions>
    </>
  );
}
