import { sql, type Kysely } from 'kysely';

// The shop's settings and staff from the back office, and prices that changed
// under a shopper's cart.
//
// - cart_items.price_seen: the unit price (piastres, the sale price when there
//   was one) the product had when the shopper put it in the cart. The cart
//   answers it beside today's price when the two differ, so a shopper whose
//   device kept an old cart is told before confirming (docs/decisions.md,
//   "A changed price is measured against the price the shopper added").
//   Lines already in carts get today's price: nothing changed since for them.
//
// The settings themselves need no new table: the owner's values are rows of
// `settings` (key, value), as the command line's and the environment's always
// were, and staff are accounts with a role (migration 005).
//
// Portable DDL (SQLite and PostgreSQL), in a transaction of its own on SQLite
// (Kysely runs a migration outside one there).
export async function up(db: Kysely<any>): Promise<void> {
  if (db.isTransaction) await priceSeen(db);
  else await db.transaction().execute(priceSeen);
}

async function priceSeen(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart_items').addColumn('price_seen', 'integer').execute();
  await db.updateTable('cart_items').set({
    price_seen: sql`(select coalesce(p.sale_price, p.price) from products as p where p.id = cart_items.product_id)`,
  }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart_items').dropColumn('price_seen').execute();
}
