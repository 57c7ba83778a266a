// A shop on a busy machine starts slowly, but starts: loading a plugin (the
// storefront's server render is the heaviest) may take longer than Fastify's
// default of 10 s without the start failing.
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp, PLUGIN_TIMEOUT_MS } from '../../server/app.ts';
import { MEDIA_DIR } from './helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

async function appWithPluginTaking(ms: number) {
  const app = await buildApp({
    config: { databaseUrl: ':memory:', logLevel: 'silent', mediaDir: MEDIA_DIR, distDir: path.join(os.tmpdir(), 'attar-no-dist') },
    logger: false,
  });
  // The clock from here on is the test's: the plugin's wait and Fastify's time limit both run on it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  void app.register(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  const ready = app.ready().then(() => 'ready', (error: Error & { code?: string }) => error.code ?? error.message);
  await vi.advanceTimersByTimeAsync(ms + 1000);
  vi.useRealTimers();
  return { app, outcome: await ready };
}

it('starts when a plugin takes 30 s to load, three times Fastify\'s default limit', async () => {
  const { app, outcome } = await appWithPluginTaking(30_000);
  try {
    expect(outcome).toBe('ready');
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
});

it('still refuses to start when a plugin hangs past the limit', async () => {
  const { app, outcome } = await appWithPluginTaking(PLUGIN_TIMEOUT_MS + 1000);
  expect(outcome).toBe('FST_ERR_PLUGIN_TIMEOUT');
  await app.close().catch(() => undefined);
});
