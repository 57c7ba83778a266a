import type { Kysely } from 'kysely';

// The owner's coupons, edited in the back office (docs/rules.md, "Coupons"):
//
// - coupons.active: 1 while the coupon is offered; the owner switches it off
//   and on without losing its uses. Every coupon so far is on.
// - coupons.starts_on: its first valid Cairo day (null: valid from the start),
//   next to expires_on, its last, which stays as it is: the back office's
//   starts_at / ends_at are these two days.
//
// "Once per customer" is per_user_limit = 1, as before (with coupon_uses'
// unique once_key keeping it under concurrent checkouts); the minimum order
// is min_subtotal. Categories need no new column: their order on the home
// page is `sort`, which the back office renumbers 1…n as the owner moves them.
//
// Portable DDL (SQLite and PostgreSQL). Kysely runs SQLite migrations
// outside a transaction: this one opens its own, so a crash half-way leaves
// nothing half-made.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.isTransaction) await couponsForTheOwner(db);
  else await db.transaction().execute(couponsForTheOwner);
}

async function couponsForTheOwner(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('coupons').addColumn('starts_on', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('starts_on').execute();
  await db.schema.alterTable('coupons').dropColumn('active').execute();
}
