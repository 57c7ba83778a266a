import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { useDeleteAddress } from '../api/delete-address';
import type { Address } from '../api/get-addresses';

/**
 * Asks before deleting a saved address; shows the server's message either
 * way. A 401 is the app's: it signs the shopper out and the page sends them on.
 */
export function DeleteAddressDialog({ address, onClose, onDeleted }: { address: Address | null; onClose(): void; onDeleted?(): void }) {
  const { t } = useLingui();
  const remove = useDeleteAddress();
  const titleId = useId();
  const title = address?.title ?? '';

  function confirm() {
    if (!address || remove.isPending) return;
    remove.mutate(address.id, {
      onSuccess: (message) => {
        notify(message, { variant: 'success' });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 401)) notify(error.message, { variant: 'error' });
        onClose();
      },
    });
  }

  return (
    <Dialog open={address !== null} onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={`${titleId}-text`}>
      <DialogTitle id={titleId}>{t`Delete this address?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${titleId}-text`}>{t`“${title}” will be removed from your saved addresses.`}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>{t`Cancel`}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>{t`Delete`}</Button>
      </DialogActions>
    </Dialog>
  );
}
