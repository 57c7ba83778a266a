import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/lib/page-title';
import { InfoForm } from '@/features/checkout/components/info-form';

/** /payment-session/info: who receives the order. */
export default function InfoStep() {
  const { t } = useLingui();
  usePageTitle(t`Your Info`);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>{t`Your Info`}</Typography>
      <InfoForm />
    </Box>
  );
}
