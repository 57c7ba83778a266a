import type { Kysely } from 'kysely';

// Which server process holds a key in flight (host, pid and that process's
// start): a retry takes over at once a key whose holder is known to be gone
// (killed, crashed), and waits on one another live process holds. Keys stored
// before have no holder and keep the old rule (taken over when claimed
// before this process started).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('holder', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('holder').execute();
}
