// The shop's mails, each in the language of the shopper it goes to
// (docs/mail.md). Texts come from the API's messages (i18n/messages.ts), in
// the same digits as the app.
import type { Lang } from '../contract/lang.ts';
import { formatDay, formatMoney, STATUS_NAMES, t } from '../i18n/messages.ts';
import { toLangDigits } from '../contract/rules.ts';
import { button, escapeHtml, facts, heading, mail, paragraph, type Part } from './layout.ts';

export function resetMail(lang: Lang, data: { name: string; link: string; minutes: number }) {
  return mail(lang, t(lang, 'mail_reset_subject'), [
    paragraph(t(lang, 'mail_hello', { name: data.name })),
    paragraph(t(lang, 'mail_reset_body', { minutes: data.minutes })),
    button(t(lang, 'mail_reset_button'), data.link),
    paragraph(t(lang, 'mail_reset_ignore')),
  ], t(lang, 'mail_footer'));
}

/** An order as its mails tell it: what was ordered, what it costs, where and when it goes. Amounts in piastres. */
export interface OrderForMail {
  number: string;
  name: string;
  /** the order's page, in the mail's language */
  link: string;
  status: string;
  payment: string;
  paymentStatus: string;
  shiping: string;
  deliveryDate: string;
  walletPhone: string;
  address: { title: string; address: string; city: string; governorate: string; phone: string };
  items: { name: string; qty: number; price: number; smells: string[]; gift: string | null }[];
  subtotal: number;
  couponCode: string | null;
  couponDiscount: number;
  pointsUsed: number;
  pointsDiscount: number;
  pointsEarned: number;
  shippingFee: number;
  total: number;
}

/** Each line: its name, smells and gift, then how many at what price, and the line's amount. */
function orderLines(lang: Lang, items: OrderForMail['items']): Part {
  const money = (piastres: number) => formatMoney(lang, piastres);
  const rows = items.map((item) => {
    const notes = [
      item.smells.length > 0 ? t(lang, 'mail_order_smells', { smells: item.smells.join(lang === 'ar' ? '، ' : ', ') }) : null,
      item.gift ? t(lang, 'mail_order_gift', { gift: item.gift }) : null,
    ].filter((note): note is string => note !== null);
    const each = t(lang, 'mail_order_line', { qty: item.qty, price: money(item.price) });
    return { name: item.name, notes, each, amount: money(item.price * item.qty) };
  });
  const [start, end] = lang === 'ar' ? ['right', 'left'] : ['left', 'right'];
  const html = `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows.map((row) => `<tr>`
    + `<td style="padding:8px 0;border-bottom:1px solid #eadfd2;vertical-align:top"><strong>${escapeHtml(row.name)}</strong>`
    + row.notes.map((note) => `<br><span style="font-size:14px;color:#555555">${escapeHtml(note)}</span>`).join('')
    + `<br><span style="font-size:14px;color:#555555">${escapeHtml(row.each)}</span></td>`
    + `<td style="padding:8px 0;padding-${start}:12px;border-bottom:1px solid #eadfd2;vertical-align:top;white-space:nowrap;text-align:${end}">${escapeHtml(row.amount)}</td>`
    + `</tr>`).join('')}</table>`;
  const text = rows.map((row) => [`- ${row.name}`, ...row.notes.map((note) => `  ${note}`), `  ${row.each} = ${row.amount}`].join('\n')).join('\n');
  return { html, text };
}

/** The totals as the order page shows them: only the discounts it had. */
function orderTotals(lang: Lang, order: OrderForMail): Part {
  const money = (piastres: number) => formatMoney(lang, piastres);
  const rows: [string, string][] = [[t(lang, 'mail_order_subtotal'), money(order.subtotal)]];
  if (order.couponDiscount > 0) rows.push([t(lang, 'mail_order_coupon', { code: order.couponCode ?? '' }), `−${money(order.couponDiscount)}`]);
  if (order.pointsDiscount > 0) rows.push([t(lang, 'mail_order_points_discount'), `−${money(order.pointsDiscount)}`]);
  rows.push([t(lang, 'mail_order_shipping'), order.shippingFee > 0 ? money(order.shippingFee) : t(lang, 'mail_order_free')]);
  rows.push([t(lang, 'mail_order_total'), money(order.total)]);
  return facts(rows);
}

/** Where and when: the day (chosen, or the latest it arrives by) and the address. */
function orderDelivery(lang: Lang, order: OrderForMail): Part {
  const a = order.address;
  return facts([
    [t(lang, order.shiping === 'date' ? 'mail_order_delivery_day' : 'mail_order_delivery_by'), formatDay(lang, order.deliveryDate)],
    [t(lang, 'mail_order_address'), [a.title, a.address, a.city, a.governorate].filter(Boolean).join(lang === 'ar' ? '، ' : ', ')],
  ]);
}

