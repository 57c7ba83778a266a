// The installable app's files: the manifest at the repository root (the one
// the build emits), its icons and screenshots, and how the server sends the
// manifest, the service worker and the shell.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { MEDIA_DIR } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.webmanifest'), 'utf8'));

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame. */
function imageSize(file: string): [number, number] {
  const data = fs.readFileSync(file);
  if (data.subarray(1, 4).toString() === 'PNG') return [data.readUInt32BE(16), data.readUInt32BE(20)];
  for (let at = 2; at < data.length;) {
    const marker = data[at + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return [data.readUInt16BE(at + 7), data.readUInt16BE(at + 5)];
    at += 2 + data.readUInt16BE(at + 2);
  }
  throw new Error(`no size in ${file}`);
}

const publicFile = (src: string) => path.join(ROOT, 'public', src);

describe('the web app manifest', () => {
  it('names the shop in both languages and opens standalone at the root', () => {
    expect(manifest).toMatchObject({
      name: 'Attar | عطّار',
      short_name: 'Attar',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#5b3a1e',
      background_color: '#fbf8f3',
      lang: 'en',
      dir: 'ltr',
    });
    expect(manifest.description).toMatch(/Egypt.*مصر/);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('has 192 and 512 px icons, each as any and maskable, that are that size', () => {
    const have = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort();
    expect(have).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(imageSize(publicFile(icon.src)).join('x'), icon.src).toBe(icon.sizes);
    }
  });

  it('has narrow and wide screenshots of the size it says', () => {
    const factors = new Set(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor));
    expect(factors).toEqual(new Set(['narrow', 'wide']));
    for (const shot of manifest.screenshots) {
      expect(shot.label).toBeTruthy();
      const [width, height] = imageSize(publicFile(shot.src));
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      expect(shot.form_factor === 'narrow' ? height > width : width > height, shot.src).toBe(true);
    }
  });

  it('offers shortcuts to the cart and the offers, with icons', () => {
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/cart', '/offers']);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name).toBeTruthy();
      expect(fs.existsSync(publicFile(shortcut.icons[0].src)), shortcut.icons[0].src).toBe(true);
      expect(imageSize(publicFile(shortcut.icons[0].src)).join('x')).toBe(shortcut.icons[0].sizes);
    }
  });

  it('is linked from the shell with the iOS tags and a 180 px Apple touch icon', () => {
    const html = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
    for (const tag of ['apple-mobile-web-app-capable', 'apple-mobile-web-app-status-bar-style', 'apple-mobile-web-app-title']) {
      expect(html).toContain(`name="${tag}"`);
    }
    const touch = html.match(/<link rel="apple-touch-icon" href="([^"]+)"/);
    expect(touch).not.toBeNull();
    expect(imageSize(publicFile(touch![1]))).toEqual([180, 180]);
  });
});

/** The shell's inline script, as the build writes src/boot.ts into index.html. */
const BOOT = "document.documentElement.dir = 'rtl';\n";
/** The back office's page (admin.html): no inline script, its own module. */
const ADMIN_PAGE = '<!doctype html><html><head><title>Attar back office</title><script type="module" src="/assets/admin.js"></script></head><body><div id="root"></div></body></html>';

describe('serving the installable app', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-pwa-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script data-boot data-x='{"a":1}'>${BOOT}</script><script type="module" src="/assets/index.js"></script><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`);
    fs.writeFileSync(path.join(dist, 'admin.html'), ADMIN_PAGE);
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.copyFileSync(path.join(ROOT, 'manifest.webmanifest'), path.join(dist, 'manifest.webmanifest'));
    fs.mkdirSync(path.join(dist, 'icons'));
    fs.copyFileSync(publicFile('icons/icon-192.png'), path.join(dist, 'icons/icon-192.png'));
    app = await buildApp({ config: { databaseUrl: ':memory:', logLevel: 'silent', mediaDir: MEDIA_DIR, distDir: dist }, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the manifest as application/manifest+json, revalidated every time', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().start_url).toBe('/');
  });

  it('sends the service worker as JavaScript, never from the HTTP cache, so updates are seen', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Root scope: no Service-Worker-Allowed needed.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it('lets the shell register a worker and read its manifest (CSP)', async () => {
    const res = await app.inject({ url: '/cart' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']).split(/;\s*/);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // Inline script: only the shell's own, by its hash; a file's script tag adds nothing.
    const hash = crypto.createHash('sha256').update(BOOT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp.find((d) => d.startsWith('script-src'))).not.toContain('unsafe');
    // API answers carry the same policy.
    const api = await app.inject({ url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('answers /admin and every path below it with the back office\'s page, never the shop\'s shell', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders/ATR-10001', '/admin/orders?status=pending']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(ADMIN_PAGE);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
    }
    // A shop path that only starts like it is the shop's.
    const shop = await app.inject({ url: '/administrators' });
    expect(shop.body).toContain('data-boot');
    expect((await app.inject({ url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });

  it('sends the icons as PNG', async () => {
    const res = await app.inject({ url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});
