// Starts the shop: builds the storefront if its build is missing or stale
// (once the storefront exists), opens the database, listens, and closes
// cleanly on SIGINT/SIGTERM or when the process that started it goes.
import { buildApp } from './app.ts';
import { loadConfig } from './settings.ts';

const config = loadConfig();
const app = await buildApp({ config });

let closing = false;
function shutdown(reason: string) {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  app.close().then(() => process.exit(0), (error) => {
    app.log.error({ err: error }, 'error while closing');
    process.exit(1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => shutdown(signal));
// Started by a supervisor with an IPC channel (the test harness does): when the
// supervisor goes, however it went (even killed outright), the shop closes
// rather than run on orphaned, holding a port and a core.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => shutdown('supervisor gone'));
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Attar is open at http://localhost:${config.port}`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
