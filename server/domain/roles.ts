// Who an account is to the shop. Every sign-up is a shopper; staff and owners
// are made by the command line (`npm run shop -- staff:add`) or by the owner.
// Staff run orders, messages and customers; the owner all of it, plus the
// catalog, coupons, content, settings, the staff list, points and the audit.

import { ROLES } from '../contract/roles.ts';

export { ROLES };
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Whether an account with `role` may do what `needed` may: the owner may do all a staff member may. */
export function hasRole(role: string, needed: 'staff' | 'owner'): boolean {
  if (needed === 'owner') return role === 'owner';
  return role === 'staff' || role === 'owner';
}
