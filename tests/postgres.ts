// PostgreSQL for the tests: a throwaway cluster from Debian's packages (or the one TEST_POSTGRES_URL
// names), a template database migrated and seeded once, and a fresh copy of it per test app
// (docs/architecture.md, "Tests on both databases").
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The template every test database is copied from: migrated, seeded with the demo shop. */
export const TEMPLATE = 'attar_test_template';

/** Debian's PostgreSQL binaries: POSTGRES_BIN, or the newest version installed under /usr/lib/postgresql. */
const BIN = process.env.POSTGRES_BIN ?? (() => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((x, y) => Number(y) - Number(x)) : [];
  return path.join(root, versions[0] ?? '15', 'bin');
})();

/** Where the server tests find PostgreSQL: set by the global setup for the `server-pg` project. */
export const adminUrl = () => process.env.ATTAR_TEST_PG_ADMIN ?? '';

export const postgresWanted = () => process.env.TEST_DATABASE === 'postgres';

/** Whether this machine can start PostgreSQL for the tests (Debian's postgresql package), or was given one. */
export function postgresAvailable(): boolean {
  return Boolean(process.env.TEST_POSTGRES_URL) || fs.existsSync(path.join(BIN, 'initdb'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** initdb refuses root: as root the cluster is the `postgres` user's, as anyone else their own. */
function asClusterUser(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
}

export interface TestCluster {
  url: string;
  /** Stops the cluster and removes its folder. */
  stop(): void;
  /** Stops the server at once, as a crash or a lost machine would (`-m immediate`), keeping its data. */
  down(): void;
  /** Starts the server again on the same port and data, and waits until it accepts connections. */
  up(): void;
}

/**
 * Starts a throwaway cluster on a free port, in a temporary folder that stop() removes. Commits
 * are not waited on unless `durable`: a test that stops the server at once (down()) and expects
 * what was committed to be there afterwards asks for it.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<TestCluster> {
  if (process.env.TEST_POSTGRES_URL) {
    const cannot = () => { throw new Error('TEST_POSTGRES_URL names a server the tests cannot stop or start'); };
    return { url: process.env.TEST_POSTGRES_URL, stop() {}, down: cannot, up: cannot };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (args: string[]) => asClusterUser(path.join(BIN, 'pg_ctl'), ['-D', data, ...args]);
  asClusterUser(path.join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // fsync off: a test cluster that crashes is thrown away anyway, and a busy 2-core machine is spared the flushes
  // (an immediate stop loses nothing written to the WAL: only the machine's crash would).
  const settings = `-c fsync=off${options.durable ? '' : ' -c synchronous_commit=off'} -c full_page_writes=off -c max_connections=300`;
  const up = () => pgCtl(['-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings}`, 'start']);
  up();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        pgCtl(['-m', 'immediate', 'stop']);
      } catch { /* already down */ }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    down: () => pgCtl(['-w', '-m', 'immediate', 'stop']),
    up,
  };
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  await admin(url, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
}

/** Drops `name`, ending whatever connections to it are left. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** A fresh database copied from the template: its URL and a function that drops it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = adminUrl();
  if (!base) throw new Error('TEST_DATABASE=postgres but no PostgreSQL was started: run the server-pg project (vitest.config.ts)');
  const name = `attar_t_${crypto.randomBytes(6).toString('hex')}`;
  await createDatabase(base, name, TEMPLATE);
  return { url: withDatabase(base, name), drop: () => dropDatabase(base, name) };
}
