import { sql, type Kysely } from 'kysely';

// Product photos the owner uploads, in the sizes the shop serves them at.
//
// - product_images.width/height: the picture's size as it shows (after the
//   camera's rotation); null for a picture the server did not make (the demo
//   shop's SVGs, anything older).
// - product_images.variants: JSON, the sizes made from it, smallest first:
//   [{ width, height, url, type, bytes }] (WebP, content-hashed file names
//   under /media/products/); null where there are none. One JSON column
//   rather than a table: the variants are always read and written whole,
//   with their picture, and never searched.
// - products.main_image_id: which of the product's pictures (kind 'gallery')
//   is its main one; products.main_image keeps that picture's URL, which the
//   shop reads everywhere, in step. Null: the product has no picture, and
//   main_image names the shop's placeholder.
//
// Every existing product's main image becomes one of its pictures (the first,
// sort 0, or the gallery row that already holds it), so the owner manages one
// list: the pictures, one of which is main.
//
// Portable DDL and data (SQLite and PostgreSQL). main_image_id names its row
// without a foreign key, as 005 does for its columns: SQLite cannot drop a
// column that has one (the way down). Kysely runs a SQLite migration outside
// a transaction, so it opens its own.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.isTransaction) await imageVariants(db);
  else await db.transaction().execute(imageVariants);
}

async function imageVariants(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('product_images').addColumn('width', 'integer').execute();
  await s.alterTable('product_images').addColumn('height', 'integer').execute();
  await s.alterTable('product_images').addColumn('variants', 'text').execute();
  await s.alterTable('products').addColumn('main_image_id', 'integer').execute();
  // A product's pictures in their order (the photos screen, the product page).
  await s.createIndex('product_images_order_idx').on('product_images').columns(['product_id', 'kind', 'sort', 'id']).execute();

  // The main image as one of the product's pictures: the gallery row that holds it, else a new first row.
  await sql`insert into product_images (product_id, image, kind, sort)
    select p.id, p.main_image, 'gallery', 0 from products p
    where not exists (select 1 from product_images i where i.product_id = p.id and i.kind = 'gallery' and i.image = p.main_image)`.execute(db);
  await sql`update products set main_image_id = (
    select min(i.id) from product_images i where i.product_id = products.id and i.kind = 'gallery' and i.image = products.main_image
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  // The rows made for main images go again (the URL stays in products.main_image).
  await sql`delete from product_images where sort = 0 and kind = 'gallery'
    and id in (select main_image_id from products where main_image_id is not null)`.execute(db);
  await s.dropIndex('product_images_order_idx').execute();
  await s.alterTable('products').dropColumn('main_image_id').execute();
  await s.alterTable('product_images').dropColumn('variants').execute();
  await s.alterTable('product_images').dropColumn('height').execute();
  await s.alterTable('product_images').dropColumn('width').execute();
}
