// The server-pg project's setup: one throwaway PostgreSQL for the run, and the template database
// every test app copies (tests/postgres.ts), migrated and seeded once here.
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { createDatabase, startCluster, TEMPLATE, withDatabase } from '../postgres.ts';
import { MEDIA_DIR, OWNER_PASSWORD } from './helpers.ts';

export default async function setup() {
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
  return () => cluster.stop();
}
