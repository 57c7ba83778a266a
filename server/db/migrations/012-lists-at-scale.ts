import { sql, type Kysely } from 'kysely';
import { isPostgres, type Q } from '../database.ts';
import { refreshRatings } from '../product-ratings.ts';

// Lists at 50,000 products (docs/architecture.md, "Lists at scale"):
// - products.reviews_count and products.rate_halves_sum: a card's stars read
//   from its own row instead of grouping every review per request; filled
//   here from the reviews already written.
// - products_created_idx: the newest-first list of what is on sale read in
//   its order from the index alone, a deep page by skipping index entries.
//   On SQLite (archived_at, created_at, id): `archived_at is null` fixes the
//   leading column. PostgreSQL does not take IS NULL as fixing a column (an
//   index led by archived_at gave it no order: it sorted the catalog, 46 ms
//   for page 2,000), so there it is (created_at, id) of the products on sale,
//   a partial index (2.8 ms); SQLite's planner passed that one by. products_units_sold_idx: the best sellers
//   (home, the footer) in their order instead of sorting the catalog;
//   product_search_names: the search index's name terms alone, for the
//   search box's suggestions (names only).
// Portable DDL (SQLite and PostgreSQL).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('reviews_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('products').addColumn('rate_halves_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await refreshRatings(db as unknown as Q);
  // The same walk on each database, written the way each planner takes it.
  if (isPostgres(db)) {
    await db.schema.createIndex('products_created_idx').on('products').columns(['created_at', 'id'])
      .where(sql.ref('archived_at'), 'is', null).execute();
  } else {
    await db.schema.createIndex('products_created_idx').on('products').columns(['archived_at', 'created_at', 'id']).execute();
  }
  await db.schema.createIndex('products_units_sold_idx').on('products').columns(['units_sold', 'id']).execute();
  await db.schema.createIndex('product_search_names').on('product_search').columns(['term', 'product_id'])
    .where(sql.ref('field'), '=', sql.lit(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_search_names').execute();
  await db.schema.dropIndex('products_units_sold_idx').execute();
  await db.schema.dropIndex('products_created_idx').execute();
  await db.schema.alterTable('products').dropColumn('rate_halves_sum').execute();
  await db.schema.alterTable('products').dropColumn('reviews_count').execute();
}
