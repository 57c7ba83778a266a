import type { Db, Q } from '../../../db/database.ts';

/** All SQL that moves a shopper's points: the balance and its ledger, written together. */
export class PointsRepository {
  constructor(private readonly db: Db) {}

  /** Spends points on an order, only while the balance holds them. Answers whether they were spent. */
  async spend(userId: number, points: number, orderId: number, at: string, q: Q = this.db): Promise<boolean> {
    const spent = await q.updateTable('users').set((eb) => ({ points: eb('points', '-', points) }))
      .where('id', '=', userId).where('points', '>=', points).executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await q.insertInto('points_ledger').values({ user_id: userId, delta: -points, reason: 'order_spent', order_id: orderId, created_at: at }).execute();
    return true;
  }

  /** Credits the points an order earned. */
  async earn(userId: number, points: number, orderId: number, at: string, q: Q = this.db): Promise<void> {
    await q.updateTable('users').set((eb) => ({ points: eb('points', '+', points) })).where('id', '=', userId).execute();
    await q.insertInto('points_ledger').values({ user_id: userId, delta: points, reason: 'order_earned', order_id: orderId, created_at: at }).execute();
  }

  /** Gives back the points a cancelled order spent. */
  async refund(userId: number, points: number, orderId: number, at: string, q: Q = this.db): Promise<void> {
    await q.updateTable('users').set((eb) => ({ points: eb('points', '+', points) })).where('id', '=', userId).execute();
    await q.insertInto('points_ledger').values({ user_id: userId, delta: points, reason: 'order_cancel_refund', order_id: orderId, created_at: at }).execute();
  }

  /**
   * Takes back the points a cancelled order earned, all of them, even below
   * zero (docs/rules.md, "Points").
   */
  async revoke(userId: number, points: number, orderId: number, at: string, q: Q = this.db): Promise<void> {
    await q.updateTable('users').set((eb) => ({ points: eb('points', '-', points) })).where('id', '=', userId).execute();
    await q.insertInto('points_ledger').values({ user_id: userId, delta: -points, reason: 'order_cancel_revoke', order_id: orderId, created_at: at }).execute();
  }
}
