import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { STEPS, stepPath, type Step as StepName } from '../utils/steps';

interface Props {
  current: StepName | null;
  /** whether a step other than the current one may be opened (everything before it is done) */
  canOpen(step: StepName): boolean;
}

/**
 * The step navigation bar of the checkout session: an ordered list, the
 * current step marked (`aria-current="step"`), and every step that may be
 * opened (those before it, done) a link. Links, not MUI's StepButton: that
 * turns the bar into a tab list, which is a different widget with arrow-key
 * focus and no tab panels here.
 */
export function StepBar({ current, canOpen }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const labels: Record<StepName, string> = {
    info: t`Your info`,
    address: t`Address`,
    shipping: t`Shipping`,
    payment: t`Payment`,
  };
  const active = current === null ? 0 : STEPS.indexOf(current);
  return (
    <Box component="nav" aria-label={t`Checkout steps`}>
      <Stepper
        activeStep={active}
        alternativeLabel
        sx={{ listStyle: 'none', p: 0, m: 0, '& .MuiStepLabel-label': { mt: 0.75, fontSize: { xs: '0.8rem', sm: '0.875rem' } } }}
      >
        {STEPS.map((step, i) => {
          const isCurrent = i === active;
          const open = !isCurrent && canOpen(step);
          return (
            <Step key={step} completed={i < active}>
              {/* The step's number in the shopper's digits: MUI would print Latin 1 2 3 4 in Arabic too. */}
              <StepLabel icon={formatNumber(i + 1, lang)} aria-current={isCurrent ? 'step' : undefined}>
                {open ? (
                  <Link component={RouterLink} to={stepPath(step)} sx={{ fontWeight: 600 }}>{labels[step]}</Link>
                ) : labels[step]}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}