/** How to pay: a Vodafone Cash order's transfer (the wallet and the reference to give), or the cash the courier takes. */
function orderPayment(lang: Lang, order: OrderForMail): Part[] {
  const amount = formatMoney(lang, order.total);
  if (order.payment !== 'cach') return [paragraph(t(lang, 'mail_order_cash', { amount }))];
  return [
    heading(t(lang, 'mail_order_wallet_title')),
    paragraph(t(lang, 'mail_order_wallet_transfer', { amount, wallet: toLangDigits(order.walletPhone, lang) })),
    paragraph(t(lang, 'mail_order_wallet_mention', { number: order.number })),
  ];
}

/** "We received your order": every line, the totals, the day, the address and how to pay. */
export function orderPlacedMail(lang: Lang, order: OrderForMail) {
  return mail(lang, t(lang, 'mail_order_placed_subject', { number: order.number }), [
    paragraph(t(lang, 'mail_hello', { name: order.name })),
    paragraph(t(lang, 'mail_order_placed_body', { number: order.number })),
    heading(t(lang, 'mail_order_items')),
    orderLines(lang, order.items),
    orderTotals(lang, order),
    orderDelivery(lang, order),
    ...orderPayment(lang, order),
    ...(order.pointsEarned > 0 ? [paragraph(t(lang, 'mail_order_points_earned', { point_count: order.pointsEarned }))] : []),
    button(t(lang, 'mail_order_track'), order.link),
  ], t(lang, 'mail_footer'));
}

const STATUS_SENTENCES = {
  confirmed: 'mail_order_confirmed',
  'on the way': 'mail_order_on_the_way',
  'out for delivery': 'mail_order_out_for_delivery',
  delivered: 'mail_order_delivered',
} as const;

/** Whether an order's move to `status` is told by a status mail (cancelling has its own; pending is the placed mail). */
export const hasStatusMail = (status: string): status is keyof typeof STATUS_SENTENCES => Object.hasOwn(STATUS_SENTENCES, status);

/** An order moved along: confirmed, on the way, out for delivery (with the cash to have ready), delivered. */
export function orderStatusMail(lang: Lang, order: OrderForMail, status: keyof typeof STATUS_SENTENCES) {
  const amount = formatMoney(lang, order.total);
  const cashDue = order.payment !== 'cach' && status !== 'delivered';
  return mail(lang, t(lang, 'mail_order_status_subject', { number: order.number, status: STATUS_NAMES[status] }), [
    paragraph(t(lang, 'mail_hello', { name: order.name })),
    paragraph(t(lang, STATUS_SENTENCES[status], { number: order.number })),
    ...(status === 'delivered' ? [] : [orderDelivery(lang, order)]),
    ...(cashDue ? [paragraph(t(lang, 'mail_order_cash', { amount }))] : []),
    ...(status === 'delivered' && order.pointsEarned > 0 ? [paragraph(t(lang, 'mail_order_points_earned', { point_count: order.pointsEarned }))] : []),
    button(t(lang, 'mail_order_track'), order.link),
  ], t(lang, 'mail_footer'));
}

/** An order cancelled, by the shop (with its reason) or at the shopper's asking: what comes back to them. */
export function orderCancelledMail(lang: Lang, order: OrderForMail, cancel: { byShopper: boolean; reason: string | null }) {
  const transferred = order.payment === 'cach' && (order.paymentStatus === 'reported' || order.paymentStatus === 'paid');
  return mail(lang, t(lang, 'mail_order_cancelled_subject', { number: order.number }), [
    paragraph(t(lang, 'mail_hello', { name: order.name })),
    paragraph(t(lang, cancel.byShopper ? 'mail_order_cancelled_by_you' : 'mail_order_cancelled_by_shop', { number: order.number })),
    ...(cancel.reason ? [paragraph(t(lang, 'mail_order_cancel_reason', { reason: cancel.reason }))] : []),
    ...(order.pointsUsed > 0 ? [paragraph(t(lang, 'mail_order_points_back', { point_count: order.pointsUsed }))] : []),
    ...(transferred ? [paragraph(t(lang, 'mail_order_refund'))] : []),
    heading(t(lang, 'mail_order_items')),
    orderLines(lang, order.items),
    button(t(lang, 'mail_order_track'), order.link),
  ], t(lang, 'mail_footer'));
}
