// The PostgreSQL projects' setup (server-pg, stress): one throwaway PostgreSQL for the run, and the
// template database every test app copies (tests/postgres.ts), migrated and seeded once here.
// Vitest runs each project's global setup in turn in its main process: the second project finds
// the cluster the first one started and shares it (the first one's teardown stops it).
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { createDatabase, startCluster, TEMPLATE, withDatabase } from '../postgres.ts';
import { MEDIA_DIR, OWNER_PASSWORD } from './helpers.ts';

/** Set in this (the main) process once its cluster is up; not inherited from a shell, unlike an environment variable. */
const STARTED = Symbol.for('attar.test.postgres');

export default async function setup() {
  const started = (globalThis as Record<symbol, string | undefined>)[STARTED];
  if (started) {
    process.env.ATTAR_TEST_PG_ADMIN = started;
    return;
  }
  const cluster = await startCluster();
  await createDatabase(cluster.url, TEMPLATE);
  const app = await buildApp({
    config: {
      databaseUrl: withDatabase(cluster.url, TEMPLATE), logLevel: 'silent', mediaDir: MEDIA_DIR,
      distDir: path.join(os.tmpdir(), 'attar-no-dist'), demoOwnerPassword: OWNER_PASSWORD,
    },
    logger: false,
  });
  await app.ready();
  await app.close();
  process.env.ATTAR_TEST_PG_ADMIN = cluster.url;
  (globalThis as Record<symbol, string | undefined>)[STARTED] = cluster.url;
  return () => {
    (globalThis as Record<symbol, string | undefined>)[STARTED] = undefined;
    cluster.stop();
  };
}
