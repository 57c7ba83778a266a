import { useRouteError } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';

/** A screen that failed to load or render: say so and offer Retry, never a blank page. */
export function RouteError() {
  const { t } = useLingui();
  // The cause goes to the console for us; the shopper gets words they can act on.
  console.warn(useRouteError());
  return (
    <Box role="alert" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography variant="h5" component="h1">{t`This page could not be shown.`}</Typography>
      <Typography color="text.secondary">{t`Check your connection, then try again.`}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>{t`Retry`}</Button>
    </Box>
  );
}
