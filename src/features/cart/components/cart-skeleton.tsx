import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useLingui } from '@lingui/react/macro';
import { CART_LAYOUT_SX } from './cart-view';

/** The cart's shape while it loads (two lines and the summary), so nothing jumps when it arrives. */
export function CartSkeleton() {
  const { t } = useLingui();
  return (
    <Box role="status" aria-label={t`Loading…`} sx={CART_LAYOUT_SX}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="text" width={120} height={32} />
        {[0, 1].map((i) => (
          <Box key={i} sx={{ display: 'grid', gridTemplateColumns: { xs: '72px 1fr', sm: '112px 1fr' }, gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="30%" />
              <Skeleton variant="rounded" height={44} width={140} />
              <Skeleton variant="rounded" height={40} />
            </Box>
          </Box>
        ))}
      </Box>
      <Skeleton variant="rounded" height={420} />
    </Box>
  );
}
