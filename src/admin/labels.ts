// The words for the API's codes: statuses, payments, governorates, in the active language.
import { t } from '@lingui/core/macro';
import { findGovernorate } from '@contract/governorates';
import type { Lang } from '@/lib/storage';

export const ORDER_STATUS_LIST = ['pending', 'confirmed', 'on the way', 'out for delivery', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUS_LIST = ['unpaid', 'awaiting', 'reported', 'paid'] as const;

export function statusLabel(status: string): string {
  switch (status) {
    case 'pending': return t`Pending`;
    case 'confirmed': return t`Confirmed`;
    case 'on the way': return t`On the way`;
    case 'out for delivery': return t`Out for delivery`;
    case 'delivered': return t`Delivered`;
    case 'cancelled': return t`Cancelled`;
    default: return status;
  }
}

/** The button that moves an order to `status`. */
export function moveLabel(status: string): string {
  switch (status) {
    case 'confirmed': return t`Confirm the order`;
    case 'on the way': return t`Mark as on the way`;
    case 'out for delivery': return t`Mark as out for delivery`;
    case 'delivered': return t`Mark as delivered`;
    case 'cancelled': return t`Cancel the order`;
    default: return statusLabel(status);
  }
}

export function paymentStatusLabel(status: string): string {
  switch (status) {
    case 'unpaid': return t`Unpaid`;
    case 'awaiting': return t`Awaiting transfer`;
    case 'reported': return t`Transfer reported`;
    case 'paid': return t`Paid`;
    default: return status;
  }
}

/** How the order is paid: 'cach' is Vodafone Cash (docs/rules.md, "Payment status"). */
export const paymentLabel = (payment: string) => (payment === 'cach' ? t`Vodafone Cash` : t`Cash on delivery`);

export function governorateName(code: string, lang: Lang): string {
  const found = findGovernorate(code);
  return found ? found[lang] : code;
}
