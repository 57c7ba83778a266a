import { useId, useRef, useState, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/offline';
import { useCancelOrder } from '../api/cancel-order';

const REASON_MAX = 500;

/**
 * "Cancel order" for a pending order (docs/rules.md, "Order statuses"): asks
 * first, with an optional reason. MUI's dialog moves the focus into it,
 * closes on Escape and gives the focus back to this button. The server's
 * message says how it went; a 422 (the shop confirmed it meanwhile) closes
 * the dialog and the order is asked again. Offline the button waits, saying why.
 */
export function CancelOrderButton({ order, fullWidth = false, focusAfter }: {
  order: { id: number; number: string };
  fullWidth?: boolean;
  /**
   * The id of the element the focus goes to once the order is cancelled: this
   * button is gone then, and the focus must not fall back to the page's start.
   */
  focusAfter: string;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const number = order.number;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: fullWidth ? 'stretch' : 'start' }}>
      <Button
        ref={openerRef}
        variant="outlined"
        color="error"
        onClick={() => setOpen(true)}
        disabled={!online}
        aria-label={t`Cancel order ${number}`}
        aria-describedby={online ? undefined : hintId}
      >
        {t`Cancel order`}
      </Button>
      {!online && <Typography id={hintId} variant="caption" color="text.secondary">{t`You are offline. Cancelling needs a connection.`}</Typography>}
      <CancelOrderDialog order={order} open={open} onClose={() => setOpen(false)} focusAfter={focusAfter} opener={openerRef} />
    </Box>
  );
}

function CancelOrderDialog({ order, open, onClose, focusAfter, opener }: {
  order: { id: number; number: string };
  open: boolean;
  onClose(): void;
  focusAfter: string;
  /** the button that opened the dialog */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  const cancel = useCancelOrder();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const number = order.number;
  const busy = cancel.isPending;

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  // The order is no longer pending, so the button that opened the dialog goes
  // with it (the order has been asked again by then: the mutation's onSettled
  // waits for it) and the dialog hands the focus back to a button being
  // removed. The focus goes to `focusAfter` instead: on the next frame, and
  // once more after the dialog's closing, each time only if it is still on
  // the page's body or that button.
  function focusAfterwards() {
    const move = () => {
      const target = document.getElementById(focusAfter);
      const now = document.activeElement;
      const lost = now === null || now === document.body || !now.isConnected || now === opener.current || now.closest('[role="dialog"]') !== null;
      if (!target || !lost) return;
      if (!target.matches('a[href], button, input, textarea, select, [tabindex]')) target.tabIndex = -1;
      target.focus();
    };
    requestAnimationFrame(move);
    setTimeout(move, 400);
  }

  function confirm() {
    if (busy) return;
    setFailure(null);
    cancel.mutate({ id: order.id, reason }, {
      onSuccess: (answer) => {
        notify(answer.message, { variant: 'success' });
        setReason('');
        onClose();
        focusAfterwards();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return onClose();
        // Confirmed (or cancelled) meanwhile: nothing to ask any more; the order is asked again.
        if (error instanceof ApiError && (error.status === 422 || error.status === 404)) {
          notify(error.message, { variant: 'error' });
          onClose();
          focusAfterwards();
          return;
        }
        setFailure(error.message);
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={`${titleId}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t`Cancel order ${number}?`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={`${titleId}-text`}>
          {t`The order will not be delivered. You cannot undo this.`}
        </DialogContentText>
        {failure && <Alert severity="error" role="alert">{failure}</Alert>}
        <TextField
          id={`${titleId}-reason`}
          label={t`Reason (optional)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          autoFocus
          slotProps={{ htmlInput: { maxLength: REASON_MAX, dir: 'auto' } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy}>{t`Keep order`}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={busy}>{t`Cancel order`}</Button>
      </DialogActions>
    </Dialog>
  );
}
