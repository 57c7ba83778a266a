// npm run bench:api — autocannon on loopback against the real server, next to
// a bare Fastify hello-world measured in the same run, in three setups one
// after another: one instance on a fresh seeded SQLite file; one instance on
// a fresh PostgreSQL; three instances on one PostgreSQL behind HAProxy (the
// deploy layout, scripts/cluster.ts). Prints req/s, p99 and the ratio to
// hello-world side by side (bench/report.ts); writes the figures to
// bench/results/. A setup whose PostgreSQL or HAProxy is not installed is
// skipped and said so (docs/architecture.md, "What the API bench measures").
//
//   BENCH_SECONDS=10        each measurement's length
//   BENCH_CONNECTIONS=10    autocannon's connections
//   BENCH_WARMUP_SECONDS=3  the warm-up before each route's measurement, per instance
//   BENCH_SETUPS=sqlite,postgres,postgres-3-haproxy   only these setups
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { haproxyInstalled, postgresInstalled, startCluster, startPostgres } from '../scripts/cluster.ts';
import { freePort } from '../scripts/free-port.ts';
import { API_SETUPS as SETUPS, apiReport, type ApiSetup as Setup } from './report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Before each route's measurement, per instance: a server's first seconds are slower (its JIT warms up). */
const WARM_UP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SHOPPERS = 20;

export const ROUTES = ['GET /api/products/details/{id}', 'GET /api/showCard', 'POST /api/addToCard'] as const;
export type Route = (typeof ROUTES)[number];

/** The least ratio to hello-world wanted, on the setup the budgets were set for (one instance on SQLite). */
const TARGETS: Partial<Record<Route, number>> = { 'GET /api/products/details/{id}': 0.6, 'POST /api/addToCard': 0.35 };

/** Every server the bench starts, in every setup: the same settings. */
const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  SHOP_AUTH_RATE_LIMIT_MAX: '1000',
  // Every connection of the bench comes from one address (BENCH_CONNECTIONS may be many), and
  // autocannon keeps sending on a connection the server closes after its last request: those
  // would count as 503s, a figure of the bench tool, not of the route.
  MAX_CONNECTIONS_PER_ADDRESS: '100000',
  MAX_REQUESTS_PER_CONNECTION: '1000000000',
};

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      // The IPC channel ties it to the bench: if the bench dies, even killed outright, it stops.
      cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const port = env.PORT;
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${env.READY_PATH ?? '/'}`);
        if (res.ok) return resolve(child);
      } catch { /* not yet */ }
      if (Date.now() > deadline) return reject(new Error(`${script} did not start`));
      setTimeout(poll, 200);
    };
    poll();
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Figure { name: string; rps: number; p99: number; non2xx: number; errors: number }

export interface ApiRow extends Figure {
  setup: Setup;
  /** req/s relative to hello-world's in the same run */
  ratio: number;
  /** the least ratio wanted, or null for the yardstick and unbudgeted routes */
  target: number | null;
}

export interface ApiBenchResult {
  node: string;
  cores: number;
  duration: number;
  connections: number;
  /** hello-world before the setups, after them, and the mean the ratios are to */
  hello: { before: Figure; after: Figure; rps: number; p99: number };
  rows: ApiRow[];
  /** setups not measured, and why (not installed, not chosen) */
  skipped: { setup: Setup; reason: string }[];
  /** setups that were to be measured and failed */
  failed: { setup: Setup; error: string }[];
  /** the api-*.json written, relative to the repository */
  file: string;
}

// What a shopper's browser sends on every request, hello-world included.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', lang: 'en' };

async function measure(name: string, opts: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, headers: BROWSER_HEADERS, ...opts });
  return { name, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** A running setup: the API's base URL, a way to give every product plenty of stock (returning the product ids), and how to stop it. */
interface Target {
  base: string;
  /** how many server instances share the requests */
  instances: number;
  stockUp(): Promise<number[]>;
  stop(): Promise<void>;
}

const STOCK = 'update products set stock = 1000000';

async function stockUpPostgres(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(STOCK);
    return (await client.query<{ id: number }>('select id from products order by id')).rows.map((r) => Number(r.id));
  } finally {
    await client.end();
  }
}

/** One server, as `npm start` runs it, on `databaseUrl` (a fresh one: the server migrates and seeds it). */
export async function startServer(tmp: string, databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = String(await freePort());
  const child = await start('server/server.ts', {
    ...SERVER_ENV, PORT: port, HOST: '127.0.0.1', DATABASE_URL: databaseUrl, MEDIA_DIR: path.join(tmp, 'media'),
    DIST_DIR: path.join(tmp, 'no-dist'), READY_PATH: '/api/health',
  });
  return { base: `http://127.0.0.1:${port}/api`, child };
}

