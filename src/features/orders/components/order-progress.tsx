import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/lib/money';
import { formatTimestamp } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import { ORDER_STEPS, isCancelled, reachedIndex, statusTone, useStatusLabel } from '../hooks/use-order-status';
import { StatusChip } from './status-chip';


type History = readonly { status: string; at: string; reason?: string | null }[];

/** When the order reached a status: the latest entry for it in the history. */
function reachedAt(history: History, status: string): string | undefined {
  return history.findLast((h) => h.status === status)?.at;
}

/**
 * The five steps of an order (docs/rules.md, "Order statuses"), each reached
 * one with the time it was reached, the current one marked. A cancelled order
 * says so first and keeps the steps it reached before the shop cancelled it.
 */
export function OrderStepper({ status, history }: { status: string; history: History }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const label = useStatusLabel();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const cancelled = isCancelled(status);
  const current = reachedIndex(status, history);
  const cancelledAt = cancelled ? reachedAt(history, 'cancelled') : undefined;
  const reason = cancelled ? history.findLast((h) => h.status === 'cancelled')?.reason : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {cancelled && (
        <Alert severity="error" variant="outlined">
          {cancelledAt
            ? t`This order was cancelled on ${formatTimestamp(cancelledAt, lang)}.`
            : t`This order was cancelled.`}
          {reason && <Box component="span" sx={{ display: 'block', mt: 0.5 }}>{t`Reason:`} <bdi>{reason}</bdi></Box>}
        </Alert>
      )}
      <Stepper
        nonLinear
        orientation={wide ? 'horizontal' : 'vertical'}
        alternativeLabel={wide}
        aria-label={t`Order progress`}
      >
        {ORDER_STEPS.map((step, i) => {
          const reached = i <= current;
          const isCurrent = !cancelled && i === current;
          const at = reached ? reachedAt(history, step) : undefined;
          // The last step reached is "done" rather than "current" once nothing follows it.
          const done = reached && (i < current || cancelled || step === 'delivered');
          return (
            <Step
              key={step}
              completed={done}
              active={isCurrent}
              disabled={!reached}
              aria-current={isCurrent ? 'step' : undefined}
              data-reached={reached || undefined}
            >
              <StepLabel
                icon={formatNumber(i + 1, lang)}
                optional={at ? <Typography variant="caption" color="text.secondary" component="span">{formatTimestamp(at, lang)}</Typography> : undefined}
                sx={{ '& .MuiStepLabel-label.Mui-active': { fontWeight: 700 } }}
              >
                {label(step)}
                <span className="attar-visually-hidden">
                  {isCurrent ? ` (${t`current step`})` : done ? ` (${t`done`})` : ` (${t`not yet`})`}
                </span>
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}

/**
 * An order's progress in a line: its status chip, "Step 3 of 5" and five
 * segments filled up to the step reached (the segments only repeat the text;
 * a cancelled order's are all struck pale, its chip says why).
 */
export function CompactProgress({ status, history = [] }: { status: string; history?: History }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const cancelled = isCancelled(status);
  const current = reachedIndex(status, history);
  const step = formatNumber(current + 1, lang);
  const total = formatNumber(ORDER_STEPS.length, lang);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <StatusChip status={status} />
        {!cancelled && <Typography variant="body2" color="text.secondary">{t`Step ${step} of ${total}`}</Typography>}
      </Box>
      <Box aria-hidden="true" sx={{ display: 'grid', gridTemplateColumns: `repeat(${ORDER_STEPS.length}, 1fr)`, gap: 0.5 }}>
        {ORDER_STEPS.map((s, i) => (
          <Box key={s} sx={{ height: 6, borderRadius: 3, bgcolor: cancelled ? statusTone('cancelled').bgcolor : i <= current ? 'primary.main' : 'grey.300' }} />
        ))}
      </Box>
    </Box>
  );
}
