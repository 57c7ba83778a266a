// A real server process for the concurrency and crash tests: `server/server.ts`
// spawned with tsx, listening on a free port, on a SQLite file the test owns,
// talked to over real HTTP (node:http, so every answer's bytes are seen as
// sent: no decompression, no pooling surprises).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { freePort, spawnServer, waitUntilUp } from '../shop-process.ts';

export { freePort };

export interface LiveAnswer<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body's bytes as text, exactly as sent */
  raw: string;
  body: T;
}

export interface LiveServer {
  readonly dir: string;
  readonly file: string;
  readonly port: number;
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
  /** A short-lived second connection to the same file, as the shop owner or an auditor would open one. */
  sql<T>(work: (db: BetterSqlite3.Database) => T): T;
}

/**
 * A server on a fresh directory, or on `options.dir`, another server's (a
 * second process on the same SQLite file). `env` adds or overrides settings
 * (SHOP_* variables, see server/settings.ts).
 */
export async function liveServer(env: Record<string, string> = {}, options: { dir?: string } = {}): Promise<LiveServer> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'attar-live-'));
  const file = path.join(dir, 'attar.db');
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';
  // One agent with enough sockets that 100 requests really are in flight together.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const server: LiveServer = {
    dir, file, port,
    get child() {
      if (!child) throw new Error('not started');
      return child;
    },
    log: () => log,

    async start() {
      if (child && child.exitCode === null && child.signalCode === null) throw new Error('already running');
      const spawned = spawnServer({
        PORT: String(port),
        DATABASE_URL: file, MEDIA_DIR: path.join(dir, 'media'), DIST_DIR: path.join(dir, 'no-dist'),
        // Tests register many shoppers from one address, on up to 256 connections at once.
        SHOP_AUTH_RATE_LIMIT_MAX: '100000', SHOP_AUTH_RATE_LIMIT_PER_ADDRESS_MAX: '100000', MAX_CONNECTIONS_PER_ADDRESS: '100000',
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

    sql(work) {
      const db = new BetterSqlite3(file, { timeout: 5000 });
      try {
        return work(db);
      } finally {
        db.close();
      }
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
