import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

// Idempotency-Key moves from checkout alone to every replayable change, so a
// key's hash now names the route too (method, route, params and the body's
// hash: see plugins/app/idempotency). Keys already stored were all checkout
// keys hashed from the body alone; they are rewritten into the new form here,
// so a checkout retried across the upgrade still replays its order instead
// of being refused as a different request (and placed again under a new key).
// The formula is spelled out rather than imported: a migration must keep
// meaning what it meant when it ran.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('response_type', 'text').execute();
  const rows = await db.selectFrom('idempotency_keys').select(['id', 'request_hash']).execute();
  for (const row of rows as { id: number; request_hash: string }[]) {
    const hash = crypto.createHash('sha256').update(JSON.stringify(['POST', '/api/checkout', {}, row.request_hash])).digest('hex');
    await db.updateTable('idempotency_keys').set({ request_hash: hash }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The body-only hashes cannot be recovered from the new ones: under the old
  // code a retry with a key stored since then answers 422 (a mismatch).
  await db.schema.alterTable('idempotency_keys').dropColumn('response_type').execute();
}
