// Moving an order along its statuses, and cancelling it: the use case that
// writes across the order, its history, stock, coupons and points. The rule of
// which status may follow which is server/domain/order-status.ts; the
// repositories only run SQL; everything happens in ONE transaction, so a
// cancelled order has given back all it took, or nothing (docs/rules.md,
// "Order statuses" and "Cancelling").
import type { Db } from '../db/database.ts';
import { allowedNext, canTransition, isOrderStatus, ORDER_STATUSES, type OrderStatus } from '../domain/order-status.ts';
import type { CouponsRepository } from '../plugins/app/coupons/coupons-repository.ts';
import type { OrdersRepository } from '../plugins/app/orders/orders-repository.ts';
import type { PointsRepository } from '../plugins/app/points/points-repository.ts';
import type { StockRepository } from '../plugins/app/stock/stock-repository.ts';

/** Why a status change was refused, in words for whoever asked (the shop's command line). */
export class OrderTransitionError extends Error {}

export interface OrderStatusRepositories {
  orders: OrdersRepository;
  stock: StockRepository;
  coupons: CouponsRepository;
  points: PointsRepository;
}

export class OrderStatusService {
  constructor(private readonly db: Db, private readonly repos: OrderStatusRepositories) {}

  /**
   * Moves an order one step along pending → confirmed → on the way → out for
   * delivery → delivered, or cancels it from pending or confirmed, giving back
   * its stock, coupon use and spent points and taking back the points it earned.
   */
  async change(number: string, to: string): Promise<{ number: string; from: OrderStatus; to: OrderStatus }> {
    if (!isOrderStatus(to)) throw new OrderTransitionError(`"${to}" is not an order status. Use one of: ${ORDER_STATUSES.join(', ')}.`);
    const { orders, stock, coupons, points } = this.repos;
    return this.db.transaction().execute(async (trx) => {
      const order = await orders.findByNumber(number, trx);
      if (!order) throw new OrderTransitionError(`No order numbered ${number}.`);
      const from = order.status as OrderStatus;
      if (!canTransition(from, to)) {
        const next = allowedNext(from);
        throw new OrderTransitionError(
          `Order ${number} is "${from}" and cannot become "${to}". ` +
          (next.length ? `It can become: ${next.join(', ')}.` : 'It is final.'),
        );
      }
      const now = new Date().toISOString();
      if (!await orders.moveStatus(order.id, from, to, trx)) throw new OrderTransitionError(`Order ${number} changed meanwhile; try again.`);
      await orders.insertHistory(order.id, to, now, trx);
      if (to === 'cancelled') {
        for (const item of await orders.itemsOf(order.id, trx)) await stock.restore(item.product_id, item.qty, trx);
        if (order.coupon_id !== null) await coupons.releaseUse(order.coupon_id, order.id, trx);
        if (order.points_used > 0) await points.refund(order.user_id, order.points_used, order.id, now, trx);
        // All of them, even when some were spent already: the balance then carries the debt
        // (below zero, so unusable) and later orders pay it off. Capping at the balance would
        // let a shopper spend the points of an order they then refuse at the door.
        if (order.points_earned > 0) await points.revoke(order.user_id, order.points_earned, order.id, now, trx);
      }
      return { number, from, to };
    });
  }
}
