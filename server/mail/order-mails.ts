// The mails that tell a shopper what happens to their order (docs/mail.md,
// "Order mails"): placed, each step along, cancelled. Each is written in the
// transaction of the change it tells, from what that transaction reads, so
// the mail exists exactly when the change does and says what the change was;
// the queue sends it after the commit. In the language the shopper ordered in.
import type { Q } from '../db/database.ts';
import { localized, parseLang, type Lang } from '../contract/lang.ts';
import { GOVERNORATES } from '../contract/governorates.ts';
import type { MailQueue } from './mail-queue.ts';

/** Where the mails go: the app's queue, or (the command line) a queue whose rows a running server sends. */
export type MailSink = Pick<MailQueue, 'add' | 'kick'>;
import { hasStatusMail, orderCancelledMail, orderPlacedMail, orderStatusMail, type OrderForMail } from './templates.ts';

export class OrderMails {
  constructor(private readonly queue: MailSink, private readonly publicUrl: string) {}

  /** The confirmation of an order just placed in `q`. */
  async placed(q: Q, orderId: number) {
    const found = await this.#read(q, orderId);
    if (found) await this.#add(q, found, 'order_placed', orderPlacedMail(found.lang, found.order));
  }

  /**
   * The order's move to `status`, made in `q`: a status mail, or the
   * cancellation with its reason (`byShopper`: the shopper cancelled it).
   */
  async moved(q: Q, orderId: number, status: string, cancel: { byShopper: boolean; reason: string | null }) {
    if (status !== 'cancelled' && !hasStatusMail(status)) return;
    const found = await this.#read(q, orderId);
    if (!found) return;
    const { lang, order } = found;
    if (status === 'cancelled') await this.#add(q, found, 'order_cancelled', orderCancelledMail(lang, order, cancel));
    else if (hasStatusMail(status)) await this.#add(q, found, 'order_status', orderStatusMail(lang, order, status));
  }

  /** Sends what was queued, once the transaction that queued it has committed. */
  kick() {
    this.queue.kick();
  }

  async #add(q: Q, found: Found, kind: 'order_placed' | 'order_status' | 'order_cancelled', written: { subject: string; html: string; text: string }) {
    await this.queue.add(q, { kind, lang: found.lang, to: found.email, userId: found.userId, orderId: found.orderId, ...written });
  }

  /** The order as `q` sees it (its own writes included), with its lines and its shopper's address and name. */
  async #read(q: Q, orderId: number): Promise<Found | null> {
    const o = await q.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id')
      .select([
        'o.id', 'o.number', 'o.user_id', 'o.lang', 'o.status', 'o.payment', 'o.payment_status', 'o.shiping', 'o.delivery_date',
        'o.wallet_phone', 'o.address_json', 'o.subtotal', 'o.coupon_code', 'o.coupon_discount', 'o.points_used',
        'o.points_discount', 'o.points_earned', 'o.shipping_fee', 'o.total', 'u.first_name', 'u.email',
      ])
      .where('o.id', '=', orderId).executeTakeFirst();
    if (!o || !o.email) return null;
    const lang = parseLang(o.lang);
    const items = await q.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    const address = JSON.parse(o.address_json) as { title?: string; address?: string; city?: string; government?: string; phone?: string };
    const governorate = GOVERNORATES.find((g) => g.code === address.government);
    const order: OrderForMail = {
      number: o.number,
      name: o.first_name,
      link: `${this.publicUrl}/trackOrders/${o.id}/${encodeURIComponent(o.number)}?lang=${lang}`,
      status: o.status,
      payment: o.payment,
      paymentStatus: o.payment_status,
      shiping: o.shiping,
      deliveryDate: o.delivery_date,
      walletPhone: o.wallet_phone,
      address: {
        title: address.title ?? '', address: address.address ?? '', city: address.city ?? '',
        governorate: governorate ? governorate[lang] : (address.government ?? ''), phone: address.phone ?? '',
      },
      items: items.map((i) => ({
        name: localized(i, 'name', lang),
        qty: i.qty,
        price: i.price,
        smells: (JSON.parse(i.smells_json) as { en: string; ar: string }[]).map((s) => s[lang]),
        gift: localized(i, 'gift_name', lang),
      })),
      subtotal: o.subtotal,
      couponCode: o.coupon_code,
      couponDiscount: o.coupon_discount,
      pointsUsed: o.points_used,
      pointsDiscount: o.points_discount,
      pointsEarned: o.points_earned,
      shippingFee: o.shipping_fee,
      total: o.total,
    };
    return { lang, email: o.email, userId: o.user_id, orderId: o.id, order };
  }
}

interface Found { lang: Lang; email: string; userId: number; orderId: number; order: OrderForMail }
