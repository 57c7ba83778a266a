// Starts the shop: opens the database, listens, and closes cleanly on
// SIGINT/SIGTERM (draining first behind a load balancer) or when the process
// that started it goes.
import { buildApp } from './app.ts';
import { loadConfig } from './settings.ts';
import { sendError } from './plugins/app/error-handler.ts';

const config = loadConfig();
const app = await buildApp({ config });

// Behind a load balancer (SHUTDOWN_DRAIN_MS): once told to stop, the health check answers 503
// so the balancer takes this instance out, and every answer closes its connection so that no
// kept-alive connection brings the next request here; the rest is served as usual until the
// drain time is up. Then the server stops accepting and finishes what is in flight.
let draining = false;
app.addHook('onRequest', async (request, reply) => {
  if (!draining) return;
  reply.header('connection', 'close');
  if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return sendError(reply, request.lang, 503, 'unavailable');
});

let closing = false;
let closeNow: (() => void) | null = null;
function close() {
  closeNow = null;
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  app.close().then(() => process.exit(0), (error) => {
    app.log.error({ err: error }, 'error while closing');
    process.exit(1);
  });
}
function shutdown(reason: string, drainMs: number) {
  // Told twice (a second Ctrl-C): no more waiting for the balancer.
  if (closing) return closeNow?.();
  closing = true;
  draining = true;
  if (drainMs === 0) {
    app.log.info({ reason }, 'shutting down');
    return close();
  }
  app.log.info({ reason, drainMs }, 'draining: the health check answers 503 while the balancer takes this instance out');
  const timer = setTimeout(close, drainMs);
  closeNow = () => {
    clearTimeout(timer);
    close();
  };
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal, config.shutdownDrainMs));
// Started by a supervisor with an IPC channel (the test harness does): when the
// supervisor goes, however it went (even killed outright), the shop closes
// rather than run on orphaned, holding a port and a core.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => shutdown('supervisor gone', 0));
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Attar is open at http://localhost:${config.port}`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
