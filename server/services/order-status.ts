// What happens to an order after checkout: moving it along its statuses,
// cancelling it (by the shop, or by its shopper while it is pending), its
// payment (a transfer reported by the shopper, a payment recorded by the
// staff) and the staff's notes. Each use case is ONE transaction over the
// order, its history, stock, coupons, points and the audit log, so a
// cancelled order has given back all it took, or nothing (docs/rules.md,
// "Order statuses", "Cancelling" and "Payment status"). Which status may
// follow which is server/domain/order-status.ts; the repositories only run
// SQL.
//
// Every change is a compare-and-set on what was read (the status, the
// payment status): two staff members pressing at once, or a shopper
// cancelling while the shop confirms, make one change and one "changed
// meanwhile", never both.
import type { Selectable } from 'kysely';
import type { Db, Q } from '../db/database.ts';
import type { OrdersTable } from '../db/schema.ts';
import { allowedNext, canTransition, isOrderStatus, type OrderStatus } from '../domain/order-status.ts';
import { canReportTransfer, paymentAfterStatus } from '../domain/payment-status.ts';
import { notFound, refused } from '../errors.ts';
import { STATUS_NAMES } from '../i18n/messages.ts';
import type { CouponsRepository } from '../plugins/app/coupons/coupons-repository.ts';
import type { OrdersRepository } from '../plugins/app/orders/orders-repository.ts';
import type { PointsRepository } from '../plugins/app/points/points-repository.ts';
import type { StockRepository } from '../plugins/app/stock/stock-repository.ts';
import type { AuditRepository } from '../plugins/app/back-office/audit-repository.ts';
import type { OrderMails } from '../mail/order-mails.ts';

export interface OrderStatusRepositories {
  orders: OrdersRepository;
  stock: StockRepository;
  coupons: CouponsRepository;
  points: PointsRepository;
  audit: AuditRepository;
  /** the shopper's mail about each move, queued with it */
  mails: OrderMails;
}

/** Who makes a change: a staff member's account, the shopper's own (`shopper: true`), or the command line (null). */
export interface Actor {
  userId: number | null;
  shopper?: boolean;
}

type Order = Selectable<OrdersTable>;

export class OrderStatusService {
  constructor(private readonly db: Db, private readonly repos: OrderStatusRepositories) {}

  /**
   * Moves an order one step along pending → confirmed → on the way → out for
   * delivery → delivered, or cancels it from pending or confirmed (with a
   * reason), giving back its stock, coupon use and spent points and taking
   * back the points it earned. A cash order is paid once delivered.
   * Refusals are AppErrors: 404 for an unknown number, 422 for a move the
   * lifecycle does not allow or one that lost a race.
   */
  async change(number: string, to: string, by: Actor, reason: string | null = null) {
    const moved = await this.db.transaction().execute(async (trx) => {
      const order = await this.repos.orders.findByNumber(number, trx);
      if (!order) throw notFound('order_not_found');
      return this.#move(order, to, by, reason, trx);
    });
    this.repos.mails.kick();
    return moved;
  }

  /** The shopper cancels their own order, only while it is pending; anyone else's is "not found". */
  async cancelByShopper(userId: number, orderId: number, reason: string | null) {
    const moved = await this.db.transaction().execute(async (trx) => {
      const order = await this.repos.orders.findOwned(userId, orderId, trx);
      if (!order) throw notFound('order_not_found');
      if (order.status !== 'pending') throw refused(order.status === 'cancelled' ? 'payment_order_cancelled' : 'order_not_cancellable');
      return this.#move(order, 'cancelled', { userId, shopper: true }, reason, trx);
    });
    this.repos.mails.kick();
    return moved;
  }

  /** The shopper reports a Vodafone Cash transfer: the sender's wallet and the reference. They may correct it until it is paid. */
  async reportTransfer(userId: number, orderId: number, senderPhone: string, reference: string) {
    return this.db.transaction().execute(async (trx) => {
      const order = await this.repos.orders.findOwned(userId, orderId, trx);
      if (!order) throw notFound('order_not_found');
      this.#assertWallet(order);
      const at = new Date().toISOString();
      const after = { payment_status: 'reported', payment_sender_phone: senderPhone, payment_reference: reference };
      if (!await this.repos.orders.setPayment(order.id, order.payment_status, after, trx)) throw refused('order_changed_meanwhile');
      await this.repos.audit.record({
        userId, action: 'order.payment_reported', target: `order ${order.number}`,
        before: { payment_status: order.payment_status, payment_sender_phone: order.payment_sender_phone, payment_reference: order.payment_reference },
        after,
      }, at, trx);
      return order.id;
    });
  }

