// A real server process for the concurrency and crash tests: `server/server.ts`
// spawned with tsx, listening on a free port, on a SQLite file the test owns
// or on a PostgreSQL database (a fresh copy of the test template, shared by
// every instance of the test file), talked to over real HTTP (node:http, so
// every answer's bytes are seen as sent: no decompression, no pooling
// surprises). The test reads the database itself through LiveDatabase, the
// same SQL on either (docs/architecture.md, "Tests").
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { freePort, spawnServer, waitUntilUp } from '../shop-process.ts';
import { adminUrl, freshDatabase, postgresAvailable } from '../postgres.ts';

export { freePort };

export type LiveDialect = 'sqlite' | 'postgres';

/**
 * The database under the live servers, as an auditor opens it beside them: plain SQL with `?`
 * placeholders, written so that both databases read it the same (no SQLite-only or
 * PostgreSQL-only functions). Counts and sums come back as numbers on both.
 */
export interface LiveDatabase {
  readonly dialect: LiveDialect;
  /** what the server processes get as DATABASE_URL */
  readonly url: string;
  all<T = Record<string, unknown>>(query: string, ...params: unknown[]): Promise<T[]>;
  /** the first row, which must exist */
  one<T = Record<string, unknown>>(query: string, ...params: unknown[]): Promise<T>;
  /** answers how many rows changed */
  run(query: string, ...params: unknown[]): Promise<number>;
  /** closes the test's connections (and on PostgreSQL drops the database) */
  dispose(): Promise<void>;
}

/**
 * A SQLite file. Every call opens a short-lived connection of its own, as the shop owner's
 * command would: one left open across a SIGKILL of the server would see the file as it was.
 */
export function sqliteDatabase(file: string): LiveDatabase {
  const using = <T>(work: (db: BetterSqlite3.Database) => T): T => {
    const db = new BetterSqlite3(file, { timeout: 5000 });
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    dialect: 'sqlite',
    url: file,
    async all<T>(query: string, ...params: unknown[]) {
      return using((db) => db.prepare(query).all(...params) as T[]);
    },
    async one<T>(query: string, ...params: unknown[]) {
      const row = using((db) => db.prepare(query).get(...params) as T | undefined);
      if (row === undefined) throw new Error(`no row: ${query}`);
      return row;
    },
    async run(query: string, ...params: unknown[]) {
      return using((db) => db.prepare(query).run(...params).changes);
    },
    async dispose() {},
  };
}

/** PostgreSQL's types for bigint (count, sum of integers) and numeric: read as numbers, as the server does. */
const NUMBERS = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBERS.has(oid) ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … (the tests' SQL has no `?` of its own). */
const numbered = (query: string) => {
  let n = 0;
  return query.replace(/\?/g, () => `$${++n}`);
};

/** A fresh PostgreSQL database copied from the test template (tests/postgres.ts), with a small pool of the test's own. */
export async function postgresDatabase(): Promise<LiveDatabase> {
  const database = await freshDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 3, types });
  pool.on('error', () => undefined);
  const all = async <T>(query: string, ...params: unknown[]) => (await pool.query(numbered(query), params)).rows as T[];
  return {
    dialect: 'postgres',
    url: database.url,
    all,
    async one<T>(query: string, ...params: unknown[]) {
      const [row] = await all<T>(query, ...params);
      if (row === undefined) throw new Error(`no row: ${query}`);
      return row;
    },
    async run(query: string, ...params: unknown[]) {
      return (await pool.query(numbered(query), params)).rowCount ?? 0;
    },
    async dispose() {
      await pool.end().catch(() => undefined);
      await database.drop();
    },
  };
}

/**
 * The databases the stress files run on: SQLite always, PostgreSQL where it can be started
 * (the stress project's global setup started it: vitest.config.ts). Without it the file says so;
 * REQUIRE_POSTGRES=1 (CI) has already failed the run in vitest.config.ts.
 */
