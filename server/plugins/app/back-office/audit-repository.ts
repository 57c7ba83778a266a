import type { Db, Q } from '../../../db/database.ts';

export interface AuditEntry {
  /** who: a staff member's or the owner's account; null for the command line */
  userId: number | null;
  /** what, e.g. 'order.status', 'order.payment', 'customer.points' */
  action: string;
  /** which, e.g. 'order ATR-10001', 'customer 12' */
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * The back office's audit log: every write the shop's people make, in the
 * same transaction as the write itself, so one is never kept without the
 * other. Only ever appended to: no route updates or deletes an entry.
 */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry, at: string, q: Q = this.db): Promise<void> {
    await q.insertInto('audit_log').values({
      at,
      user_id: entry.userId,
      action: entry.action,
      target: entry.target,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    }).execute();
  }

  /** Newest first, a page at a time, with who made each change by name. */
  async list(page: number, perPage = 20) {
    const totalRow = await this.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const rows = await this.db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.at', 'a.action', 'a.target', 'a.before_json', 'a.after_json', 'u.first_name', 'u.last_name', 'u.email'])
      .orderBy('a.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
    return {
      entries: rows.map((r) => ({
        id: r.id,
        at: r.at,
        by: r.email === null ? null : { name: `${r.first_name} ${r.last_name}`, email: r.email },
        action: r.action,
        target: r.target,
        before: r.before_json === null ? null : JSON.parse(r.before_json) as unknown,
        after: r.after_json === null ? null : JSON.parse(r.after_json) as unknown,
      })),
      meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
    };
  }
}
