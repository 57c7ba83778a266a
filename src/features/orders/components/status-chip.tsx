import Chip from '@mui/material/Chip';
import { statusTone, useStatusLabel } from '../hooks/use-order-status';

/** An order's status as a coloured chip; the colour only repeats what the label says. */
export function StatusChip({ status, size = 'small' }: { status: string; size?: 'small' | 'medium' }) {
  const label = useStatusLabel()(status);
  const tone = statusTone(status);
  return (
    <Chip
      label={label}
      size={size}
      data-status={status}
      sx={{ ...tone, fontWeight: 700, border: '1px solid', borderColor: 'currentColor' }}
    />
  );
}
