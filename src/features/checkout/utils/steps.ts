import type { CheckoutSession } from '@/lib/checkout-session';
import { normalizePhone, twoNamesProblem } from '@contract/rules';

/** The checkout steps, in order: each is a child path of /payment-session. */
export const STEPS = ['info', 'address', 'shipping', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export const stepPath = (step: Step) => `/payment-session/${step}`;

/** The step a path shows, or null (the bare /payment-session). */
export function stepOfPath(pathname: string): Step | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return (STEPS as readonly string[]).includes(last ?? '') ? (last as Step) : null;
}

/**
 * The first step whose data is missing: a step needs everything the steps
 * before it saved (address needs name and phone, shipping an address,
 * payment a shipping method and, for 'date', a day). The saved values are
 * checked with the same rules the forms use, so an edited localStorage
 * cannot skip a form either.
 */
export function firstIncompleteStep(s: CheckoutSession): Step {
  if (!s.userName || twoNamesProblem(s.userName) || !s.userPhone || !normalizePhone(s.userPhone)) return 'info';
  if (s.userAddress === null) return 'address';
  if (s.userShipping === null || (s.userShipping === 'date' && !s.userDate)) return 'shipping';
  return 'payment';
}

/** Whether `step` may be shown: every step before it is complete. */
export function canOpenStep(step: Step, s: CheckoutSession): boolean {
  return STEPS.indexOf(step) <= STEPS.indexOf(firstIncompleteStep(s));
}
