import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as idempotencyRoutes from './migrations/002-idempotency-routes.ts';
import * as idempotencyHolder from './migrations/003-idempotency-holder.ts';
import * as oneReviewPerAccount from './migrations/004-one-review-per-account.ts';
import * as backOffice from './migrations/005-back-office.ts';
import * as catalogAdmin from './migrations/006-catalog-admin.ts';
import * as imageVariants from './migrations/007-image-variants.ts';
import * as couponsCategories from './migrations/008-coupons-categories.ts';
import * as settingsStaff from './migrations/009-settings-staff.ts';
import * as sharedState from './migrations/010-shared-state.ts';
import * as searchIndex from './migrations/011-search-index.ts';
import * as listsAtScale from './migrations/012-lists-at-scale.ts';
import * as mail from './migrations/013-mail.ts';

// Migrations are listed here rather than read from a folder, so they work the
// same under tsx, in tests and in a bundle.
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-idempotency-routes': idempotencyRoutes,
  '003-idempotency-holder': idempotencyHolder,
  '004-one-review-per-account': oneReviewPerAccount,
  '005-back-office': backOffice,
  '006-catalog-admin': catalogAdmin,
  '007-image-variants': imageVariants,
  '008-coupons-categories': couponsCategories,
  '009-settings-staff': settingsStaff,
  '010-shared-state': sharedState,
  '011-search-index': searchIndex,
  '012-lists-at-scale': listsAtScale,
  '013-mail': mail,
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

/** Up (or down) to the named migration: for tests that build a database as an older version left it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
