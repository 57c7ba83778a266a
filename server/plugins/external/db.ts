import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedIfEmpty } from '../../db/seed/seed.ts';
import { readShopSettings } from '../app/settings/settings-repository.ts';
import { ChangeFeed } from '../app/changes.ts';

/** Opens the database, migrates it, seeds the demo shop on first start, and reads shop settings overrides. */
async function db(app: FastifyInstance) {
  const opened = openDatabase(app.config.databaseUrl, {
    poolSize: app.config.databasePoolSize,
    statementTimeoutMs: app.config.databaseStatementTimeoutMs,
    onPoolError: (error) => app.log.warn({ err: error }, 'an idle database connection failed; the pool opens another when needed'),
  });
  const changes = new ChangeFeed(opened.channel, (error) => app.log.warn({ err: error }, 'a change could not be told to the other instances'));
  app.addHook('onClose', async () => {
    await changes.stop();
    await opened.close();
  });
  await migrateToLatest(opened.db);
  if (app.config.seed) await seedIfEmpty(opened.db, { mediaDir: app.config.mediaDir, log: app.log, ownerPassword: app.config.demoOwnerPassword });
  // The one settings object of the app: the owner's changes are read back into it (SettingsRepository.reload).
  const settings = await readShopSettings(opened.db, app.config.settings);
  app.decorate('db', opened.db);
  app.decorate('settings', settings);
  app.decorate('rawDb', opened.raw);
  app.decorate('dbDialect', opened.dialect);
  app.decorate('dbPing', opened.ping);
  app.decorate('changes', changes);
  await changes.start();
}

export default fp(db, { name: 'db' });
