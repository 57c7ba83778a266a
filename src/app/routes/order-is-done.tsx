import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/lib/page-title';
import { OrderDone } from '@/features/checkout/components/order-done';
import { readPlacedOrder } from '@/features/checkout/utils/placed-order';
import { withMui } from '@/lib/mui/scope';

/** /order-is-done (after a placed order): the thank-you, which survives a reload of the tab. */
function OrderIsDone() {
  const { t } = useLingui();
  usePageTitle(t`Thank you for your order!`);
  const [order] = useState(readPlacedOrder);
  if (!order) return <Navigate to="/" replace />;
  return <OrderDone order={order} />;
}

export default withMui(OrderIsDone);
