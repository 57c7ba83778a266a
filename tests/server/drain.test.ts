// Stopping behind a load balancer (SHUTDOWN_DRAIN_MS): the server process is
// told to stop, its health check answers 503 while it still serves the rest
// (so the balancer takes it out first), a second signal ends the wait, and a
// request already in flight when it stops accepting is finished, not cut.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitUntilUp, type ServerProcess } from '../shop-process.ts';

/** A wait for what the test must see: long, so that a busy machine is slow, not wrong. */
const WAIT = { timeout: 60_000, interval: 50 };

let tmp: string;
let server: ServerProcess;
let port: number;
let log = '';

/** One request on a new connection that asks to be kept alive: status, the answer's Connection header and body. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; connection: string | undefined; body: any }> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<{ status: number; connection: string | undefined; body: any }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  }).finally(() => agent.destroy());
}

/** Whether the server still accepts a new connection. */
function accepts(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-drain-'));
  port = await freePort();
  // Longer than any test could take: the draining state is seen, never raced; the second signal ends it.
  server = spawnServer({
    PORT: String(port), DATABASE_URL: path.join(tmp, 'attar.db'), MEDIA_DIR: path.join(tmp, 'media'), DIST_DIR: path.join(tmp, 'no-dist'),
    SHUTDOWN_DRAIN_MS: '600000',
  });
  server.child.stderr!.setEncoding('utf8');
  server.child.stderr!.on('data', (chunk: string) => (log += chunk));
  await waitUntilUp(server, async () => (await get('/api/health')).status === 200, { every: 200, log: () => log });
});

afterAll(() => {
  if (server?.running()) server.child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a server told to stop behind a load balancer', () => {
  it('keeps its connections alive and its health check green before it is told', async () => {
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(health.connection).toBe('keep-alive');
  });

  it('answers its health check with 503, in the asker\'s language, and still serves the shop, closing each connection', async () => {
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await get('/api/health')).status, WAIT).toBe(503);
    const health = await get('/api/health', { lang: 'ar' });
    expect(health.body).toEqual({ status: 503, message: 'المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.' });
    expect(health.connection).toBe('close');
    const home = await get('/api/home');
    expect(home.status).toBe(200);
    expect(home.body.data.best_sellers.length).toBeGreaterThan(0);
    expect(home.connection).toBe('close');
    expect(server.running()).toBe(true);
  });

  it('on a second signal stops accepting, finishes the request in flight, and exits cleanly', async () => {
    // A request whose headers the server has read (it says so: 100 Continue) and whose body has not
    // arrived: in flight when the server stops accepting.
    const body = JSON.stringify({ name: 'Mona Adel', email: 'mona@example.com', phone: '01012345678', message: 'Do you deliver to Aswan on Fridays?' });
    const req = http.request({
      host: '127.0.0.1', port, path: '/api/contact', method: 'POST', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const read = new Promise<void>((resolve) => req.once('continue', resolve));
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      req.once('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.once('error', reject);
    });
    req.flushHeaders();
    await read;
    server.child.kill('SIGTERM');
    await expect.poll(accepts, WAIT).toBe(false);
    req.end(body);
    const { status, body: sent } = await answer;
    expect(status).toBe(200);
    expect(sent.status).toBe(200);
    expect(await server.exited).toBe(0);
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('is a whole number of ms from 0, unset meaning close at once; anything else stops the start, named', async () => {
    const { parseDrainMs } = await import('../../server/settings.ts');
    expect(parseDrainMs(undefined)).toBe(0);
    expect(parseDrainMs(' ')).toBe(0);
    expect(parseDrainMs('0')).toBe(0);
    expect(parseDrainMs('5000')).toBe(5000);
    for (const wrong of ['-1', '1.5', 'five', '99999999999']) expect(() => parseDrainMs(wrong)).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
