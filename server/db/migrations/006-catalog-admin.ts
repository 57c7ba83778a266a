import { sql, type Kysely } from 'kysely';

// The owner's catalog (the back office's products screen and its CSV).
//
// - products.archived_at: when the owner took the product off sale; null
//   while it is on sale. An archived product leaves the shop's lists,
//   searches and home rows and cannot be added to a cart, but its row stays:
//   orders, carts and reviews point at it, and no route deletes a product.
// - products_code_uq: a product code names one product, so a CSV line can be
//   matched to its product by code. The seed's codes are unique; a shop whose
//   codes are not (empty, or typed twice) keeps the first product's code and
//   the others get their id appended ("P-7" for an empty one), so the index can
//   be made and no product is lost.
// - indexes for the back office's list, newest first, filtered by archived,
//   category and low stock, without reading the whole table or sorting it:
//   (archived_at) walks ids in order for "on sale" / "archived";
//   (category_id, archived_at) the same within a category;
//   (stock) the few products low on stock, lowest first (the dashboard's too).
//
// Portable DDL (SQLite and PostgreSQL); on SQLite Kysely runs a migration
// outside a transaction, so it opens its own.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.isTransaction) await catalogAdmin(db);
  else await db.transaction().execute(catalogAdmin);
}

async function catalogAdmin(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('products').addColumn('archived_at', 'text').execute();
  await sql`update products set product_code = 'P-' || id where trim(product_code) = ''`.execute(db);
  await sql`update products set product_code = product_code || '-' || id
    where id not in (select min(id) from products group by product_code)`.execute(db);
  await s.createIndex('products_code_uq').on('products').column('product_code').unique().execute();
  await s.createIndex('products_archived_idx').on('products').column('archived_at').execute();
  await s.createIndex('products_category_archived_idx').on('products').columns(['category_id', 'archived_at']).execute();
  await s.createIndex('products_stock_idx').on('products').column('stock').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  for (const index of ['products_stock_idx', 'products_category_archived_idx', 'products_archived_idx', 'products_code_uq']) {
    await s.dropIndex(index).execute();
  }
  await s.alterTable('products').dropColumn('archived_at').execute();
}
