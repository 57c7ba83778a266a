// `npm run cluster`: the layout of deploy/README.md on this machine, from
// Debian's packages: a throwaway PostgreSQL, the storefront built once, N
// server instances sharing one media and one build directory, and HAProxy in
// front (deploy/haproxy.cfg). Ctrl-C or SIGTERM stops it in order: the
// instances drain, then HAProxy, then PostgreSQL.
//
//   CLUSTER_INSTANCES  how many instances (default 3)
//   CLUSTER_PORT       HAProxy's port, the shop's URL (default 8080)
//   CLUSTER_DATABASE   postgres (default) or sqlite: every instance on one SQLite file
//   CLUSTER_DIR        where the data lives; kept between runs. Unset: a temporary directory, removed at the end
//
// The tests start the same layout through startCluster (tests/server/cluster.test.ts);
// the API bench (bench/api.ts) measures it, and one instance on startPostgres.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Debian's PostgreSQL 15, or POSTGRES_BIN (as for the tests, tests/postgres.ts). */
const PG_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const TEMPLATE = path.join(ROOT, 'deploy', 'haproxy.cfg');
/** The balancer connects from here; the instances believe its X-Forwarded-For and no one else's. */
const BALANCER_ADDRESS = '127.0.0.1';
/** How long a stopping instance answers 503 to health checks before it stops accepting (deploy/haproxy.cfg: two checks take it out in ~1.5 s). */
export const DRAIN_MS = 5000;
/** A start on a busy two-core machine took over a minute (tests/shop-process.ts). */
const START_MS = 150_000;

export type ClusterDatabase = 'postgres' | 'sqlite';

export interface ClusterOptions {
  instances: number;
  /** HAProxy's port; 0 picks a free one */
  port: number;
  database: ClusterDatabase;
  /** where the database, media and logs live */
  dir: string;
  /** the built storefront, shared by every instance */
  distDir: string;
  /** each line an instance, HAProxy or PostgreSQL writes, with its name */
  output?: (name: string, line: string) => void;
  /** more settings for every instance */
  env?: Record<string, string>;
  /** HAProxy's cap on one client address's open connections (default 32, as the server's own) */
  maxConnectionsPerAddress?: number;
}

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** resolves with the exit code (null when a signal ended it) */
  exited: Promise<number | null>;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  instances: Instance[];
  /** resolves when HAProxy exits, with its exit code */
  balancerExited: Promise<number | null>;
  /** SIGTERM to one instance: it drains, then exits; resolves with its exit code */
  stopInstance(instance: Instance): Promise<number | null>;
  /** the instances (draining), then HAProxy, then PostgreSQL */
  stop(): Promise<void>;
}

/** deploy/haproxy.cfg with its placeholders filled in. */
export function renderHaproxyConfig(template: string, values: { port: number; servers: { name: string; address: string }[]; maxConnectionsPerAddress: number }): string {
  const servers = values.servers.map((s) => `    server ${s.name} ${s.address}`).join('\n');
  return template
    .replace(/^\{\{SERVERS\}\}$/m, servers)
    .replaceAll('{{PORT}}', String(values.port))
    .replaceAll('{{MAX_CONNECTIONS_PER_ADDRESS}}', String(values.maxConnectionsPerAddress));
}

/** Whether the PostgreSQL that startPostgres runs is installed. */
export function postgresInstalled(): boolean {
  return fs.existsSync(path.join(PG_BIN, 'initdb'));
}