export function liveDialects(file: string): LiveDialect[] {
  if (adminUrl()) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${file}: REQUIRE_POSTGRES=1, but no PostgreSQL was started for the stress project (vitest.config.ts)`);
  console.warn(postgresAvailable()
    ? `${file}: no PostgreSQL was started for it (run it in the stress project), so it runs on SQLite only.`
    : `${file}: PostgreSQL is not installed here, so this file runs on SQLite only (apt-get install -y postgresql for both).`);
  return ['sqlite'];
}

export interface LiveAnswer<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body's bytes as text, exactly as sent */
  raw: string;
  body: T;
}

export interface LiveServer {
  readonly dir: string;
  readonly port: number;
  /** the database the process runs on, for the test to read and write beside it */
  readonly db: LiveDatabase;
  /** the current process (a new one after each restart) */
  readonly child: ChildProcess;
  /** what the processes wrote to stderr, for failure messages */
  readonly log: () => string;
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no flush, no closing of the database */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it lingers */
  stop(): Promise<void>;
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LiveAnswer<T>>;
}

/**
 * A server on a fresh directory, or on `options.dir`, another server's (a
 * second process on the same SQLite file). `options.db` puts it on that
 * database instead of the directory's SQLite file (another instance on the
 * same PostgreSQL database). `env` adds or overrides settings (SHOP_*
 * variables, see server/settings.ts).
 */
export async function liveServer(env: Record<string, string> = {}, options: { dir?: string; db?: LiveDatabase } = {}): Promise<LiveServer> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'attar-live-'));
  const db = options.db ?? sqliteDatabase(path.join(dir, 'attar.db'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';
  // One agent with enough sockets that 100 requests really are in flight together.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const server: LiveServer = {
    dir, port, db,
    get child() {
      if (!child) throw new Error('not started');
      return child;
    },
    log: () => log,

    async start() {
      if (child && child.exitCode === null && child.signalCode === null) throw new Error('already running');
      const spawned = spawnServer({
        PORT: String(port),
        DATABASE_URL: db.url, MEDIA_DIR: path.join(dir, 'media'), DIST_DIR: path.join(dir, 'no-dist'),
        // Tests register many shoppers from one address, on up to 256 connections at once.
        SHOP_AUTH_RATE_LIMIT_MAX: '100000', SHOP_AUTH_RATE_LIMIT_PER_ADDRESS_MAX: '100000', MAX_CONNECTIONS_PER_ADDRESS: '100000',
        // A kept-alive connection the server closes as its time runs out, just as the client sends on
        // it, ends in "socket hang up": a real client sends again, but these tests send each request
        // once and count the answers. Connections outlive the tests' pauses instead (a busy machine
        // stretched one past the default 5 s).
        KEEP_ALIVE_TIMEOUT_MS: '240000', IDLE_TIMEOUT_MS: '300000',
        ...env,
      });
      const proc = spawned.child;
      child = proc;
      proc.stderr!.setEncoding('utf8');
      proc.stderr!.on('data', (chunk: string) => {
        log += chunk;
      });
      exited = spawned.exited.then(() => undefined);
      await waitUntilUp(spawned, async () => (await server.request('GET', '/health')).status === 200, { every: 50, log: () => log });
    },

    async kill() {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      // Sockets to the dead process are dead too.
      agent.destroy();
    },

    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      agent.destroy();
    },

    request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
      if (payload) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(payload.length);
      }
      return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path: `/api${url}`, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            let body: any = raw;
            try {
              body = raw ? JSON.parse(raw) : null;
            } catch { /* not JSON */ }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
  };
  return server;
}

/** Ends the process and removes its directory: for afterAll, also after a failure. */
export async function disposeLive(server: LiveServer | undefined) {
  if (!server) return;
  await server.kill().catch(() => undefined);
  fs.rmSync(server.dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let counter = 0;

/** A shopper registered over HTTP; answers token, user id and the register body. */
export async function liveShopper(server: LiveServer) {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  const res = await server.request('POST', '/user/register', {
    body: {
      first_name: 'Salma', last_name: 'Nabil',
      email: `live${n}.${process.pid}@example.com`,
      phone: `0111${String(process.pid % 1000).padStart(3, '0')}${n}`,
      password: 'secret123', password_confirmation: 'secret123', birth_date: '1998-03-14',
    },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.raw}`);
  const token = res.body.data.token as string;
  const address = await server.request('POST', '/user/add/address', {
    token, body: { title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'cairo' },
  });
  if (address.status !== 200) throw new Error(`address failed: ${address.status} ${address.raw}`);
  return { token, userId: res.body.data.user.id as number, addressId: address.body.data.id as number };
}

export type LiveShopper = Awaited<ReturnType<typeof liveShopper>>;
