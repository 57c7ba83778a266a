import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as idempotencyRoutes from './migrations/002-idempotency-routes.ts';
import * as idempotencyHolder from './migrations/003-idempotency-holder.ts';

// Migrations are listed here rather than read from a folder, so they work the
// same under tsx, in tests and in a bundle.
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-idempotency-routes': idempotencyRoutes,
  '003-idempotency-holder': idempotencyHolder,
};

const provider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