export function haproxyInstalled(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** Whether `port` can be listened on, on every address, as HAProxy will. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean>, alive: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (!alive()) throw new Error(`${what} exited while starting:\n${log()}`);
    try {
      if (await check()) return;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${START_MS} ms:\n${log()}`);
    await sleep(200);
  }
}

async function healthy(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
  await res.body?.cancel();
  return res.ok;
}

/** Everything still running when this process exits, however it exits, is ended with it. */
const running = new Set<ChildProcess>();
const stopAtExit = new Set<() => void>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const stop of stopAtExit) stop();
});

function track(child: ChildProcess, name: string, output: (name: string, line: string) => void, log: string[]): Promise<number | null> {
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    stream.setEncoding('utf8');
    let rest = '';
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        log.push(line);
        output(name, line);
      }
    });
  }
  return new Promise((resolve) => child.once('exit', (code) => {
    running.delete(child);
    resolve(code);
  }));
}

/** `command` run so that it gets SIGTERM when this process dies, where setpriv is at hand. */
function withParentDeathSignal(command: string, args: string[]): [string, string[]] {
  if (spawnSync('setpriv', ['--help'], { stdio: 'ignore' }).status !== 0) return [command, args];
  return ['setpriv', ['--pdeathsig', 'SIGTERM', '--', command, ...args]];
}

/**
 * A command as the `postgres` user when this process is root: PostgreSQL
 * refuses to run as root. runuser where it exists (Debian's util-linux), else su.
 */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  if (spawnSync('runuser', ['--help'], { stdio: 'ignore' }).status === 0) return ['runuser', ['-u', 'postgres', '--', command, ...args]];
  const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  return ['su', ['postgres', '-s', '/bin/sh', '-c', quoted]];
}

function runAsPostgres(command: string, args: string[]): void {
  const [cmd, argv] = asPostgres(command, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

/** A PostgreSQL cluster of its own in `dir/postgres` (made on first use), started; resolves with its URL and how to stop it. */
export async function startPostgres(dir: string): Promise<{ url: string; stop: () => void }> {
  if (!postgresInstalled()) throw new Error(`PostgreSQL is not installed (${PG_BIN}): apt-get install -y postgresql, or CLUSTER_DATABASE=sqlite`);
  const data = path.join(dir, 'postgres');
  const port = await freePort();
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    fs.mkdirSync(data, { recursive: true, mode: 0o700 });
    if (process.getuid?.() === 0) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      fs.chownSync(data, uid, gid);
      // The postgres user must reach its directory through ours (a temporary directory is 0700).
      fs.chmodSync(dir, 0o755);
    }
    runAsPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'attar', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }
  // The socket in the data directory: nothing of the machine's own PostgreSQL is touched.
  runAsPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-o', `-p ${port} -k ${data} -c listen_addresses=127.0.0.1`, 'start']);
  const stop = () => {
    stopAtExit.delete(stop);
    const [cmd, argv] = asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    spawnSync(cmd, argv, { stdio: 'ignore' });
  };
  stopAtExit.add(stop);
  const exists = spawnSync(path.join(PG_BIN, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'attar', '-d', 'postgres', '-tAc', "select 1 from pg_database where datname = 'attar'"], { encoding: 'utf8' });
  if (exists.stdout.trim() !== '1') {
    const made = spawnSync(path.join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'attar', 'attar'], { encoding: 'utf8' });
    if (made.status !== 0) {
      stop();
      throw new Error(`createdb failed:\n${made.stderr}`);
    }
  }
  return { url: `postgres://attar@127.0.0.1:${port}/attar`, stop };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const output = options.output ?? (() => {});
  const mediaDir = path.join(options.dir, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  const postgres = options.database === 'postgres' ? await startPostgres(options.dir) : null;
  const databaseUrl = postgres?.url ?? path.join(options.dir, 'attar.db');
  const instances: Instance[] = [];
  const logs = new Map<string, string[]>();
  let haproxy: { child: ChildProcess; exited: Promise<number | null> } | null = null;

  const startInstance = async (index: number): Promise<Instance> => {
    const name = `web${index + 1}`;
    const port = await freePort();
    const log: string[] = [];
    logs.set(name, log);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: ROOT,
      // Its own process group: a Ctrl-C in the terminal reaches this script, which stops the instances in order.
      detached: true,
      env: {
        ...process.env,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        MEDIA_DIR: mediaDir,
        DIST_DIR: options.distDir,
        TRUST_PROXY: BALANCER_ADDRESS,
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        // Longer than HAProxy keeps an idle connection to an instance (deploy/attar.env).
        KEEP_ALIVE_TIMEOUT_MS: '30000',
        ...options.env,
      },
      // The IPC channel ties each instance to this script: if it dies, even killed outright, they close.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const instance: Instance = { name, port, child, exited: track(child, name, output, log) };
    instances.push(instance);
    await waitFor(name, () => healthy(`http://127.0.0.1:${port}`), () => child.exitCode === null && child.signalCode === null, () => log.join('\n'));
    return instance;
  };

  const stopInstance = async (instance: Instance) => {
    if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
    return instance.exited;
  };

  const stop = async () => {
    await Promise.all(instances.map(stopInstance));
    if (haproxy) {
      // A soft stop: HAProxy stops listening and ends when its connections are done.
      haproxy.child.kill('SIGUSR1');
      const done = await Promise.race([haproxy.exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) haproxy.child.kill('SIGKILL');
      await haproxy.exited;
    }
    postgres?.stop();
  };

  try {
    // One first, alone: it migrates and seeds an empty database; the others then find it ready.
    await startInstance(0);
    await Promise.all(Array.from({ length: options.instances - 1 }, (_, i) => startInstance(i + 1)));

    const port = options.port || await freePort();
    if (!await portIsFree(port)) throw new Error(`Port ${port} is taken: another shop or server listens there. Choose another with CLUSTER_PORT.`);
    const config = renderHaproxyConfig(fs.readFileSync(TEMPLATE, 'utf8'), {
      port,
      servers: instances.map((i) => ({ name: i.name, address: `127.0.0.1:${i.port}` })),
      maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? 32,
    });
    const configFile = path.join(options.dir, 'haproxy.cfg');
    fs.writeFileSync(configFile, config);
    const log: string[] = [];
    // HAProxy ends with this process even when it is killed outright (setpriv, util-linux), like the instances.
    const [command, args] = withParentDeathSignal('haproxy', ['-db', '-f', configFile]);
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy = { child, exited: track(child, 'haproxy', output, log) };
    const url = `http://127.0.0.1:${port}`;
    await waitFor('haproxy', () => healthy(url), () => child.exitCode === null && child.signalCode === null, () => log.join('\n'));
    return { url, databaseUrl, instances, balancerExited: haproxy.exited, stopInstance, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The storefront, built once into ./dist when it is missing or older than its sources (as npm start does). */
async function buildStorefront(): Promise<string> {
  const { storefrontIsStale } = await import('../server/cli/start.ts');
  if (storefrontIsStale(ROOT)) {
    console.log('Building the storefront once, for every instance…');
    const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: ROOT });
    if (result.status !== 0) throw new Error('The storefront did not build.');
  }
  return path.join(ROOT, 'dist');
}

async function main() {
  const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
  const port = Number(process.env.CLUSTER_PORT ?? 8080);
  const database = (process.env.CLUSTER_DATABASE ?? 'postgres') as ClusterDatabase;
  if (!Number.isInteger(instances) || instances < 1) throw new Error(`CLUSTER_INSTANCES: "${process.env.CLUSTER_INSTANCES}" is not a whole number from 1`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`CLUSTER_PORT: "${process.env.CLUSTER_PORT}" is not a port`);
  if (database !== 'postgres' && database !== 'sqlite') throw new Error(`CLUSTER_DATABASE: "${database}" is neither postgres nor sqlite`);
  if (!haproxyInstalled()) throw new Error('HAProxy is not installed: apt-get install -y haproxy');

  const kept = process.env.CLUSTER_DIR;
  const dir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'attar-cluster-'));
  fs.mkdirSync(dir, { recursive: true });
  const distDir = await buildStorefront();

  // Ctrl-C while it starts: what has started is ended at once (the exit hook above).
  let cluster: Cluster | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping || !cluster) {
      console.log('Stopping at once.');
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: the instances drain (${DRAIN_MS / 1000} s), then HAProxy stops, then the database.`);
    await cluster.stop();
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(signal === 'HAProxy gone' ? 1 : 0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

  console.log(`Starting ${instances} instance${instances === 1 ? '' : 's'} on ${database === 'postgres' ? 'PostgreSQL' : 'one SQLite file'}, data in ${dir}`);
  cluster = await startCluster({
    instances, port, database, dir, distDir,
    output: (name, line) => console.log(`[${name}] ${line}`),
  });
  console.log(`\nAttar is open at ${cluster.url} (HAProxy in front of ${cluster.instances.map((i) => `${i.name} :${i.port}`).join(', ')}; database ${cluster.databaseUrl}). Ctrl-C stops it.\n`);

  void cluster.balancerExited.then((code) => {
    if (stopping) return;
    console.log(`[haproxy] exited (${code}): the shop has no front door; stopping the rest.`);
    void shutdown('HAProxy gone');
  });
  // An instance that dies on its own is said so; the balancer already sends its shoppers elsewhere.
  for (const instance of cluster.instances) {
    void instance.exited.then((code) => {
      if (!stopping) console.log(`[${instance.name}] exited (${code}); HAProxy sends its shoppers to the others.`);
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
