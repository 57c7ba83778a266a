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
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import { formatMoney, formatNumber } from '@/lib/money';
import { useSession } from '@/lib/session';
import { withMui } from '@/lib/mui/scope';
import { isPointsShortfall, pointsValueQuery } from '../api/get-points-value';
import type { useApplyPoints } from '../api/apply-points';
import { useCartFailure } from '../hooks/use-cart-failure';

// The points dialog (MUI), loaded by points-control.tsx when the shopper first asks for it: the
// cart's first load carries no dialog code.

export interface PointsDialogProps {
  open: boolean;
  /** a new body per opening: each opening asks the server afresh */
  opening: number;
  apply: ReturnType<typeof useApplyPoints>;
  onDone(): void;
  onCancel(): void;
}

function PointsDialog({ open, opening, apply, onDone, onCancel }: PointsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="points-dialog-title"
      aria-describedby="points-dialog-message"
      fullWidth
      maxWidth="xs"
    >
      <PointsDialogBody key={opening} apply={apply} onDone={onDone} onCancel={onCancel} />
    </Dialog>
  );
}

export default withMui(PointsDialog);

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
   * The points shortfall is told in the shop's fixed wording, kept verbatim,
   * typo included.
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
