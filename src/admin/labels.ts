// The words for the API's codes: statuses, payments, governorates, roles and the audit's actions, in the active language.
import { t } from '@lingui/core/macro';
import { findGovernorate } from '@contract/governorates';
import { formatDay } from '@/lib/dates';
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
    case 'mail.retry': return t`Mail sent again`;
    case 'customer.points': return t`Points adjusted`;
    case 'staff.add': return t`Back-office account added`;
    case 'staff.role': return t`Role changed`;
    case 'staff.reset': return t`One-time password issued`;
    case 'product.create': return t`Product added`;
    case 'product.update': return t`Product changed`;
    case 'product.archive': return t`Product archived or back on sale`;
    case 'product.import': return t`Catalog imported`;
    case 'product.image_add': return t`Product photo added`;
    case 'product.image_delete': return t`Product photo deleted`;
    case 'product.image_order': return t`Product photos reordered`;
    case 'product.image_main': return t`Main product photo chosen`;
    case 'category.create': return t`Category added`;
    case 'category.update': return t`Category changed`;
    case 'coupon.create': return t`Coupon added`;
    case 'coupon.update': return t`Coupon changed`;
    case 'content.update': return t`Shop texts changed`;
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
    case 'product': return t`Product ${number}`;
    case 'catalog': return t`The catalog`;
    case 'category': return t`Category ${number}`;
    case 'coupon': return t`Coupon ${name}`;
    case 'content': return t`The shop's texts`;
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
    case 'name_en': return t`Name in English`;
    case 'name_ar': return t`Name in Arabic`;
    case 'price': return t`Price`;
    case 'price_after_sale': return t`Sale price`;
    case 'typesale': return t`Sale type`;
    case 'category_id': return t`Category`;
    case 'stock': return t`Stock`;
    case 'product_code': return t`Product code`;
    case 'model_number': return t`Model number`;
    case 'smells': return t`Smells`;
    case 'gifts': return t`Gifts`;
    case 'archived': return t`Archived`;
    case 'overview_en': return t`Overview in English`;
    case 'overview_ar': return t`Overview in Arabic`;
    case 'description_en': return t`Description in English`;
    case 'description_ar': return t`Description in Arabic`;
    case 'how_to_use_en': return t`How to use in English`;
    case 'how_to_use_ar': return t`How to use in Arabic`;
    case 'created': return t`Added`;
    case 'updated': return t`Updated`;
    case 'image_id': return t`Photo`;
    case 'main_image_id': return t`Main photo`;
    case 'url': return t`File`;
    case 'width': return t`Width`;
    case 'height': return t`Height`;
    case 'order': return t`Order of the photos`;
    default: return shopDataFieldLabel(field);
  }
}

/** The fields of the owner's categories, coupons and texts, as the audit names them. */
function shopDataFieldLabel(field: string): string {
  switch (field) {
    case 'slug': return t`Slug`;
    case 'name_en': return t`Name in English`;
    case 'name_ar': return t`Name in Arabic`;
    case 'image': return t`Image`;
    case 'position': return t`Place on the home page`;
    case 'code': return t`Code`;
    case 'kind': return t`Discount type`;
    case 'value': return t`Discount`;
    case 'min_order': return t`Minimum order`;
    case 'max_uses': return t`Uses allowed in all`;
    case 'once_per_customer': return t`Once per customer`;
    case 'starts_at': return t`First day`;
    case 'ends_at': return t`Last day`;
    case 'active': return t`Active`;
    case 'message_nav_en': return t`Banner in English`;
    case 'message_nav_ar': return t`Banner in Arabic`;
    case 'hero_title_en': return t`Title in English`;
    case 'hero_title_ar': return t`Title in Arabic`;
    case 'hero_subtitle_en': return t`Subtitle in English`;
    case 'hero_subtitle_ar': return t`Subtitle in Arabic`;
    case 'footer_description_en': return t`Footer text in English (HTML)`;
    case 'footer_description_ar': return t`Footer text in Arabic (HTML)`;
    case 'link_twitter': return t`TikTok link`;
    case 'link_instegram': return t`Instagram link`;
    case 'link_facebook': return t`Facebook link`;
    case 'about_title_en': return t`About title in English`;
    case 'about_title_ar': return t`About title in Arabic`;
    case 'about_content_en': return t`About page in English (HTML)`;
    case 'about_content_ar': return t`About page in Arabic (HTML)`;
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

/** Where a coupon stands today (server/domain/coupon.ts › couponStanding). */
export function couponStandingLabel(standing: string): string {
  switch (standing) {
    case 'active': return t`Active now`;
    case 'off': return t`Switched off`;
    case 'scheduled': return t`Not started yet`;
    case 'ended': return t`Ended`;
    case 'used_up': return t`Used up`;
    default: return standing;
  }
}

/** A field's value in words: statuses and roles named, numbers in the page's digits, yes/no for booleans. */
export function auditValue(field: string, value: unknown, lang: Lang): string {
  if (field.startsWith('governorate_fees.') && value === null) return t`The default fee`;
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status') return statusLabel(String(value));
  if (field === 'payment_status') return paymentStatusLabel(String(value));
  if (field === 'role') return roleLabel(String(value));
  if (field === 'smells' && Array.isArray(value)) return value.map((s: { en: string; ar: string }) => (lang === 'ar' ? s.ar : s.en)).join(lang === 'ar' ? '، ' : ', ') || '—';
  if (field === 'gifts' && Array.isArray(value)) return value.map((id: number) => formatNumber(id, lang)).join(lang === 'ar' ? '، ' : ', ') || '—';
  if (field === 'kind') return value === 'percent' ? t`Percentage` : value === 'fixed' ? t`Fixed amount` : String(value);
  if (field === 'min_order' && typeof value === 'number') return formatMoney(value, lang);
  if ((field === 'starts_at' || field === 'ends_at') && typeof value === 'string') return formatDay(value, lang);
  if (MONEY_FIELDS.includes(field) || field.startsWith('governorate_fees.')) return typeof value === 'number' ? formatMoney(value, lang) : '—';
  if (field === 'closed_weekdays' && Array.isArray(value)) {
    return value.length ? value.map((day) => weekdayName(Number(day), lang)).join(lang === 'ar' ? '، ' : ', ') : t`None`;
  }
  if (field === 'wallet_phone') return formatPhone(String(value), lang);
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? formatNumber(item, lang) : String(item))).join(lang === 'ar' ? '، ' : ', ');
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

/** A mail's status in the outbox. */
export function mailStatusLabel(status: string): string {
  switch (status) {
    case 'queued': return t`Waiting to be sent`;
    case 'sent': return t`Sent`;
    case 'logged': return t`In the server log`;
    case 'failed': return t`Failed`;
    default: return status;
  }
}

/** What a mail tells. */
export function mailKindLabel(kind: string): string {
  switch (kind) {
    case 'password_reset': return t`Password link`;
    case 'order_placed': return t`Order confirmation`;
    case 'order_status': return t`Order status`;
    case 'order_cancelled': return t`Order cancelled`;
    default: return kind;
  }
}
