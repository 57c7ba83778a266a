// The shop's real server (server/server.ts) as a process of its own, for the
// tests that talk to it over the network (e2e journeys, concurrency, crash
// rounds, the process's own start and stop). Every process started here ends
// with the test run, however the run ends:
// - an IPC channel ties it to the test worker: when the worker goes, even
//   killed outright after a time-out, the server sees the channel close and
//   shuts down (server/server.ts);
// - a worker that exits normally kills what is still running;
// - a server that does not come up in time is killed before the error is thrown.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export { freePort } from '../scripts/free-port.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** resolves with the exit code (null when a signal ended it) */
  exited: Promise<number | null>;
  running(): boolean;
}

/**
 * Starts `server/server.ts` with tsx. `env` is the server's environment on
 * top of this process's (PORT, DATABASE_URL, …); stderr is piped for the
 * caller to read, or shown with the test's output.
 */
export function spawnServer(env: Record<string, string>, options: { stderr?: 'pipe' | 'inherit' } = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', options.stderr ?? 'pipe', 'ipc'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    running.delete(child);
    resolve(code);
  }));
  return { child, exited, running: () => child.exitCode === null && child.signalCode === null };
}

/**
 * How long a server may take to start. A quiet machine takes 2–5 s; with two
 * CPU-bound processes and a full test run beside it, a start took over 60 s.
 * Below the e2e project's hook limit (180 s), so the hook reports this error.
 */
export const START_MS = 150_000;

/**
 * Waits until `isUp` says yes (polled every `every` ms). A server that exits
 * first, or is not up within `ms`, is killed and the error names why; `log`
 * adds what it wrote.
 */
export async function waitUntilUp(server: ServerProcess, isUp: () => Promise<boolean>, options: { ms?: number; every?: number; log?: () => string } = {}) {
  const deadline = Date.now() + (options.ms ?? START_MS);
  for (;;) {
    if (!server.running()) throw new Error(`the server exited while starting${options.log ? `:\n${options.log()}` : ''}`);
    try {
      if (await isUp()) return;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      await server.exited;
      throw new Error(`the server did not start in ${options.ms ?? START_MS} ms${options.log ? `:\n${options.log()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, options.every ?? 100));
  }
}
