import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/lib/page-title';
import { InfoForm } from '@/features/checkout/components/info-form';
import { StepHeading } from '@/features/checkout/components/step-heading';

/** /payment-session/info: who receives the order. */
export default function InfoStep() {
  const { t } = useLingui();
  usePageTitle(t`Your Info`);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t`Your Info`}</StepHeading>
      <InfoForm />
    </Box>
  );
}
