import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';

/** A screen's data did not load: the reason (the server's or the client's words) and a Retry. */
export function LoadFailed({ message, onRetry, busy }: { message: string; onRetry(): void; busy?: boolean }) {
  const { t } = useLingui();
  return (
    <Box role="alert" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography>{message}</Typography>
      <Button variant="contained" onClick={onRetry} aria-busy={busy || undefined}>{t`Retry`}</Button>
    </Box>
  );
}
