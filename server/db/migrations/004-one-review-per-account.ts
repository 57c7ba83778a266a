import { sql, type Kysely } from 'kysely';

// One review per account and product. Until now every send added a row, so
// one account could pile up reviews on a product (and its average). Each
// account keeps its latest review of a product (the newest created_at, then
// the highest id) and loses the others; a unique index then makes the
// database itself refuse a second row, so the send route can be an upsert.
// `updated_at` is null until the review is first edited.
//
// A second index serves the product page's newest-first pages of reviews
// and its counts; it starts with product_id, so it replaces the old index on
// product_id alone.
//
// Kysely runs SQLite migrations outside a transaction (PostgreSQL's inside
// one): on SQLite this one opens its own, so a crash half-way leaves the
// table as it was, duplicates and all, to be migrated again.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.isTransaction) await oneReviewPerAccount(db);
  else await db.transaction().execute(oneReviewPerAccount);
}

async function oneReviewPerAccount(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('reviews')
    .where(({ exists, selectFrom }) => exists(
      selectFrom('reviews as newer')
        .select(sql.lit(1).as('one'))
        .whereRef('newer.user_id', '=', 'reviews.user_id')
        .whereRef('newer.product_id', '=', 'reviews.product_id')
        .where((eb) => eb.or([
          eb('newer.created_at', '>', eb.ref('reviews.created_at')),
          eb.and([eb('newer.created_at', '=', eb.ref('reviews.created_at')), eb('newer.id', '>', eb.ref('reviews.id'))]),
        ])),
    ))
    .execute();
  await db.schema.alterTable('reviews').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('reviews_user_product_uq').on('reviews').columns(['user_id', 'product_id']).unique().execute();
  await db.schema.createIndex('reviews_product_created_idx').on('reviews').columns(['product_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('reviews_product_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The reviews deleted on the way up stay deleted.
  await db.schema.createIndex('reviews_product_idx').on('reviews').column('product_id').execute();
  await db.schema.dropIndex('reviews_product_created_idx').execute();
  await db.schema.dropIndex('reviews_user_product_uq').execute();
  await db.schema.alterTable('reviews').dropColumn('updated_at').execute();
}
