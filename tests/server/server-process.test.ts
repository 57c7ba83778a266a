// The real thing: `npm start`'s entry point in its own process, on a fresh
// SQLite file, serving the seeded shop, the storefront shell, and closing
// cleanly on SIGTERM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { freePort, spawnServer, waitUntilUp, type ServerProcess } from '../shop-process.ts';

let tmp: string;
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-proc-'));
  const dist = path.join(tmp, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Attar</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("attar")');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer({ PORT: String(port), DATABASE_URL: path.join(tmp, 'data', 'attar.db'), MEDIA_DIR: path.join(tmp, 'media'), DIST_DIR: dist });
  await waitUntilUp(server, async () => (await fetch(`${base}/api/health`)).ok, { every: 200 });
});

afterAll(async () => {
  if (server?.running()) server.child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the server process', () => {
  it('creates, migrates and seeds the database on first start and serves /api/home', async () => {
    const res = await fetch(`${base}/api/home`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.best_sellers).toHaveLength(8);
    expect(body.data.Data_home_page.message_nav.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(tmp, 'data', 'attar.db'))).toBe(true);
  });

  it('serves generated images under /media', async () => {
    const res = await fetch(`${base}/media/hero.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await fetch(`${base}/media/nothing-here.svg`)).status).toBe(404);
  });

  it('serves the storefront: hashed assets immutable, the shell and service worker never cached', async () => {
    const asset = await fetch(`${base}/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    for (const route of ['/', '/products/product-details/3', '/payment-session/info', '/ar-path-اختبار']) {
      const res = await fetch(`${base}${encodeURI(route)}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('never answers an /api path with the shell', async () => {
    const res = await fetch(`${base}/api/no-such-route`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ status: 404, message: 'We could not find what you asked for.' });
  });

  it('keeps the database in WAL mode with a busy timeout', () => {
    const db = new Database(path.join(tmp, 'data', 'attar.db'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('closes gracefully on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = new Database(path.join(tmp, 'data', 'attar.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
