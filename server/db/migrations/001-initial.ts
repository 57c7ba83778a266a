import { sql, type Kysely } from 'kysely';
import { idColumn } from '../database.ts';

// Portable DDL only: integer, text and varchar columns, foreign keys and
// indexes that SQLite and PostgreSQL both understand.
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;

  await idColumn(db, s.createTable('users'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, s.createTable('tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await s.createIndex('tokens_user_idx').on('tokens').column('user_id').execute();

  await idColumn(db, s.createTable('categories'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db, s.createTable('products'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('overview_en', 'text', (c) => c.notNull())
    .addColumn('overview_ar', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_ar', 'text', (c) => c.notNull())
    .addColumn('how_to_use_en', 'text', (c) => c.notNull())
    .addColumn('how_to_use_ar', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('sale_price', 'integer')
    .addColumn('sale_type', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('model_number', 'text', (c) => c.notNull())
    .addColumn('main_image', 'text', (c) => c.notNull())
    .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('products_category_idx').on('products').column('category_id').execute();

  await idColumn(db, s.createTable('product_images'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('product_images_product_idx').on('product_images').column('product_id').execute();

  await idColumn(db, s.createTable('product_smells'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('product_smells_product_idx').on('product_smells').column('product_id').execute();

  await idColumn(db, s.createTable('gifts'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .execute();

  await s.createTable('product_gifts')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('gift_id', 'integer', (c) => c.notNull().references('gifts.id'))
    .addPrimaryKeyConstraint('product_gifts_pk', ['product_id', 'gift_id'])
    .execute();

  await idColumn(db, s.createTable('reviews'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rate_halves', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('reviews_product_idx').on('reviews').column('product_id').execute();

  await s.createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'product_id'])
    .execute();

  await idColumn(db, s.createTable('addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('government', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();

  await idColumn(db, s.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_on', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('per_user_limit', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db, s.createTable('carts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('points_applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, s.createTable('cart_items'))
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('smell_ids', 'text', (c) => c.notNull())
    .addColumn('gift_id', 'integer', (c) => c.references('gifts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cart_items_cart_product_uq', ['cart_id', 'product_id'])
    .execute();

  await idColumn(db, s.createTable('orders'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment', 'text', (c) => c.notNull())
    .addColumn('shiping', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address_json', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('coupon_discount', 'integer', (c) => c.notNull())
    .addColumn('points_used', 'integer', (c) => c.notNull())
    .addColumn('points_discount', 'integer', (c) => c.notNull())
    .addColumn('points_earned', 'integer', (c) => c.notNull())
    .addColumn('shipping_fee', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('wallet_phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();

  await idColumn(db, s.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('smells_json', 'text', (c) => c.notNull())
    .addColumn('gift_id', 'integer')
    .addColumn('gift_name_en', 'text')
    .addColumn('gift_name_ar', 'text')
    .execute();
  await s.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

  await idColumn(db, s.createTable('order_status_history'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('order_status_history_order_idx').on('order_status_history').column('order_id').execute();

  await idColumn(db, s.createTable('coupon_uses'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('once_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('coupon_uses_coupon_user_idx').on('coupon_uses').columns(['coupon_id', 'user_id']).execute();

  await idColumn(db, s.createTable('points_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('points_ledger_user_idx').on('points_ledger').column('user_id').execute();

  await idColumn(db, s.createTable('idempotency_keys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_user_key_uq', ['user_id', 'key'])
    .execute();
  await s.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await s.createTable('content')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value_en', 'text', (c) => c.notNull())
    .addColumn('value_ar', 'text', (c) => c.notNull())
    .execute();

  await s.createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, s.createTable('contact_messages'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}


export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'contact_messages', 'settings', 'content', 'idempotency_keys', 'points_ledger', 'coupon_uses',
    'order_status_history', 'order_items', 'orders', 'cart_items', 'carts', 'coupons', 'addresses',
    'favorites', 'reviews', 'product_gifts', 'gifts', 'product_smells', 'product_images', 'products',
    'categories', 'tokens', 'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
