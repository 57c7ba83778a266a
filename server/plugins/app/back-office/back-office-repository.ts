import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { LOW_STOCK } from '../../../contract/admin-products.ts';
import type { Lang } from '../../../i18n/messages.ts';
import { notFound, refused } from '../../../errors.ts';
import { toEgp } from '../../../domain/money.ts';
import { allowedNext, ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { addDays, dayInZone, dayStartInZone } from '../../../domain/calendar.ts';
import { normalizePhone, toLatinDigits } from '../../../contract/rules.ts';
import { localized } from '../../../contract/lang.ts';
import type { OrdersRepository } from '../orders/orders-repository.ts';
import { whatsappConfirmation } from './whatsapp.ts';
import type { AuditRepository } from './audit-repository.ts';

export const ADMIN_PER_PAGE = 20;

export const meta = (page: number, total: number, perPage = ADMIN_PER_PAGE) =>
  ({ page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) });

/** `%`, `_` and `\` taken literally in a LIKE pattern (with ESCAPE '\'). */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface OrdersFilter {
  status?: string;
  payment_status?: string;
  q?: string;
  /** Cairo days, YYYY-MM-DD, both included */
  from?: string;
  to?: string;
  page: number;
}

/** Low stock: at most this many units left, archived products left out (the owner's products list says the same). */
export { LOW_STOCK };

/**
 * The back office's reads: the dashboard's counts, the orders as the shop
 * sees them, the contact inbox and the customers. Writes that touch orders go
 * through the order use cases (services/order-status.ts); the inbox's and the
 * points' writes are here, each with its audit entry in the same transaction.
 */