  /** The staff record a payment as received, with the transfer's reference when there is one. */
  async markPaid(number: string, by: Actor, reference: string | null) {
    return this.db.transaction().execute(async (trx) => {
      const order = await this.repos.orders.findByNumber(number, trx);
      if (!order) throw notFound('order_not_found');
      if (order.payment_status === 'paid') throw refused('payment_already_paid');
      const at = new Date().toISOString();
      const after = { payment_status: 'paid', payment_reference: reference ?? order.payment_reference, paid_at: at };
      if (!await this.repos.orders.setPayment(order.id, order.payment_status, after, trx)) throw refused('order_changed_meanwhile');
      await this.repos.audit.record({
        userId: by.userId, action: 'order.payment_paid', target: `order ${order.number}`,
        before: { payment_status: order.payment_status, payment_reference: order.payment_reference }, after,
      }, at, trx);
      return order.id;
    });
  }

  /** A staff member's note on an order ("called, confirmed"). */
  async addNote(number: string, by: Actor & { userId: number }, text: string) {
    return this.db.transaction().execute(async (trx) => {
      const order = await this.repos.orders.findByNumber(number, trx);
      if (!order) throw notFound('order_not_found');
      const at = new Date().toISOString();
      await this.repos.orders.insertNote(order.id, by.userId, text, at, trx);
      await this.repos.audit.record({ userId: by.userId, action: 'order.note', target: `order ${order.number}`, after: { text } }, at, trx);
      return order.id;
    });
  }

  #assertWallet(order: Order) {
    if (order.status === 'cancelled') throw refused('payment_order_cancelled');
    if (order.payment !== 'cach') throw refused('payment_not_wallet');
    if (!canReportTransfer(order.payment, order.status, order.payment_status)) throw refused('payment_already_paid');
  }

  async #move(order: Order, to: string, by: Actor, reason: string | null, trx: Q) {
    const { orders, stock, coupons, points, audit } = this.repos;
    const from = order.status as OrderStatus;
    if (!isOrderStatus(to) || !canTransition(from, to)) {
      throw refused('order_transition', { from: STATUS_NAMES[from] ?? from, to: STATUS_NAMES[to] ?? to });
    }
    const at = new Date().toISOString();
    if (!await orders.moveStatus(order.id, from, to, trx)) throw refused('order_changed_meanwhile');
    const staff = by.shopper ? null : by.userId;
    await orders.insertHistory(order.id, to, at, trx, staff, to === 'cancelled' ? reason : null);
    const paymentStatus = paymentAfterStatus(order.payment, order.payment_status, to);
    if (paymentStatus !== order.payment_status) {
      await orders.setPayment(order.id, order.payment_status, { payment_status: paymentStatus, paid_at: at }, trx);
    }
    if (to === 'cancelled') {
      for (const item of await orders.itemsOf(order.id, trx)) await stock.restore(item.product_id, item.qty, trx);
      if (order.coupon_id !== null) await coupons.releaseUse(order.coupon_id, order.id, trx);
      if (order.points_used > 0) await points.refund(order.user_id, order.points_used, order.id, at, trx);
      // All of them, even when some were spent already: the balance then carries the debt
      // (below zero, so unusable) and later orders pay it off. Capping at the balance would
      // let a shopper spend the points of an order they then refuse at the door.
      if (order.points_earned > 0) await points.revoke(order.user_id, order.points_earned, order.id, at, trx);
    }
    await audit.record({
      userId: by.userId, action: by.shopper ? 'order.cancelled_by_shopper' : 'order.status', target: `order ${order.number}`,
      before: { status: from, payment_status: order.payment_status }, after: { status: to, payment_status: paymentStatus, ...(reason ? { reason } : {}) },
    }, at, trx);
    await this.repos.mails.moved(trx, order.id, to, { byShopper: by.shopper === true, reason });
    return { id: order.id, number: order.number, from, to, next: allowedNext(to) };
  }
}
