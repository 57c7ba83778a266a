import type { Kysely } from 'kysely';
import { idColumn } from '../database.ts';

// The back office: who may run the shop, and what it keeps about the work.
//
// - users.role: 'shopper' (every account so far, and every sign-up), 'staff'
//   or 'owner'; set only by the command line and the owner.
//   users.must_change_password: 1 while the account's password is a one-time
//   password someone else saw (the command line printed it).
// - orders.payment_status: 'unpaid' (cash on delivery until delivered),
//   'awaiting' (a wallet order with no transfer reported), 'reported', 'paid';
//   with the shopper's reported sender phone and reference, and the staff's
//   reference when marked paid; orders.lang, the language the shopper
//   ordered in (the shop writes to them in it; 'ar' for older orders, the
//   shop's first language). Existing orders get what they would have had:
//   delivered cash orders are paid, wallet orders are awaiting.
// - order_status_history: who made each change (null: the shopper, the
//   checkout or the command line) and the reason of a cancellation.
// - order_notes: the staff's notes on an order ("called, confirmed").
// - contact_messages.handled_at/handled_by: the inbox's "handled".
// - audit_log: every back-office write, who, what, when, before and after.
// - indexes for the back office's lists: orders by status, by payment status
//   and by day, messages unread first, accounts by role.
//
// Portable DDL (SQLite and PostgreSQL). Columns added to a table name the
// account they point at without a foreign key: SQLite cannot drop a column
// that has one (the way down), and accounts are never deleted. On SQLite Kysely runs a migration
// outside a transaction, so it opens its own: a crash half-way leaves
// nothing half-made.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.isTransaction) await backOffice(db);
  else await db.transaction().execute(backOffice);
}

async function backOffice(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('users').addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('shopper')).execute();
  await s.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.createIndex('users_role_idx').on('users').column('role').execute();

  await s.alterTable('orders').addColumn('payment_status', 'varchar(16)', (c) => c.notNull().defaultTo('unpaid')).execute();
  await s.alterTable('orders').addColumn('payment_sender_phone', 'text').execute();
  await s.alterTable('orders').addColumn('payment_reference', 'text').execute();
  await s.alterTable('orders').addColumn('paid_at', 'text').execute();
  await s.alterTable('orders').addColumn('lang', 'varchar(2)', (c) => c.notNull().defaultTo('ar')).execute();
  await db.updateTable('orders').set({ payment_status: 'awaiting' }).where('payment', '=', 'cach').execute();
  await db.updateTable('orders').set({ payment_status: 'paid' }).where('payment', '=', 'delivery').where('status', '=', 'delivered').execute();
  await s.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
  // A shopper's orders in a status (a verified buyer's delivered ones): without it the status
  // index above would be taken, and every delivered order of the shop read.
  await s.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status']).execute();
  await s.createIndex('orders_payment_status_idx').on('orders').columns(['payment_status', 'id']).execute();
  await s.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await s.createIndex('orders_phone_idx').on('orders').column('phone').execute();

  await s.alterTable('order_status_history').addColumn('by_user_id', 'integer').execute();
  await s.alterTable('order_status_history').addColumn('reason', 'text').execute();

  await idColumn(db, s.createTable('order_notes'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('order_notes_order_idx').on('order_notes').columns(['order_id', 'id']).execute();

  await s.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
  await s.alterTable('contact_messages').addColumn('handled_by', 'integer').execute();
  await s.createIndex('contact_messages_handled_idx').on('contact_messages').columns(['handled_at', 'id']).execute();

  await idColumn(db, s.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.dropTable('audit_log').ifExists().execute();
  await s.dropIndex('contact_messages_handled_idx').execute();
  await s.alterTable('contact_messages').dropColumn('handled_by').execute();
  await s.alterTable('contact_messages').dropColumn('handled_at').execute();
  await s.dropTable('order_notes').ifExists().execute();
  await s.alterTable('order_status_history').dropColumn('reason').execute();
  await s.alterTable('order_status_history').dropColumn('by_user_id').execute();
  for (const index of ['orders_user_status_idx', 'orders_phone_idx', 'orders_created_idx', 'orders_payment_status_idx', 'orders_status_idx', 'users_role_idx']) {
    await s.dropIndex(index).execute();
  }
  for (const column of ['lang', 'paid_at', 'payment_reference', 'payment_sender_phone', 'payment_status']) {
    await s.alterTable('orders').dropColumn(column).execute();
  }
  await s.alterTable('users').dropColumn('must_change_password').execute();
  await s.alterTable('users').dropColumn('role').execute();
}
