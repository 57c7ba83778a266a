import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';

/** Rows the shape of the orders to come, so the page does not jump when they arrive. */
export function OrdersSkeleton({ rows = 3, height = 112 }: { rows?: number; height?: number }) {
  const { t } = useLingui();
  return (
    <Box role="status" aria-label={t`Loading…`} sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} variant="rounded" height={height} />)}
    </Box>
  );
}

export function NoOrders() {
  const { t } = useLingui();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography>{t`You have no orders yet`}</Typography>
      <Button component={RouterLink} to="/products" variant="contained">{t`Continue shopping`}</Button>
    </Box>
  );
}