export class BackOfficeRepository {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersRepository,
    private readonly audit: AuditRepository,
    private readonly timeZone: string,
  ) {}

  async dashboard(lang: Lang, owner: boolean, now = new Date()) {
    const today = dayInZone(now, this.timeZone);
    const start = dayStartInZone(today, this.timeZone);
    const end = dayStartInZone(addDays(today, 1), this.timeZone);
    const [todayRow, byStatus, awaiting, unread, lowStock, failedMails] = await Promise.all([
      this.db.selectFrom('orders')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('revenue')])
        .where('created_at', '>=', start).where('created_at', '<', end).where('status', '!=', 'cancelled')
        .executeTakeFirst(),
      this.db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
      this.db.selectFrom('orders').select(['payment_status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('payment_status', 'in', ['awaiting', 'reported']).where('status', '!=', 'cancelled').groupBy('payment_status').execute(),
      this.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('handled_at', 'is', null).executeTakeFirst(),
      this.db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(['p.id', 'p.name_en', 'p.name_ar', 'p.stock', 'p.main_image', 'p.price', 'p.sale_price', 'c.name_en as category_en', 'c.name_ar as category_ar'])
        .where('p.stock', '<=', LOW_STOCK).where('p.archived_at', 'is', null).orderBy('p.stock').orderBy('p.id').limit(20).execute(),
      owner ? this.db.selectFrom('mails').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').executeTakeFirst() : null,
    ]);
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const row of byStatus) if (row.status in counts) counts[row.status as OrderStatus] = Number(row.n);
    return {
      today: { day: today, orders: Number(todayRow?.n ?? 0), revenue: toEgp(Number(todayRow?.revenue ?? 0)) },
      by_status: counts,
      awaiting_payment: Number(awaiting.find((row) => row.payment_status === 'awaiting')?.n ?? 0),
      payment_reported: Number(awaiting.find((row) => row.payment_status === 'reported')?.n ?? 0),
      unread_messages: Number(unread?.n ?? 0),
      failed_mails: failedMails ? Number(failedMails.n) : null,
      low_stock: lowStock.map((p) => ({
        id: p.id,
        name: localized(p, 'name', lang),
        image: p.main_image,
        stock: p.stock,
        price: toEgp(p.price),
        price_after_sale: p.sale_price === null ? null : toEgp(p.sale_price),
        category_name: localized({ name_en: p.category_en, name_ar: p.category_ar }, 'name', lang),
      })),
    };
  }

  /**
   * The shop's orders, newest first, filtered by status, payment status and
   * Cairo days, and searched by order number (ATR-10001 or 10001), phone (any
   * writing, Arabic digits too; the order's or the account's) or name.
   */
  async listOrders(filter: OrdersFilter) {
    let q = this.db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
    if (filter.status) q = q.where('o.status', '=', filter.status);
    if (filter.payment_status) q = q.where('o.payment_status', '=', filter.payment_status);
    if (filter.from) q = q.where('o.created_at', '>=', dayStartInZone(filter.from, this.timeZone));
    if (filter.to) q = q.where('o.created_at', '<', dayStartInZone(addDays(filter.to, 1), this.timeZone));
    const text = toLatinDigits(filter.q ?? '').trim().replace(/\s+/g, ' ');
    if (text) {
      const number = /^atr-?(\d{5,9})$/i.exec(text);
      const phone = normalizePhone(text);
      const digits = text.replace(/[\s()+-]/g, '');
      if (number) {
        q = q.where('o.number', '=', `ATR-${number[1]}`);
      } else if (phone) {
        q = q.where((eb) => eb.or([eb('o.phone', '=', phone), eb('u.phone', '=', phone)]));
      } else if (/^\d{3,}$/.test(digits)) {
        // Bare digits: an order's number without its ATR- (10001), or part of a phone (the last digits a caller reads out).
        const pattern = `%${likeEscape(digits)}%`;
        q = q.where((eb) => eb.or([
          eb('o.number', '=', `ATR-${digits}`),
          eb('o.phone', 'like', sql<string>`${pattern} escape '\\'`),
          eb('u.phone', 'like', sql<string>`${pattern} escape '\\'`),
        ]));
      } else {
        const pattern = `%${likeEscape(text.toLowerCase())}%`;
        q = q.where((eb) => eb.or([
          eb(eb.fn('lower', ['o.username']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', [sql`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`]), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['u.email']), 'like', sql<string>`${pattern} escape '\\'`),
        ]));
      }
    }
    const totalRow = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const rows = await q
      .select(['o.id', 'o.number', 'o.created_at', 'o.status', 'o.total', 'o.payment', 'o.payment_status', 'o.shiping', 'o.delivery_date',
        'o.username', 'o.phone', 'o.address_json', 'u.first_name', 'u.last_name'])
      .select((eb) => eb.selectFrom('order_items as i').whereRef('i.order_id', '=', 'o.id')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('i.qty'), e.lit(0)).as('n')).as('items_count'))
      .orderBy('o.id', 'desc').limit(ADMIN_PER_PAGE).offset((filter.page - 1) * ADMIN_PER_PAGE).execute();
    return {
      orders: rows.map((r) => ({
        id: r.id,
        number: r.number,
        created_at: r.created_at,
        status: r.status,
        total: toEgp(r.total),
        items_count: Number(r.items_count ?? 0),
        payment: r.payment,
        payment_status: r.payment_status,
        shiping: r.shiping,
        delivery_date: r.delivery_date,
        customer: { name: r.username, phone: r.phone },
        governorate: (JSON.parse(r.address_json) as { government: string }).government,
      })),
      meta: meta(filter.page, total),
    };
  }

  /** An order as the shop sees it: the shopper's view, the customer, the payment, the notes, who moved it, and what it may become. */
  async orderDetail(number: string, lang: Lang) {
    const o = await this.orders.findByNumber(number);
    if (!o) throw notFound('order_not_found');
    const [detail, customer, counts, notes, history] = await Promise.all([
      this.orders.detailOf(o, lang),
      this.db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'phone']).where('id', '=', o.user_id).executeTakeFirstOrThrow(),
      this.db.selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('orders'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'cancelled').then(1).else(0).end()).as('cancelled'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'delivered').then(1).else(0).end()).as('delivered'),
        ])
        .where('user_id', '=', o.user_id).where('id', '!=', o.id).executeTakeFirst(),
      this.db.selectFrom('order_notes as n').innerJoin('users as u', 'u.id', 'n.user_id')
        .select(['n.text', 'n.at', 'u.first_name', 'u.last_name']).where('n.order_id', '=', o.id).orderBy('n.id').execute(),
      this.db.selectFrom('order_status_history as h').leftJoin('users as u', 'u.id', 'h.by_user_id')
        .select(['h.status', 'h.at', 'h.reason', 'u.first_name', 'u.last_name']).where('h.order_id', '=', o.id).orderBy('h.id').execute(),
    ]);
    return {
      ...detail,
      lang: o.lang,
      paid_at: o.paid_at,
      customer: {
        id: customer.id,
        name: `${customer.first_name} ${customer.last_name}`,
        email: customer.email,
        phone: customer.phone,
        earlier_orders: Number(counts?.orders ?? 0),
        earlier_cancelled: Number(counts?.cancelled ?? 0),
        earlier_delivered: Number(counts?.delivered ?? 0),
      },
      notes: notes.map((n) => ({ by: `${n.first_name} ${n.last_name}`, text: n.text, at: n.at })),
      status_history: history.map((h) => ({
        status: h.status, at: h.at, reason: h.reason, by: h.first_name === null ? null : `${h.first_name} ${h.last_name}`,
      })),
      next_statuses: allowedNext(o.status as OrderStatus),
      whatsapp: whatsappConfirmation(o, detail.items_count),
    };
  }

  /** The contact inbox: unread first, then newest first; `handled` filters. */
  async messages(handled: boolean | undefined, page: number) {
    let q = this.db.selectFrom('contact_messages');
    if (handled !== undefined) q = q.where('handled_at', handled ? 'is not' : 'is', null);
    const totalRow = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const rows = await q.select(['id', 'name', 'email', 'phone', 'message', 'created_at', 'handled_at'])
      .orderBy(sql`case when handled_at is null then 0 else 1 end`).orderBy('id', 'desc')
      .limit(ADMIN_PER_PAGE).offset((page - 1) * ADMIN_PER_PAGE).execute();
    return { messages: rows.map((m) => ({ ...m, handled: m.handled_at !== null })), meta: meta(page, total) };
  }

  /** Marks a message handled (again: no change). */
  async markHandled(id: number, by: number) {
    return this.db.transaction().execute(async (trx) => {
      const m = await trx.selectFrom('contact_messages').select(['id', 'name', 'email', 'phone', 'message', 'created_at', 'handled_at'])
        .where('id', '=', id).executeTakeFirst();
      if (!m) throw notFound('message_not_found');
      if (m.handled_at !== null) return { ...m, handled: true };
      const at = new Date().toISOString();
      await trx.updateTable('contact_messages').set({ handled_at: at, handled_by: by }).where('id', '=', id).where('handled_at', 'is', null).execute();
      await this.audit.record({ userId: by, action: 'message.handled', target: `message ${id}`, before: { handled: false }, after: { handled: true } }, at, trx);
      return { ...m, handled_at: at, handled: true };
    });
  }

  /** Customers (shoppers' accounts), newest first, searched by name, email or phone. */
  async customers(search: string | undefined, page: number) {
    let q = this.db.selectFrom('users as u').where('u.role', '=', 'shopper');
    const text = toLatinDigits(search ?? '').trim().replace(/\s+/g, ' ');
    if (text) {
      const phone = normalizePhone(text);
      const pattern = `%${likeEscape(text.toLowerCase())}%`;
      q = q.where((eb) => eb.or([
        ...(phone ? [eb('u.phone', '=', phone)] : []),
        eb(eb.fn('lower', ['u.email']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', [sql`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`]), 'like', sql<string>`${pattern} escape '\\'`),
        eb('u.phone', 'like', sql<string>`${pattern} escape '\\'`),
      ]));
    }
    const totalRow = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const rows = await q.select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone', 'u.points', 'u.created_at'])
      .select((eb) => eb.selectFrom('orders as o').whereRef('o.user_id', '=', 'u.id').select((e) => e.fn.countAll<number>().as('n')).as('orders_count'))
      .orderBy('u.id', 'desc').limit(ADMIN_PER_PAGE).offset((page - 1) * ADMIN_PER_PAGE).execute();
    return { customers: rows.map((c) => this.#customer(c)), meta: meta(page, total) };
  }

  /** One customer with their orders (newest 50) and their points ledger (newest 50). */
  async customer(id: number) {
    const c = await this.db.selectFrom('users as u').select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone', 'u.points', 'u.created_at'])
      .select((eb) => eb.selectFrom('orders as o').whereRef('o.user_id', '=', 'u.id').select((e) => e.fn.countAll<number>().as('n')).as('orders_count'))
      .where('u.id', '=', id).where('u.role', '=', 'shopper').executeTakeFirst();
    if (!c) throw notFound('customer_not_found');
    const [orders, ledger] = await Promise.all([
      this.db.selectFrom('orders').select(['id', 'number', 'created_at', 'status', 'payment_status', 'total'])
        .where('user_id', '=', id).orderBy('id', 'desc').limit(50).execute(),
      this.db.selectFrom('points_ledger').select(['delta', 'reason', 'created_at'])
        .where('user_id', '=', id).orderBy('id', 'desc').limit(50).execute(),
    ]);
    return {
      customer: {
        ...this.#customer(c),
        orders: orders.map((o) => ({ ...o, total: toEgp(o.total) })),
        points_history: ledger.map((l) => ({ delta: l.delta, reason: l.reason, at: l.created_at })),
      },
    };
  }

  /**
   * Adds (or takes, `delta` < 0) points with the owner's reason, in the
   * ledger; never below 0. The balance is changed by a guarded update, so two
   * adjustments at once cannot both pass the check.
   */
  async adjustPoints(id: number, delta: number, reason: string, by: number) {
    await this.db.transaction().execute(async (trx) => {
      const c = await trx.selectFrom('users').select(['id', 'points']).where('id', '=', id).where('role', '=', 'shopper').executeTakeFirst();
      if (!c) throw notFound('customer_not_found');
      const at = new Date().toISOString();
      // Taking points needs them there; giving is always allowed (a balance in debt from a cancelled order too).
      let update = trx.updateTable('users').set((eb) => ({ points: eb('points', '+', delta) })).where('id', '=', id);
      if (delta < 0) update = update.where('points', '>=', -delta);
      const changed = await update.executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw refused('points_below_zero', { points: Math.max(0, c.points) });
      await trx.insertInto('points_ledger').values({ user_id: id, delta, reason: `adjusted: ${reason}`, order_id: null, created_at: at }).execute();
      await this.audit.record({ userId: by, action: 'customer.points', target: `customer ${id}`, before: { points: c.points }, after: { points: c.points + delta, delta, reason } }, at, trx);
    });
    return this.customer(id);
  }

  #customer(c: { id: number; first_name: string; last_name: string; email: string; phone: string; points: number; created_at: string; orders_count: number | null }) {
    return {
      id: c.id, name: `${c.first_name} ${c.last_name}`, email: c.email, phone: c.phone,
      orders_count: Number(c.orders_count ?? 0), points: c.points, created_at: c.created_at,
    };
  }
}
