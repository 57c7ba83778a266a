// npm run bench:api — autocannon on loopback against the real server on a
// fresh seeded SQLite file, next to a bare Fastify hello-world measured in the
// same run. Prints req/s, p99 and the ratio to hello-world; writes the
// figures to bench/results/.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SHOPPERS = 20;

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'],
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

export interface Figure { name: string; rps: number; p99: number; non2xx: number; errors: number }

export interface ApiRow extends Figure {
  /** req/s relative to hello-world's in the same run */
  ratio: number;
  /** the least ratio wanted, or null for the yardstick and unbudgeted routes */
  target: number | null;
}

export interface ApiBenchResult {
  node: string;
  duration: number;
  connections: number;
  rows: ApiRow[];
  /** the api-*.json written, relative to the repository */
  file: string;
}

// What a shopper's browser sends on every request, hello-world included.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', lang: 'en' };

async function measure(name: string, opts: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, headers: BROWSER_HEADERS, ...opts });
  return { name, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Runs the whole API bench: prints its table, writes bench/results/api-*.json and returns the figures. */
export async function runApiBench(): Promise<ApiBenchResult> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-'));
  const dbFile = path.join(tmp, 'attar.db');
  const helloPort = '18081';
  const shopPort = '18080';
  const hello = await start('bench/hello.ts', { PORT: helloPort });
  const shop = await start('server/server.ts', {
    PORT: shopPort, HOST: '127.0.0.1', DATABASE_URL: dbFile, MEDIA_DIR: path.join(tmp, 'media'), LOG_LEVEL: 'warn',
    DIST_DIR: path.join(tmp, 'no-dist'), SHOP_AUTH_RATE_LIMIT_MAX: '1000', READY_PATH: '/api/health',
    // Every connection of the bench comes from one address (BENCH_CONNECTIONS may be many), and
    // autocannon keeps sending on a connection the server closes after its last request: those
    // would count as 503s, a figure of the bench tool, not of the route.
    MAX_CONNECTIONS_PER_ADDRESS: '100000', MAX_REQUESTS_PER_CONNECTION: '1000000000',
  });
  const base = `http://127.0.0.1:${shopPort}/api`;
  try {
    // Enough stock that adding to cart never hits the limit during the run.
    const raw = new Database(dbFile);
    raw.prepare('update products set stock = 1000000').run();
    const productIds = (raw.prepare('select id from products order by id').all() as { id: number }[]).map((r) => r.id);
    raw.close();

    const tokens: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const res = await fetch(`${base}/user/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Bench', last_name: 'Shopper', email: `bench${i}@example.com`, phone: `0155${String(i).padStart(7, '0')}`,
          password: 'secret123', password_confirmation: 'secret123', birth_date: '1990-01-01',
        }),
      });
      tokens.push(((await res.json()) as { data: { token: string } }).data.token);
    }
    // Each shopper has a few lines, as a real cart would.
    for (const token of tokens) {
      for (const id of productIds.slice(0, 4)) {
        await fetch(`${base}/addToCard`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ product_id: id }),
        });
      }
    }
    const detailsId = productIds[0];
    let turn = 0;
    const nextShopper = () => tokens[turn++ % tokens.length];

    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await measure('warm-up', { url: helloUrl, duration: 2 });
    await measure('warm-up', { url: `${base}/products/details/${detailsId}`, duration: 2 });
    const hello1 = await measure('hello-world', { url: helloUrl });
    const details = await measure('GET /api/products/details/{id}', { url: `${base}/products/details/${detailsId}` });
    const showCard = await measure('GET /api/showCard', {
      url: `${base}/showCard`,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${nextShopper()}` } }) }],
    });
    const addToCard = await measure('POST /api/addToCard', {
      url: `${base}/addToCard`,
      requests: [{
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${nextShopper()}` },
          body: JSON.stringify({ product_id: productIds[turn % productIds.length] }),
        }),
      }],
    });
    const hello2 = await measure('hello-world', { url: helloUrl });
    const helloRps = (hello1.rps + hello2.rps) / 2;
    const rows = [
      { ...hello1, name: 'hello-world (mean of before/after)', rps: helloRps, p99: Math.max(hello1.p99, hello2.p99) },
      details, showCard, addToCard,
    ];
    const targets: Record<string, number> = { 'GET /api/products/details/{id}': 0.6, 'POST /api/addToCard': 0.35 };
    console.log(`\nAPI bench: ${DURATION}s each, ${CONNECTIONS} connections, loopback, Node ${process.version}, ${os.cpus().length} cores\n`);
    console.log('| route | req/s | p99 ms | × hello-world | target | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|');
    const out: ApiRow[] = rows.map((r) => {
      const ratio = r.rps / helloRps;
      const target = targets[r.name];
      console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${ratio.toFixed(2)} | ${target ? `≥ ${target}` : ''} | ${r.non2xx + r.errors} |`);
      return { ...r, ratio, target: target ?? null };
    });
    const file = path.join(ROOT, 'bench', 'results', `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, duration: DURATION, connections: CONNECTIONS, rows: out }, null, 2));
    console.log(`\nwritten ${path.relative(ROOT, file)}`);
    return { node: process.version, duration: DURATION, connections: CONNECTIONS, rows: out, file: path.relative(ROOT, file) };
  } finally {
    hello.kill('SIGTERM');
    shop.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Run on its own (`npm run bench:api`), not when bench/run.ts imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await runApiBench();
