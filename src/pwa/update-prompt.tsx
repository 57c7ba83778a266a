import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { Trans, useLingui } from '@lingui/react/macro';
import { registerServiceWorker, type ServiceWorkerHooks } from './register';

const UPDATE_SNACKBAR: SnackbarKey = 'new-version';

function UpdateActions({ onReload, onDismiss }: { onReload(): void; onDismiss(): void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          onReload();
        }}
      >
        {t`Reload`}
      </Button>
      <IconButton color="inherit" size="small" aria-label={t`Close`} onClick={onDismiss} sx={{ marginInlineStart: 1 }}>
        <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>×</span>
      </IconButton>
    </>
  );
}

/**
 * Registers the service worker and, when a new version waits, says so until
 * the shopper chooses: Reload lets it in, Close leaves this visit on the
 * version it started with. Never reloads on its own. The words are elements,
 * so they follow a language switch while shown.
 */
export function UpdatePrompt({ register = registerServiceWorker }: { register?: (hooks: ServiceWorkerHooks) => () => void }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(
    () =>
      register({
        onUpdateReady(apply) {
          enqueueSnackbar(<Trans>New version available</Trans>, {
            key: UPDATE_SNACKBAR,
            preventDuplicate: true,
            persist: true,
            action: <UpdateActions onReload={apply} onDismiss={() => closeSnackbar(UPDATE_SNACKBAR)} />,
          });
        },
      }),
    [register, enqueueSnackbar, closeSnackbar],
  );
  return null;
}
