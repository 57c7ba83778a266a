import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useLingui } from '@lingui/react/macro';

/** The full-screen loading view of spec §2: the logo and a spinner. */
export function LoadingView() {
  const { t } = useLingui();
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', gap: 2 }}>
      <Box sx={{ display: 'grid', placeItems: 'center', gap: 2 }}>
        <img src="/logo.svg" alt="" width={96} height={96} />
        <CircularProgress aria-label={t`Loading…`} />
      </Box>
    </Box>
  );
}
