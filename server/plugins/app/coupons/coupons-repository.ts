import type { Db, Q } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/database.ts';

/** All SQL that counts and records a coupon's uses. */
export class CouponsRepository {
  constructor(private readonly db: Db) {}

  /** Counts one more use, only while the coupon has uses left. Answers whether it was counted. */
  async countUse(couponId: number, q: Q = this.db): Promise<boolean> {
    const counted = await q.updateTable('coupons').set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    return Number(counted.numUpdatedRows) === 1;
  }

  /**
   * Records that a shopper used the coupon on an order. A coupon allowed once
   * per shopper stores a unique `coupon:user` key, so two orders racing for
   * it cannot both record it: answers false for the second.
   */
  async recordUse(coupon: { id: number; per_user_limit: number | null }, userId: number, orderId: number, at: string, q: Q = this.db): Promise<boolean> {
    try {
      await q.insertInto('coupon_uses').values({
        coupon_id: coupon.id, user_id: userId, order_id: orderId,
        once_key: coupon.per_user_limit === 1 ? `${coupon.id}:${userId}` : null,
        created_at: at,
      }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Gives back the use a cancelled order made of a coupon: its record goes and the count drops by one. */
  async releaseUse(couponId: number, orderId: number, q: Q = this.db): Promise<void> {
    await q.deleteFrom('coupon_uses').where('order_id', '=', orderId).execute();
    await q.updateTable('coupons').set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('id', '=', couponId).where('used_count', '>', 0).execute();
  }
}
