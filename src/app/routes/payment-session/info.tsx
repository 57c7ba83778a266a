import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/lib/page-title';
import { InfoForm } from '@/features/checkout/components/info-form';
import { StepHeading } from '@/features/checkout/components/step-heading';
import { withMui } from '@/lib/mui/scope';

/** /payment-session/info: who receives the order. */
function InfoStep() {
  const { t } = useLingui();
  usePageTitle(t`Your Info`);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t`Your Info`}</StepHeading>
      <InfoForm />
    </Box>
  );
}

export default withMui(InfoStep);
