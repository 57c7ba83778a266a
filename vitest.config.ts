import os from 'node:os';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { postgresAvailable } from './tests/postgres.ts';
import LongestFirst from './tests/sequencer.ts';

/**
 * How `npm test` runs (docs/architecture.md, "Tests"). Every project names
 * its own time limits: Vitest 4 does not pass the root's `testTimeout` and
 * `hookTimeout` down to inline projects. The limits are generous on purpose:
 * they catch a test that hangs, not one that is slow because the machine is
 * busy; no verdict depends on speed.
 *
 * All projects share one queue of files and WORKERS worker processes, longest
 * files first: a browser journey waits on Chromium and the shop's server most
 * of the time, and the server and storefront files fill that time.
 */
const WORKERS = Math.max(2, os.availableParallelism() - 1);

/**
 * The long stress runs: crash rounds and concurrency (on SQLite with two processes on one file, and
 * on PostgreSQL with three instances on one database), the fuzz sample, three instances behind HAProxy.
 */
const STRESS = ['tests/server/crash.test.ts', 'tests/server/concurrency.test.ts', 'tests/server/fuzz.test.ts', 'tests/server/contract.test.ts', 'tests/server/cluster.test.ts'];

const server: TestProjectInlineConfiguration = {
  test: {
    name: 'server',
    include: ['tests/server/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    exclude: STRESS,
    environment: 'node',
    pool: 'forks',
    // The files of a worker share one module graph rather than import Fastify, Kysely and the
    // server afresh each (a quarter of the project's CPU). They can: every test builds its own
    // app, and no server module keeps state of its own (its memo caches are pure).
    isolate: false,
    testTimeout: 60_000,
    // Above START_MS (tests/shop-process.ts): a hook that starts a server process reports its own error.
    hookTimeout: 180_000,
  },
};

/**
 * The server suite again on PostgreSQL (tests/postgres.ts): a throwaway cluster from Debian's
 * postgresql package, a fresh database per test app. A machine without it runs the SQLite half
 * and says so; REQUIRE_POSTGRES=1 (.ci/run) makes that a failure instead.
 */
const serverPg: TestProjectInlineConfiguration = {
  test: {
    ...server.test,
    name: 'server-pg',
    // What opens no database, or only a SQLite file of its own (a server process started as `npm start`
    // starts it), would run the same twice.
    include: ['tests/server/**/*.test.ts'],
    exclude: [
      ...STRESS, 'tests/server/drain.test.ts', 'tests/server/mui-without-css-vars.test.ts', 'tests/server/orphans.test.ts',
      'tests/server/portability.test.ts', 'tests/server/sanitize-on-server.test.ts', 'tests/server/server-process.test.ts', 'tests/server/start.test.ts',
    ],
    env: { TEST_DATABASE: 'postgres' },
    globalSetup: ['tests/server/pg-global-setup.ts'],
  },
};
if (!postgresAvailable()) {
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1, but PostgreSQL is not installed (apt-get install -y postgresql)');
  console.warn('PostgreSQL is not installed here: the server tests run on SQLite only (apt-get install -y postgresql for both).');
}

const stress: TestProjectInlineConfiguration = {
  test: {
    name: 'stress',
    include: STRESS,
    environment: 'node',
    pool: 'forks',
    // The PostgreSQL half of the crash and concurrency files: the cluster server-pg uses, when both run.
    globalSetup: postgresAvailable() ? ['tests/server/pg-global-setup.ts'] : [],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
};

const e2e: TestProjectInlineConfiguration = {
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['tests/e2e/global-setup.ts'],
    // expect.poll waits for what the page shows; the browser's own waits are set in harness.ts.
    expect: { poll: { timeout: 60_000 } },
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
};

// The storefront's own Vite settings, as the dev server has them (the build's differ only in what it bundles).
const storefront = mergeConfig(viteConfig({ command: 'serve', mode: 'test' }), {
  test: {
    name: 'storefront',
    include: ['tests/storefront/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/storefront/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
}) as TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    // A file that outlives its limits is a hang: its worker is ended, and the
    // processes it started go with it (tests/process-registry.ts).
    teardownTimeout: 30_000,
    projects: [server, ...(postgresAvailable() ? [serverPg] : []), stress, storefront, e2e],
  },
});