const STARTERS: Record<Setup, (tmp: string) => Promise<Target>> = {
  async sqlite(tmp) {
    const dbFile = path.join(tmp, 'attar.db');
    const { base, child } = await startServer(tmp, dbFile);
    return {
      base,
      instances: 1,
      async stockUp() {
        const raw = new Database(dbFile);
        try {
          raw.prepare(STOCK).run();
          return (raw.prepare('select id from products order by id').all() as { id: number }[]).map((r) => r.id);
        } finally {
          raw.close();
        }
      },
      stop: () => stopChild(child),
    };
  },
  async postgres(tmp) {
    // A directory of its own: startPostgres opens it to the postgres user when run as root.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-pg-'));
    const db = await startPostgres(dir).catch((error: unknown) => {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    });
    const stopDb = () => {
      db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    try {
      const { base, child } = await startServer(tmp, db.url);
      return {
        base,
        instances: 1,
        stockUp: () => stockUpPostgres(db.url),
        async stop() {
          await stopChild(child);
          stopDb();
        },
      };
    } catch (error) {
      stopDb();
      throw error;
    }
  },
  async 'postgres-3-haproxy'(tmp) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-cluster-'));
    // startCluster stops what it started when it fails.
    const cluster = await startCluster({
      instances: 3, port: 0, database: 'postgres', dir, distDir: path.join(tmp, 'no-dist'),
      // The bench's connections and its set-up requests all come from this one address.
      env: SERVER_ENV, maxConnectionsPerAddress: Math.max(32, CONNECTIONS + 16),
    }).catch((error: unknown) => {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    });
    return {
      base: `${cluster.url}/api`,
      instances: cluster.instances.length,
      stockUp: () => stockUpPostgres(cluster.databaseUrl),
      async stop() {
        await cluster.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Why a setup cannot run on this machine, or null when it can. */
function missing(setup: Setup): string | null {
  const absent = [
    ...(setup !== 'sqlite' && !postgresInstalled() ? ['PostgreSQL (apt-get install -y postgresql)'] : []),
    ...(setup === 'postgres-3-haproxy' && !haproxyInstalled() ? ['HAProxy (apt-get install -y haproxy)'] : []),
  ];
  return absent.length ? `not installed: ${absent.join(', ')}` : null;
}

function chosenSetups(value: string | undefined): Set<Setup> {
  const keys = SETUPS.map((s) => s.key);
  if (!value?.trim()) return new Set(keys);
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(keys as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_SETUPS: unknown setup(s) ${unknown.join(', ')}; known: ${keys.join(', ')}`);
  return new Set(names as Setup[]);
}

/** Shoppers with a few lines each in their cart, as real carts are; then the three routes, one after another, each warmed up first. */
async function measureSetup(target: Target): Promise<Figure[]> {
  const { base } = target;
  // Enough stock that adding to cart never hits the limit during the run.
  const productIds = await target.stockUp();
  const tokens: string[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const res = await fetch(`${base}/user/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench', last_name: 'Shopper', email: `bench${i}@example.com`, phone: `0155${String(i).padStart(7, '0')}`,
        password: 'secret123', password_confirmation: 'secret123', birth_date: '1990-01-01',
      }),
    });
    if (!res.ok) throw new Error(`registering a shopper: ${res.status} ${await res.text()}`);
    tokens.push(((await res.json()) as { data: { token: string } }).data.token);
  }
  for (const token of tokens) {
    for (const id of productIds.slice(0, 4)) {
      const res = await fetch(`${base}/addToCard`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ product_id: id }),
      });
      if (!res.ok) throw new Error(`filling a cart: ${res.status} ${await res.text()}`);
      await res.body?.cancel();
    }
  }
  const detailsId = productIds[0];
  let turn = 0;
  const nextShopper = () => tokens[turn++ % tokens.length];
  const routes: Record<Route, autocannon.Options> = {
    'GET /api/products/details/{id}': { url: `${base}/products/details/${detailsId}` },
    'GET /api/showCard': {
      url: `${base}/showCard`,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${nextShopper()}` } }) }],
    },
    'POST /api/addToCard': {
      url: `${base}/addToCard`,
      requests: [{
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${nextShopper()}` },
          body: JSON.stringify({ product_id: productIds[turn % productIds.length] }),
        }),
      }],
    },
  };
  const figures: Figure[] = [];
  for (const route of ROUTES) {
    // Each instance's JIT warms up on the requests it gets: behind the balancer, a third of them each.
    await measure('warm-up', { ...routes[route], duration: WARM_UP * target.instances });
    figures.push(await measure(route, routes[route]));
  }
  return figures;
}

