import type { Kysely } from 'kysely';
import { idColumn } from '../database.ts';

// Mail and password resets (docs/mail.md):
//
// - mails: every message the shop sends, kept as the owner's outbox. A row is
//   `queued` until a server instance claims it (`locked_until`, ms since the
//   epoch, so a crashed sender's claim runs out), then `sent`, `logged`
//   (written to the server's log: no SMTP_URL), or back to `queued` with
//   `next_attempt_at` later after a refusal, and `failed` after the last try.
//   A password reset is queued before it has a body: the request names a
//   login, and the sender looks the account up (so the request does the same
//   work whether or not it exists), writes the link and sends it.
// - password_resets: a reset link's token, stored hashed, single use, with its
//   expiry.
//
// Portable DDL (SQLite and PostgreSQL).
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('mails'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mails_due_idx').on('mails').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mails_created_idx').on('mails').columns(['created_at', 'id']).execute();
  await idColumn(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('mails').execute();
}
