// The shop owner's command line: `npm run shop -- <command>`.
//   order:list                                   the latest orders
//   order:status <number> <status>               move an order along, or cancel it
//   staff:add <email> --role owner|staff [--password <p>] [--name "First Last"] [--phone <phone>]
//                                                make a back-office account (or give an account a role)
//   staff:reset <email>                          a new one-time password for a back-office account
import { openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../settings.ts';
import { OrdersRepository } from '../plugins/app/orders/orders-repository.ts';
import { StockRepository } from '../plugins/app/stock/stock-repository.ts';
import { CouponsRepository } from '../plugins/app/coupons/coupons-repository.ts';
import { PointsRepository } from '../plugins/app/points/points-repository.ts';
import { AuditRepository } from '../plugins/app/back-office/audit-repository.ts';
import { StaffRepository } from '../plugins/app/back-office/staff-repository.ts';
import { OrderStatusService } from '../services/order-status.ts';
import { OrderMails } from '../mail/order-mails.ts';
import { queueMail } from '../mail/mail-queue.ts';
import { allowedNext, ORDER_STATUSES, type OrderStatus } from '../domain/order-status.ts';
import { toEgp } from '../domain/money.ts';
import { AppError } from '../errors.ts';
import { t } from '../i18n/messages.ts';
import { hashPassword, oneTimePassword } from '../auth/passwords.ts';
import { emailProblem, normalizePhone } from '../contract/rules.ts';

const USAGE = `Usage:
  npm run shop -- order:list
  npm run shop -- order:status <number> <status>
  npm run shop -- staff:add <email> --role owner|staff [--password <p>] [--name "First Last"] [--phone <phone>]
  npm run shop -- staff:reset <email>
Statuses: ${ORDER_STATUSES.join(', ')} (write "on the way" in quotes, or on-the-way).
Without --password, staff:add prints a one-time password, to be changed at the first sign-in.`;

const COMMANDS = ['order:list', 'order:status', 'staff:add', 'staff:reset'];

/** `--name value` pairs and the words around them. */
function options(args: string[]): { words: string[]; flags: Map<string, string> } {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith('--')) {
      flags.set(args[i].slice(2), args[i + 1] ?? '');
      i++;
    } else {
      words.push(args[i]);
    }
  }
  return { words, flags };
}

/** Says a refusal in English, naming the order; a refused move names the statuses as the command takes them. */
async function refusal(db: Db, number: string, status: string, error: AppError): Promise<string> {
  const order = error.key === 'order_transition' ? await new OrdersRepository(db).findByNumber(number) : undefined;
  if (!order) return `Order ${number}: ${t('en', error.key, error.params)}`;
  const next = allowedNext(order.status as OrderStatus);
  return `Order ${number} is "${order.status}" and cannot become "${status}". ${next.length ? `It can become: ${next.join(', ')}.` : 'It is final.'}`;
}

async function addStaff(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const { words, flags } = options(args);
  const email = (words[0] ?? '').trim().toLowerCase();
  const role = flags.get('role');
  if (!email || emailProblem(email) !== null || (role !== 'owner' && role !== 'staff')) {
    out(USAGE);
    return 2;
  }
  const given = flags.get('password');
  if (given !== undefined && given.length < 6) {
    out('The password must be at least 6 characters.');
    return 2;
  }
  const phoneGiven = flags.get('phone');
  const phone = phoneGiven ? normalizePhone(phoneGiven) : null;
  if (phoneGiven && !phone) {
    out('The phone must be an Egyptian mobile number of 11 digits.');
    return 2;
  }
  // The owner's Staff screen adds people the same way (plugins/app/back-office/staff-repository.ts).
  const staff = new StaffRepository(db, new AuditRepository(db));
  let added;
  try {
    added = await staff.add({ email, name: flags.get('name') ?? email.split('@')[0], role, password: given, phone }, null, { changeRole: true });
  } catch (error) {
    if (error instanceof AppError && error.key === 'staff_last_owner') {
      out(`${email} is the shop's last owner: make another account owner first (${t('en', error.key)})`);
      return 1;
    }
    throw error;
  }
  if (added.was !== null) {
    out(`${email} is now ${role}. ${given ? 'Its password was set.' : 'Its password is unchanged (staff:reset gives it a one-time password).'}`);
  } else {
    out(added.oneTimePassword === null
      ? `Made ${email} (${role}). Sign in at /sign-in with the password given.`
      : `Made ${email} (${role}). One-time password: ${added.oneTimePassword}\nShown only now; it must be changed at the first sign-in.`);
  }
  return 0;
}

async function resetStaff(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const email = (args[0] ?? '').trim().toLowerCase();
  const account = email ? await db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst() : undefined;
  if (!account || account.role === 'shopper') {
    out(email ? `No back-office account ${email}.` : USAGE);
    return email ? 1 : 2;
  }
  const password = oneTimePassword();
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: await hashPassword(password), must_change_password: 1 }).where('id', '=', account.id).execute();
    // Whoever held the old password is signed out everywhere.
    await trx.updateTable('tokens').set({ revoked_at: at }).where('user_id', '=', account.id).where('revoked_at', 'is', null).execute();
    await new AuditRepository(db).record({ userId: null, action: 'staff.reset', target: `account ${email}` }, at, trx);
  });
  out(`New one-time password for ${email}: ${password}\nShown only now; it must be changed at the first sign-in. Every session of the account was signed out.`);
  return 0;
}

export async function runShop(argv: string[], databaseUrl = loadConfig().databaseUrl, out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command)) {
    out(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const opened = openDatabase(databaseUrl);
  const number = (rest[0] ?? '').toUpperCase();
  const status = rest.slice(1).join(' ').trim().toLowerCase().replace(/[-_]+/g, ' ');
  try {
    await migrateToLatest(opened.db);
    if (command === 'staff:add') return await addStaff(opened.db, rest, out);
    if (command === 'staff:reset') return await resetStaff(opened.db, rest, out);
    const orders = new OrdersRepository(opened.db);
    if (command === 'order:list') {
      const rows = await orders.listAll();
      if (rows.length === 0) out('No orders yet.');
      for (const o of rows) {
        out(`${o.number.padEnd(10)}  ${o.status.padEnd(16)}  EGP ${toEgp(o.total).toFixed(2).padStart(10)}  ${o.payment.padEnd(8)}  ${o.shiping.padEnd(4)}  ${o.delivery_date}  ${o.email}`);
      }
      return 0;
    }
    if (!number || !status) {
      out(USAGE);
      return 2;
    }
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      out(`"${status}" is not an order status. Use one of: ${ORDER_STATUSES.join(', ')}.`);
      return 1;
    }
    const statuses = new OrderStatusService(opened.db, {
      orders, stock: new StockRepository(opened.db), coupons: new CouponsRepository(opened.db), points: new PointsRepository(opened.db),
      audit: new AuditRepository(opened.db),
      // The shopper's mail is queued with the change; the running server sends it (docs/mail.md).
      mails: new OrderMails({ add: queueMail, kick: () => {} }, loadConfig().publicUrl),
    });
    // No reason of its own: the shopper's cancellation mail says only what the shop wrote (none here);
    // the audit and history say it came from the command line (no staff member).
    const { from, to } = await statuses.change(number, status, { userId: null }, null);
    out(`Order ${number}: ${from} → ${to}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out(await refusal(opened.db, number, status, error));
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runShop(process.argv.slice(2));
}
