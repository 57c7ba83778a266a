// The owner's outbox (docs/mail.md, "The outbox"): the rows of the mail
// queue as the owner reads them, and a failed mail put back in the queue.
import type { Db } from '../../../db/database.ts';
import { notFound, refused } from '../../../errors.ts';
import type { MAIL_KINDS, MAIL_STATUSES } from '../../../contract/admin-mails.ts';
import type { AuditRepository } from './audit-repository.ts';
import { ADMIN_PER_PAGE, meta } from './back-office-repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export class OutboxRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
    /** whether the sender writes this kind's mails at each try (mail-queue.ts, Writer) */
    private readonly writtenAtSending: (kind: string) => boolean,
  ) {}

  /**
   * The mails, newest first. A forgotten password's request that the sender
   * has not looked up yet is left out: it holds only what someone typed, and
   * it is dropped when that names no account. Once it names one (user_id),
   * it is listed; between tries its words are empty, written afresh (a new
   * link) at each (docs/mail.md, "The outbox").
   */
  #rows() {
    return this.db.selectFrom('mails as m').leftJoin('orders as o', 'o.id', 'm.order_id')
      .where((eb) => eb.or([eb('m.kind', '!=', 'password_reset'), eb('m.user_id', 'is not', null)]));
  }

  async list(status: (typeof MAIL_STATUSES)[number] | undefined, page: number) {
    let q = this.#rows();
    if (status) q = q.where('m.status', '=', status);
    const [totalRow, failedRow, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.db.selectFrom('mails').where('status', '=', 'failed').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      q.select([
        'm.id', 'm.kind', 'm.lang', 'm.to_address', 'm.subject', 'm.status', 'm.attempts', 'm.last_error',
        'm.next_attempt_at', 'm.created_at', 'm.sent_at', 'o.number as order_number',
      ]).orderBy('m.id', 'desc').limit(ADMIN_PER_PAGE).offset((page - 1) * ADMIN_PER_PAGE).execute(),
    ]);
    return { mails: rows.map(shown), meta: meta(page, Number(totalRow?.n ?? 0)), failed: Number(failedRow?.n ?? 0) };
  }

  async get(id: number) {
    const row = await this.#rows().where('m.id', '=', id).select([
      'm.id', 'm.kind', 'm.lang', 'm.to_address', 'm.subject', 'm.status', 'm.attempts', 'm.last_error',
      'm.next_attempt_at', 'm.created_at', 'm.sent_at', 'o.number as order_number', 'm.html', 'm.text',
    ]).executeTakeFirst();
    if (!row) throw notFound('mail_not_found');
    return { ...shown(row), html: row.html, text: row.text };
  }

  /**
   * Sends a failed mail again: queued, due now, its tries counted afresh
   * (one conditional write: two owners pressing at once queue it once). Audited.
   */
  async retry(id: number, by: number, now = Date.now()) {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('mails').select('kind').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('mail_not_found');
      // A mail its sender writes goes with new words (a new link), not what failed.
      const unwritten = this.writtenAtSending(row.kind) ? { subject: '', html: '', text: '' } : {};
      const taken = await trx.updateTable('mails').set({ status: 'queued', attempts: 0, next_attempt_at: now, locked_until: null, ...unwritten })
        .where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw refused('mail_not_failed');
      await this.audit.record({ userId: by, action: 'mail.retry', target: `mail ${id}`, before: { status: 'failed' }, after: { status: 'queued' } }, new Date(now).toISOString(), trx);
    });
    return this.get(id);
  }
}

interface Row {
  id: number; kind: string; lang: string; to_address: string; subject: string; status: string; attempts: number;
  last_error: string | null; next_attempt_at: number | null; created_at: string; sent_at: string | null; order_number: string | null;
}

function shown(row: Row) {
  return {
    id: row.id,
    kind: row.kind as (typeof MAIL_KINDS)[number],
    lang: row.lang === 'ar' ? 'ar' as const : 'en' as const,
    to: row.to_address,
    subject: row.subject,
    status: row.status as (typeof MAIL_STATUSES)[number],
    attempts: Number(row.attempts),
    last_error: row.last_error,
    // Only a queued mail waits for a time; a sent or failed one has none to show.
    next_attempt_at: row.status === 'queued' ? iso(row.next_attempt_at) : null,
    created_at: row.created_at,
    sent_at: row.sent_at,
    order_number: row.order_number,
  };
}
