// The shop owner's command line: `npm run shop -- <command>`.
//   order:list                       the latest orders
//   order:status <number> <status>   move an order along, or cancel it
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../settings.ts';
import { OrdersRepository } from '../plugins/app/orders/orders-repository.ts';
import { StockRepository } from '../plugins/app/stock/stock-repository.ts';
import { CouponsRepository } from '../plugins/app/coupons/coupons-repository.ts';
import { PointsRepository } from '../plugins/app/points/points-repository.ts';
import { OrderStatusService, OrderTransitionError } from '../services/order-status.ts';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { toEgp } from '../domain/money.ts';

const USAGE = `Usage:
  npm run shop -- order:list
  npm run shop -- order:status <number> <status>
Statuses: ${ORDER_STATUSES.join(', ')} (write "on the way" in quotes, or on-the-way).`;

export async function runShop(argv: string[], databaseUrl = loadConfig().databaseUrl, out = console.log): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'order:list' && command !== 'order:status') {
    out(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const opened = openDatabase(databaseUrl);
  try {
    await migrateToLatest(opened.db);
    const orders = new OrdersRepository(opened.db);
    if (command === 'order:list') {
      const rows = await orders.listAll();
      if (rows.length === 0) out('No orders yet.');
      for (const o of rows) {
        out(`${o.number.padEnd(10)}  ${o.status.padEnd(16)}  EGP ${toEgp(o.total).toFixed(2).padStart(10)}  ${o.payment.padEnd(8)}  ${o.shiping.padEnd(4)}  ${o.delivery_date}  ${o.email}`);
      }
      return 0;
    }
    const [number, ...words] = rest;
    const status = words.join(' ').trim().toLowerCase().replace(/[-_]+/g, ' ');
    if (!number || !status) {
      out(USAGE);
      return 2;
    }
    const statuses = new OrderStatusService(opened.db, {
      orders, stock: new StockRepository(opened.db), coupons: new CouponsRepository(opened.db), points: new PointsRepository(opened.db),
    });
    const { from, to } = await statuses.change(number.toUpperCase(), status);
    out(`Order ${number.toUpperCase()}: ${from} → ${to}`);
    return 0;
  } catch (error) {
    if (error instanceof OrderTransitionError) {
      out(error.message);
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