/** Runs the whole API bench: prints its table, writes bench/results/api-*.json and returns the figures. */
export async function runApiBench(log: (line: string) => void = console.log): Promise<ApiBenchResult> {
  const chosen = chosenSetups(process.env.BENCH_SETUPS);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-'));
  const helloPort = String(await freePort());
  const hello = await start('bench/hello.ts', { PORT: helloPort });
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const figures: { setup: Setup; figures: Figure[] }[] = [];
  const skipped: ApiBenchResult['skipped'] = [];
  const failed: ApiBenchResult['failed'] = [];
  try {
    await measure('warm-up', { url: helloUrl, duration: WARM_UP });
    const before = await measure('hello-world', { url: helloUrl });
    // One setup at a time, stopped before the next starts: each has both cores to itself.
    for (const { key, label } of SETUPS) {
      const why = chosen.has(key) ? missing(key) : 'not chosen (BENCH_SETUPS)';
      if (why) {
        skipped.push({ setup: key, reason: why });
        log(`- ${label}: skipped, ${why}`);
        continue;
      }
      const t = Date.now();
      let target: Target | null = null;
      try {
        target = await STARTERS[key](tmp);
        figures.push({ setup: key, figures: await measureSetup(target) });
        log(`- ${label}: measured in ${((Date.now() - t) / 1000).toFixed(0)} s`);
      } catch (error) {
        // SQLite is the setup `npm start` runs: without its figures the bench has failed.
        if (key === 'sqlite') throw error;
        failed.push({ setup: key, error: error instanceof Error ? error.message : String(error) });
        log(`! ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await target?.stop();
      }
    }
    const after = await measure('hello-world', { url: helloUrl });
    const helloRps = (before.rps + after.rps) / 2;
    const rows: ApiRow[] = figures.flatMap(({ setup, figures: list }) => list.map((f) => ({
      ...f,
      setup,
      ratio: f.rps / helloRps,
      target: setup === 'sqlite' ? TARGETS[f.name as Route] ?? null : null,
    })));
    const at = new Date();
    const file = path.join(ROOT, 'bench', 'results', `api-${at.toISOString().replace(/[:.]/g, '-')}.json`);
    const result: ApiBenchResult = {
      node: process.version,
      cores: os.cpus().length,
      duration: DURATION,
      connections: CONNECTIONS,
      hello: { before, after, rps: helloRps, p99: Math.max(before.p99, after.p99) },
      rows,
      skipped,
      failed,
      file: path.relative(ROOT, file),
    };
    log('');
    log(apiReport(result));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ at: at.toISOString(), ...result }, null, 2));
    log(`\nwritten ${result.file}`);
    return result;
  } finally {
    await stopChild(hello);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Run on its own (`npm run bench:api`), not when bench/run.ts imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  // Ctrl-C: exit through process.exit, whose hooks stop the PostgreSQL and HAProxy started (scripts/cluster.ts).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
  const result = await runApiBench();
  if (result.failed.length) process.exitCode = 1;
}
