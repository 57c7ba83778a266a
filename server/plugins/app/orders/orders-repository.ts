import crypto from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db, Q } from '../../../db/database.ts';
import type { OrderItemsTable, OrdersTable } from '../../../db/schema.ts';
import type { Lang } from '../../../i18n/messages.ts';
import { localized } from '../../../contract/lang.ts';
import { notFound } from '../../../errors.ts';
import { toEgp } from '../../../domain/money.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { GOVERNORATES } from '../../../contract/governorates.ts';
import { imagesByUrl, shownImage } from '../catalog/product-images.ts';

const PER_PAGE = 10;

export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'number'>;
export type NewOrderItem = Omit<Insertable<OrderItemsTable>, 'id' | 'order_id'>;

export class OrdersRepository {
  constructor(private readonly db: Db) {}

  #rows() {
    return this.db.selectFrom('orders as o')
      .select(['o.id', 'o.number', 'o.created_at', 'o.status', 'o.total', 'o.payment', 'o.payment_status', 'o.shiping', 'o.delivery_date'])
      .select((eb) => eb.selectFrom('order_items as i').whereRef('i.order_id', '=', 'o.id')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('i.qty'), e.lit(0)).as('n')).as('items_count'));
  }

  async list(userId: number, page: number) {
    const totalRow = await this.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId).executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const rows = await this.#rows().where('o.user_id', '=', userId).orderBy('o.id', 'desc')
      .limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
    return {
      orders: rows.map((r) => ({ ...r, total: toEgp(r.total), items_count: Number(r.items_count ?? 0) })),
      meta: { page, per_page: PER_PAGE, total, last_page: Math.max(1, Math.ceil(total / PER_PAGE)) },
    };
  }

  /** One order, for its owner only: anyone else's order is "not found". */
  async detail(userId: number, orderId: number, lang: Lang) {
    const o = await this.db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
    if (!o) throw notFound('order_not_found');
    return this.detailOf(o, lang);
  }

  /** An order as its shopper reads it (the back office adds to it). */
  async detailOf(o: Selectable<OrdersTable>, lang: Lang) {
    const [items, history] = await Promise.all([
      this.db.selectFrom('order_items').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
      this.db.selectFrom('order_status_history').select(['status', 'at', 'reason']).where('order_id', '=', o.id).orderBy('id').execute(),
    ]);
    // Each line keeps the picture it was ordered with: its sizes while that picture is still the product's.
    const pictures = await imagesByUrl(this.db, items);
    const address = JSON.parse(o.address_json) as { title: string; address: string; phone: string; city: string; government: string };
    const gov = GOVERNORATES.find((g) => g.code === address.government);
    return {
      id: o.id,
      number: o.number,
      created_at: o.created_at,
      status: o.status,
      total: toEgp(o.total),
      items_count: items.reduce((n, i) => n + i.qty, 0),
      payment: o.payment,
      payment_status: o.payment_status,
      shiping: o.shiping,
      delivery_date: o.delivery_date,
      items: items.map((i) => ({
        product_id: i.product_id,
        name: localized(i, 'name', lang),
        image: i.image,
        ...shownImage('image', pictures.get(`${i.product_id} ${i.image}`)),
        price: toEgp(i.price),
        qty: i.qty,
        smell: (JSON.parse(i.smells_json) as { en: string; ar: string }[]).map((s) => s[lang]),
        gift: localized(i, 'gift_name', lang) ?? null,
      })),
      address: { ...address, government: gov ? gov[lang] : address.government },
      governorate: address.government,
      username: o.username,
      phone: o.phone,
      subtotal: toEgp(o.subtotal),
      coupon: o.coupon_code,
      coupon_discount: toEgp(o.coupon_discount),
      points_used: o.points_used,
      points_discount: toEgp(o.points_discount),
      points_earned: o.points_earned,
      shipping_fee: toEgp(o.shipping_fee),
      wallet_phone: o.wallet_phone,
      payment_sender_phone: o.payment_sender_phone,
      payment_reference: o.payment_reference,
      status_history: history.map((h) => ({ status: h.status, at: h.at, reason: h.reason })),
    };
  }

  /**
   * Stores a new order and numbers it ATR-(10000 + id). The id is known only
   * once the row exists, so the row first holds a unique placeholder.
   */
  async insert(order: NewOrder, q: Q = this.db): Promise<{ id: number; number: string }> {
    const { id } = await q.insertInto('orders').values({ ...order, number: `pending-${crypto.randomUUID()}` })
      .returning('id').executeTakeFirstOrThrow();
    const number = `ATR-${10000 + id}`;
    await q.updateTable('orders').set({ number }).where('id', '=', id).execute();
    return { id, number };
  }

  async insertItem(orderId: number, item: NewOrderItem, q: Q = this.db): Promise<void> {
    await q.insertInto('order_items').values({ ...item, order_id: orderId }).execute();
  }

  /** One step of the order's status history: who made it (null: the shopper, the checkout or the command line), and why for a cancellation. */
  async insertHistory(orderId: number, status: OrderStatus, at: string, q: Q = this.db, by: number | null = null, reason: string | null = null): Promise<void> {
    await q.insertInto('order_status_history').values({ order_id: orderId, status, at, by_user_id: by, reason }).execute();
  }

  /** The shop's listing, newest first. */
  listAll(limit = 50) {
    return this.db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.number', 'o.status', 'o.total', 'o.payment', 'o.shiping', 'o.delivery_date', 'o.created_at', 'u.email'])
      .orderBy('o.id', 'desc').limit(limit).execute();
  }

  /** An order as stored, by its number (ATR-10001), or undefined. */
  findByNumber(number: string, q: Q = this.db) {
    return q.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
  }

  /** Moves an order's status from `from` to `to`, only if it is still `from`. Answers whether it moved. */
  async moveStatus(orderId: number, from: OrderStatus, to: OrderStatus, q: Q = this.db): Promise<boolean> {
    const moved = await q.updateTable('orders').set({ status: to }).where('id', '=', orderId).where('status', '=', from).executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  /** A shopper's own order, as stored, or undefined (anyone else's too). */
  findOwned(userId: number, orderId: number, q: Q = this.db) {
    return q.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Sets the order's payment fields, only if its payment status is still `from`. Answers whether it did. */
  async setPayment(
    orderId: number, from: string,
    values: { payment_status: string; payment_sender_phone?: string | null; payment_reference?: string | null; paid_at?: string | null },
    q: Q = this.db,
  ): Promise<boolean> {
    const set = await q.updateTable('orders').set(values).where('id', '=', orderId).where('payment_status', '=', from).executeTakeFirst();
    return Number(set.numUpdatedRows) === 1;
  }

  async insertNote(orderId: number, userId: number, text: string, at: string, q: Q = this.db): Promise<void> {
    await q.insertInto('order_notes').values({ order_id: orderId, user_id: userId, text, at }).execute();
  }

  /** An order's lines: which product, how many units. */
  itemsOf(orderId: number, q: Q = this.db) {
    return q.selectFrom('order_items').select(['product_id', 'qty']).where('order_id', '=', orderId).execute();
  }

  /** A shopper's own order's lines, for buy again (services/buy-again.ts); undefined for anyone else's order. */
  async linesToBuyAgain(userId: number, orderId: number, q: Q = this.db) {
    if (!(await this.findOwned(userId, orderId, q))) return undefined;
    const items = await q.selectFrom('order_items').select(['product_id', 'name_en', 'name_ar', 'qty', 'smells_json', 'gift_id'])
      .where('order_id', '=', orderId).orderBy('id').execute();
    return items.map(({ smells_json, ...i }) => ({ ...i, smells: JSON.parse(smells_json) as { en: string; ar: string }[] }));
  }
}
