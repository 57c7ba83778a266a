import type { Kysely } from 'kysely';

// State that every server instance must share once several run on one
// database (docs/architecture.md, "Several instances"):
//
// - rate_limits: the request limits' counters (log-in failures per account,
//   log-ins per address, the routes limited with `config.rateLimit`). A key is
//   the limit's name and what it counts ("login-failures|1.2.3.4|#7"); a row
//   counts `hits` until `reset_at` (ms since the epoch), after which the next
//   hit opens a new window. Expired rows are swept now and then.
// - idempotency_keys.lease_until: a key in flight is held by a lease (ms since
//   the epoch) that its holder renews while its request runs. A retry takes
//   the key over once the lease has run out: its holder died, on whatever
//   host. `holder` becomes a random token per claim, so the holder's final
//   write can check that the key is still its own.
//
// Portable DDL (SQLite and PostgreSQL).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
  await db.schema.dropTable('rate_limits').execute();
}
