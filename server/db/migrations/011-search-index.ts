import { sql, type Kysely } from 'kysely';
import { isPostgres, type Q } from '../database.ts';
import { indexProducts } from '../search-index.ts';

// The catalog's search index (docs/search.md): a product's normalized words,
// each with the field it comes from, found by the range of a typed prefix.
// The term is compared byte by byte on both databases (SQLite's default
// BINARY; PostgreSQL's "C" collation), so a prefix's range is the same on
// each and its index serves it. Filled here for the products already stored.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('product_search')
    .addColumn('term', isPostgres(db) ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('field', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_search_pk', ['term', 'product_id', 'field'])
    .execute();
  await db.schema.createIndex('product_search_product').on('product_search').column('product_id').execute();
  const ids = await db.selectFrom('products').select('id').execute();
  await indexProducts(db as unknown as Q, ids.map((r: { id: number }) => r.id));
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_search').execute();
}
