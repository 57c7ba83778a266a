import { useRouteError } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';

/** A screen that failed to load or render: say so and offer Retry, never a blank page. */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError() as Error | undefined;
  return (
    <Box role="alert" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography variant="h5" component="h1">{t`This page could not be shown.`}</Typography>
      {error?.message && <Typography color="text.secondary">{error.message}</Typography>}
      <Button variant="contained" onClick={() => window.location.reload()}>{t`Retry`}</Button>
    </Box>
  );
}
