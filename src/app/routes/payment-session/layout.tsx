import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { LoadingView } from '@/components/loading-view';
import { StepBar } from '@/features/checkout/components/step-bar';
import { useArrivalSession } from '@/features/checkout/hooks/use-arrival-session';
import { STEPS, canOpenStep, firstIncompleteStep, stepOfPath, stepPath } from '@/features/checkout/utils/steps';
import { withMui } from '@/lib/mui/scope';

/**
 * /payment-session: the step bar above the current step. Steps cannot be
 * skipped by URL: a step opened without the data of the steps before it goes
 * (replacing the history entry) to the first incomplete one, and without a cart
 * id (no Proceed) to the cart.
 */
function PaymentSession() {
  const { t } = useLingui();
  const location = useLocation();
  // Read once per arrival at a step: the steps save on Next and a placed
  // order ends the session just before it leaves, and neither should send
  // the shopper elsewhere from under their feet.
  const session = useArrivalSession();
  const current = stepOfPath(location.pathname);

  if (session.cartId === null) return <Navigate to="/cart" replace />;
  const first = firstIncompleteStep(session);
  if (current && STEPS.indexOf(current) > STEPS.indexOf(first)) return <Navigate to={stepPath(first)} replace />;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Checkout`}</Typography>
      <StepBar current={current} canOpen={(step) => canOpenStep(step, session)} />
      <Suspense fallback={<LoadingView />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

export default withMui(PaymentSession);
