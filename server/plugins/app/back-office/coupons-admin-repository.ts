import { sql, type Selectable } from 'kysely';
import type { Db, Q } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import type { CouponsTable } from '../../../db/schema.ts';
import { couponStanding } from '../../../domain/coupon.ts';
import { dayInZone } from '../../../domain/calendar.ts';
import { toEgp } from '../../../domain/money.ts';
import { FieldErrors, notFound } from '../../../errors.ts';
import type { AuditRepository } from './audit-repository.ts';

/** A coupon as the owner wrote it, checked and in the database's units (piastres, 0/1, days). */
export interface CouponInput {
  /** upper-case, Latin digits */
  code: string;
  kind: 'percent' | 'fixed';
  /** a percent, or piastres */
  value: number;
  min_subtotal: number;
  max_uses: number | null;
  /** 1: once per customer; null: no limit per customer */
  per_user_limit: 1 | null;
  starts_on: string | null;
  expires_on: string | null;
  active: 0 | 1;
}

/** The coupon as the back office reads it (server/contract/admin-coupons.ts), where it stands `today`. */
export function adminCoupon(row: Selectable<CouponsTable>, today: string) {
  const standing = couponStanding(row, today);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as 'percent' | 'fixed',
    value: row.kind === 'percent' ? row.value : toEgp(row.value),
    min_order: toEgp(row.min_subtotal),
    max_uses: row.max_uses,
    once_per_customer: row.per_user_limit === 1,
    starts_at: row.starts_on,
    ends_at: row.expires_on,
    active: row.active === 1,
    uses: row.used_count,
    standing,
    active_now: standing === 'active',
  };
}

type AdminCoupon = ReturnType<typeof adminCoupon>;
/** The fields the owner writes, as the audit records them (the API's names and units). */
const WRITTEN = ['code', 'kind', 'value', 'min_order', 'max_uses', 'once_per_customer', 'starts_at', 'ends_at', 'active'] as const;
const written = (c: AdminCoupon) => Object.fromEntries(WRITTEN.map((k) => [k, c[k]]));

/**
 * The owner's coupons: listed with their uses and where they stand today, made and changed, each
 * write audited in its own transaction. What a coupon does at checkout is the cart's and the
 * checkout's (cart-repository.ts, coupons-repository.ts), which read the same row.
 */
export class CouponsAdminRepository {
  constructor(private readonly db: Db, private readonly audit: AuditRepository, private readonly timeZone: string) {}

  #today() {
    return dayInZone(new Date(), this.timeZone);
  }

  /** Newest first. */
  async list() {
    const today = this.#today();
    const rows = await this.db.selectFrom('coupons').selectAll().orderBy('id', 'desc').execute();
    return rows.map((r) => adminCoupon(r, today));
  }

  async one(id: number, q: Q = this.db) {
    const row = await q.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('coupon_not_found_admin');
    return adminCoupon(row, this.#today());
  }

  async create(input: CouponInput, by: number) {
    return this.#write(async (trx) => {
      await this.#codeFree(trx, input.code, null);
      const { id } = await trx.insertInto('coupons').values({ ...input, used_count: 0 }).returning('id').executeTakeFirstOrThrow();
      const made = await this.one(id, trx);
      await this.audit.record({ userId: by, action: 'coupon.create', target: `coupon ${made.code}`, after: written(made) }, new Date().toISOString(), trx);
      return made;
    });
  }

  async update(id: number, input: CouponInput, by: number) {
    return this.#write(async (trx) => {
      // A write first: on PostgreSQL the row is locked until the end, so "before" is what this change replaced.
      const found = await trx.updateTable('coupons').set((eb) => ({ code: eb.ref('code') })).where('id', '=', id).executeTakeFirst();
      if (Number(found.numUpdatedRows) !== 1) throw notFound('coupon_not_found_admin');
      const was = written(await this.one(id, trx));
      await this.#codeFree(trx, input.code, id);
      await trx.updateTable('coupons').set(input).where('id', '=', id).execute();
      const saved = await this.one(id, trx);
      const now = written(saved);
      const fields = WRITTEN.filter((k) => was[k] !== now[k]);
      if (fields.length > 0) {
        await this.audit.record({
          userId: by, action: 'coupon.update', target: `coupon ${saved.code}`,
          before: Object.fromEntries(fields.map((k) => [k, was[k]])), after: Object.fromEntries(fields.map((k) => [k, now[k]])),
        }, new Date().toISOString(), trx);
      }
      return saved;
    });
  }

  /** No other coupon has the code, whatever its case. */
  async #codeFree(q: Q, code: string, self: number | null) {
    let other = q.selectFrom('coupons').select('id').where(sql<string>`upper(code)`, '=', code);
    if (self !== null) other = other.where('id', '!=', self);
    if (await other.executeTakeFirst()) new FieldErrors().add('code', 'coupon_code_taken').throwIfAny();
  }

  /** A write in its own transaction; two owners saving the same new code at once: the database's unique code refuses the second. */
  async #write<T>(work: (trx: Q) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) new FieldErrors().add('code', 'coupon_code_taken').throwIfAny();
      throw error;
    }
  }
}
