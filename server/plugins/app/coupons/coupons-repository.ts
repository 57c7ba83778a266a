import { sql } from 'kysely';
import type { Db, Q } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/database.ts';

/** All SQL that counts and records a coupon's uses. */
export class CouponsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one more use, only while the coupon applies to this order as it stands in the database
   * at the moment of the write: switched on, started, not ended, uses left, not yet used by this
   * shopper as often as allowed, and the order's subtotal at its minimum. One guarded UPDATE, so an
   * owner's change or another checkout that committed meanwhile is seen (PostgreSQL re-reads the
   * locked row), and the row stays locked until the order's transaction ends. Answers the coupon's
   * per-shopper limit as it is now (for recordUse), or null when nothing was counted.
   */
  async countUse(couponId: number, ctx: { userId: number; subtotal: number; today: string }, q: Q = this.db): Promise<{ per_user_limit: number | null } | null> {
    const counted = await q.updateTable('coupons').set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('id', '=', couponId)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('starts_on', 'is', null), eb('starts_on', '<=', ctx.today)]))
      .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', ctx.today)]))
      .where('min_subtotal', '<=', ctx.subtotal)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
      .where((eb) => eb.or([
        eb('per_user_limit', 'is', null),
        eb('per_user_limit', '>', eb.selectFrom('coupon_uses').select(sql<number>`count(*)`.as('n'))
          .where('coupon_id', '=', couponId).where('user_id', '=', ctx.userId)),
      ]))
      .returning(['per_user_limit'])
      .executeTakeFirst();
    return counted ?? null;
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
