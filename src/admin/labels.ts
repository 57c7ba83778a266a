// The words for the API's codes: statuses, payments, governorates, roles and the audit's actions, in the active language.
import { t } from '@lingui/core/macro';
import { findGovernorate } from '@contract/governorates';
import { formatMoney, formatNumber } from '@/lib/money';
import { formatPhone } from '@/lib/phone';
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

/** An audit entry's action code in words; a code this build does not know yet is shown as it is. */
export function auditActionLabel(action: string): string {
  switch (action) {
    case 'order.status': return t`Order status changed`;
    case 'order.cancelled_by_shopper': return t`Cancelled by the customer`;
    case 'order.payment_reported': return t`Transfer reported by the customer`;
    case 'order.payment_paid': return t`Payment recorded`;
    case 'order.note': return t`Note added`;
    case 'message.handled': return t`Message handled`;
    case 'customer.points': return t`Points adjusted`;
    case 'staff.add': return t`Back-office account added`;
    case 'staff.role': return t`Role changed`;
    case 'staff.reset': return t`One-time password issued`;
    case 'staff.remove': return t`Back-office access removed`;
    case 'settings.update': return t`Settings changed`;
    default: return action;
  }
}

/** What an audit entry changed ("order ATR-10001", "customer 7"): its kind in words, then its name. */
export function auditTargetLabel(target: string, lang: Lang): string {
  const [kind, ...rest] = target.split(' ');
  const name = rest.join(' ');
  const number = /^\d+$/.test(name) ? formatNumber(Number(name), lang) : name;
  switch (kind) {
    case 'order': return t`Order ${number}`;
    case 'customer': return t`Customer ${number}`;
    case 'message': return t`Message ${number}`;
    case 'account': return t`Account ${number}`;
    case 'settings': return t`The shop's settings`;
    default: return target;
  }
}

/** A changed field's name in words (a governorate's fee named in `lang`). */
export function auditFieldLabel(field: string, lang: Lang = 'en'): string {
  if (field.startsWith('governorate_fees.')) return t`Fee to ${governorateName(field.slice('governorate_fees.'.length), lang)}`;
  switch (field) {
    case 'status': return t`Status`;
    case 'payment_status': return t`Payment`;
    case 'payment_reference': return t`Reference`;
    case 'payment_sender_phone': return t`Sender's wallet`;
    case 'reason': return t`Reason`;
    case 'text': return t`Note`;
    case 'points': return t`Points`;
    case 'delta': return t`Change`;
    case 'handled': return t`Handled`;
    case 'role': return t`Role`;
    case 'shipping_fee': return t`Scheduled delivery fee`;
    case 'free_shipping_threshold': return t`Free delivery from`;
    case 'standard_delivery_days': return t`Free delivery within (days)`;
    case 'scheduled_min_days': return t`Earliest scheduled day`;
    case 'scheduled_max_days': return t`Latest scheduled day`;
    case 'closed_weekdays': return t`No scheduled delivery on`;
    case 'point_value': return t`One point is worth`;
    case 'min_points_to_use': return t`Smallest balance to spend`;
    case 'points_per_egp': return t`Points earned per EGP`;
    case 'wallet_phone': return t`Vodafone Cash wallet`;
    default: return field;
  }
}

/** A field's value in words: statuses and roles named, numbers in the page's digits, yes/no for booleans. */
export function auditValue(field: string, value: unknown, lang: Lang): string {
  if (field.startsWith('governorate_fees.') && value === null) return t`The default fee`;
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status') return statusLabel(String(value));
  if (field === 'payment_status') return paymentStatusLabel(String(value));
  if (field === 'role') return roleLabel(String(value));
  if (MONEY_FIELDS.includes(field) || field.startsWith('governorate_fees.')) return typeof value === 'number' ? formatMoney(value, lang) : '—';
  if (field === 'closed_weekdays' && Array.isArray(value)) {
    return value.length ? value.map((day) => weekdayName(Number(day), lang)).join(lang === 'ar' ? '، ' : ', ') : t`None`;
  }
  if (field === 'wallet_phone') return formatPhone(String(value), lang);
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  if (typeof value === 'number') return field === 'delta' && value > 0 ? `+${formatNumber(value, lang)}` : formatNumber(value, lang);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The settings whose values are money (EGP). */
const MONEY_FIELDS = ['shipping_fee', 'free_shipping_threshold', 'point_value'];

/** A weekday's name (0 = Sunday), in the page's language. */
export function weekdayName(day: number, lang: Lang): string {
  // 4 January 2026 was a Sunday.
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-EG', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + day));
}

export function roleLabel(role: string): string {
  switch (role) {
    case 'shopper': return t`Shopper`;
    case 'staff': return t`Staff`;
    case 'owner': return t`Owner`;
    default: return role;
  }
}
