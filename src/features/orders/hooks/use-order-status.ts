import { useLingui } from '@lingui/react/macro';

// The one place that knows the order statuses (server/domain/order-status.ts):
// their order along the way, their labels in the shopper's language, and
// their chip colours.

/** The five steps, in the order an order goes through them (docs/rules.md, "Order statuses"). */
export const ORDER_STEPS = ['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];
export type OrderStatus = OrderStep | 'cancelled';

export function isCancelled(status: string): boolean {
  return status === 'cancelled';
}

/** 0..4 for a step; -1 for a status that is not one (cancelled, or one this storefront does not know). */
export function stepIndex(status: string): number {
  return (ORDER_STEPS as readonly string[]).indexOf(status);
}

/**
 * How far an order got: its step, or for a cancelled order the last step its
 * history reached before the shop cancelled it (pending at least).
 */
export function reachedIndex(status: string, history: readonly { status: string }[] = []): number {
  const own = stepIndex(status);
  if (own >= 0) return own;
  return Math.max(0, ...history.map((h) => stepIndex(h.status)));
}

/** Dark text on a light tint: every pair passes WCAG AA (at least 7:1). */
const TONES: Record<OrderStatus, { color: string; bgcolor: string }> = {
  pending: { color: '#7a4100', bgcolor: '#fff3e0' },
  confirmed: { color: '#0d47a1', bgcolor: '#e3f2fd' },
  'on the way': { color: '#4527a0', bgcolor: '#ede7f6' },
  'out for delivery': { color: '#004d40', bgcolor: '#e0f2f1' },
  delivered: { color: '#1b5e20', bgcolor: '#e8f5e9' },
  cancelled: { color: '#b71c1c', bgcolor: '#ffebee' },
};
const UNKNOWN_TONE = { color: '#2b2b2b', bgcolor: '#eeeeee' };

export function statusTone(status: string): { color: string; bgcolor: string } {
  return TONES[status as OrderStatus] ?? UNKNOWN_TONE;
}

/** The status as the shopper reads it; a status this storefront does not know shows as the server sent it. */
export function useStatusLabel(): (status: string) => string {
  const { t } = useLingui();
  const labels: Record<OrderStatus, string> = {
    pending: t`Pending`,
    confirmed: t`Confirmed`,
    'on the way': t`On the way`,
    'out for delivery': t`Out for delivery`,
    delivered: t`Delivered`,
    cancelled: t`Cancelled`,
  };
  return (status) => labels[status as OrderStatus] ?? status;
}
