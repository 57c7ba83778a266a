// notistack and its provider, in a chunk of their own: only notify.tsx imports this, dynamically.
import { forwardRef, useEffect } from 'react';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type CustomContentProps, type VariantType } from 'notistack';
import { attachNotices } from './notify';

/** Snackbars with AA contrast under their white text: notistack's default green and orange fail it. */
const GROUNDS: Record<VariantType, string> = {
  default: '#2b2b2b', success: '#1b5e20', error: '#b71c1c', warning: '#7a4100', info: '#0d47a1',
};

/** notistack's own snackbar on its ground, set on the element itself: no styling library needed. */
const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(props, ref) {
  return <MaterialDesignContent ref={ref} {...props} style={{ ...props.style, backgroundColor: GROUNDS[props.variant] }} />;
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
