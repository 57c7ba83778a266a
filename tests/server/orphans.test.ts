// The servers a test starts end with it, however it ends: a worker killed
// outright (as Vitest ends one past its time-out) or a server that never came
// up must not leave a shop running to load the machine for what runs next.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer, waitUntilUp } from '../shop-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls until `done` holds; fails only after a minute, so a busy machine is not a verdict. */
async function eventually(done: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe('a server started by a test', () => {
  it('shuts down when the process that started it is killed outright', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-orphan-'));
    // A stand-in for a test worker: starts a shop, says its pid, and waits to be killed.
    const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `
      import { freePort, spawnServer, waitUntilUp } from ${JSON.stringify(path.join(ROOT, 'tests/shop-process.ts'))};
      const port = await freePort();
      const server = spawnServer({ PORT: String(port), DATABASE_URL: ${JSON.stringify(path.join(dir, 'attar.db'))},
        MEDIA_DIR: ${JSON.stringify(path.join(dir, 'media'))}, DIST_DIR: ${JSON.stringify(path.join(dir, 'no-dist'))} });
      await waitUntilUp(server, async () => (await fetch('http://127.0.0.1:' + port + '/api/health')).ok);
      console.log(server.child.pid);
      setInterval(() => {}, 1000);
    `], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let pid = 0;
    try {
      pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        worker.stdout!.on('data', (chunk) => {
          out += chunk;
          if (/^\d+\n/.test(out)) resolve(Number(out.trim()));
        });
        worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) before its server was up`)));
      });
      expect(alive(pid)).toBe(true);
      worker.kill('SIGKILL');
      expect(await eventually(() => !alive(pid))).toBe(true);
    } finally {
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
      // Failing, the test still leaves nothing behind.
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is killed when it does not come up in time, before the error is thrown', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-orphan-'));
    try {
      const server = spawnServer({ PORT: '0', DATABASE_URL: path.join(dir, 'attar.db'), MEDIA_DIR: path.join(dir, 'media'), DIST_DIR: path.join(dir, 'no-dist') });
      // Never "up": the deadline passes while the server runs.
      await expect(waitUntilUp(server, async () => false, { ms: 200 })).rejects.toThrow('did not start');
      expect(server.running()).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
