// notistack and its provider, in a chunk of their own: only notify.tsx imports this, dynamically.
import { useEffect } from 'react';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { styled } from '@mui/material/styles';
import { attachNotices } from './notify';

/** Snackbars with AA contrast: notistack's default green and orange fail it under white text. */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-default': { backgroundColor: '#2b2b2b' },
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#7a4100' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
});
const TOASTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * Hands notify.tsx this provider's functions once it is mounted, through its
 * context rather than notistack's module-wide enqueueSnackbar, which points at
 * the last provider constructed even after it is gone.
 */
function Attach() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(() => attachNotices({ enqueue: enqueueSnackbar, close: closeSnackbar }), [enqueueSnackbar, closeSnackbar]);
  return null;
}

export function NotifyProvider() {
  return (
    <SnackbarProvider maxSnack={3} autoHideDuration={4000} Components={TOASTS}>
      <Attach />
    </SnackbarProvider>
  );
}
