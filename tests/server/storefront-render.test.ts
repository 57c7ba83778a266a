// The server's side of the first render (server/plugins/external/storefront-render.ts):
// how a render becomes the page, and what happens when there are too many, or one is
// slow or fails. The render itself is a stand-in the test controls (the real one, built,
// is driven in tests/e2e/server-render.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { MAX_RENDERS, RENDER_TIMEOUT_MS } from '../../server/plugins/external/storefront-render.ts';

type Render = (url: string, lang: string) => Promise<unknown>;
const hooks = globalThis as unknown as {
  attarTestRender: Render;
  attarTestPrepared: { transport: (url: string, init: RequestInit) => Promise<Response>; window: Window };
};

const SHELL = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <link rel="modulepreload" crossorigin href="/assets/index-x.js">
    <link rel="modulepreload" crossorigin href="/assets/react-dom-x.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-x.js">
    <script data-boot>1</script>
  </head>
  <body>
    <div id="root"><div class="boot-shell-bar"></div></div>
  </body>
</html>`;

/**
 * The plain shell as sent: the page's own head (server/plugins/external/page-head.ts, its tests in
 * tests/server/page-head.test.ts) after the charset, on the charset's line. Here: that line back
 * as the shell has it, once the head is checked to be there.
 */
function plainShell(html: string, title = 'Products | Attar'): string {
  expect(html).toContain(`<meta charset="UTF-8" /><title>${title}</title>`);
  return html.replace(/(<meta charset="UTF-8" \/>)[^\n]*/, '$1');
}

const font = (script: string, weight: number) => [`node_modules/@fontsource/cairo/files/cairo-${script}-${weight}-normal.woff2`, { file: `assets/cairo-${script}-${weight}.woff2` }];

const MODULE = `
export const SERVER_STATE_ID = 'attar-server-state';
export async function prepare(transport, window) {
  // Kept for the test: it asks through them once the server is up (here, it is still starting).
  globalThis.attarTestPrepared = { transport, window };
}
export function render(url, lang) { return globalThis.attarTestRender(url, lang); }
`;

const rendered = (lang: string, screen: string | null = 'products') => ({
  html: `<main>${lang}</main>`,
  css: { key: lang === 'ar' ? 'muirtl' : 'mui', names: ['a1', 'b2'], rules: '.x{color:red}/*</STYLE><img src=x onerror=alert(1)>*/' },
  state: { queries: [{ queryKey: ['products', 'list', {}, lang], state: { data: { name: '</script><script>alert(1)</script>\u2028' } } }] },
  failedParts: 0,
  screen,
});

describe('pages with their first screen rendered by the server', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-render-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'products-x.css'), '.products{margin:0}');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(Object.fromEntries([
      ['index.html', { file: 'assets/index-x.js', isEntry: true }],
      ['src/app/routes/products.tsx', { file: 'assets/products-x.js', css: ['assets/products-x.css'] }],
      font('latin', 400), font('latin', 700), font('arabic', 400), font('arabic', 700),
    ])));
    fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), MODULE);
    app = await buildApp({ config: { databaseUrl: ':memory:', logLevel: 'silent', distDir: dist }, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  beforeEach(() => {
    hooks.attarTestRender = async (_url, lang) => rendered(lang);
  });

  it('is prepared with requests to this server, in-process, and a window for the sanitizer', async () => {
    const { transport, window } = hooks.attarTestPrepared;
    const res = await transport('/api/products', { headers: { lang: 'ar' } });
    expect(res.status).toBe(200);
    expect(Array.isArray(((await res.json()) as { data: { products: unknown[] } }).data.products)).toBe(true);
    expect(typeof window.document.createElement).toBe('function');
  });

  it('writes no Emotion style where the screen drew nothing with MUI (a plain screen)', async () => {
    hooks.attarTestRender = async (_url, lang) => ({ ...rendered(lang), css: { key: 'mui', names: [], rules: '' } });
    const res = await app.inject({ method: 'GET', url: '/products', headers: { cookie: 'lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-emotion');
    expect(res.body).toContain('<style>.products{margin:0}</style>');
  });

  it('puts the render in the shell: language, styles, fonts, inert markup and its data, safely', async () => {
    const res = await app.inject({ method: 'GET', url: '/products', headers: { cookie: 'x=1; lang=ar' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Cookie/);
    const html = res.body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<meta charset="UTF-8" /><title>المنتجات | عطّار</title>');
    expect(html).toContain('<meta name="attar-server-render" content="ar" data-screen>');
    // The rules cannot end their element either.
    expect(html).toContain('<style data-emotion="muirtl a1 b2">.x{color:red}/*<\\/style><img src=x onerror=alert(1)>*/</style>');
    expect(html).toContain('<style>.products{margin:0}</style>');
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/cairo-arabic-400.woff2">');
    // The code is not preloaded, the entry nor its steps (src/main.tsx): the page's pictures and fonts go first.
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<div id="root" inert><main>ar</main></div>');
    // The data cannot end its script, nor break a line of it.
    const json = /<script type="application\/json" id="attar-server-state">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(json).not.toMatch(/<\/script|<script|\u2028/);
    expect(JSON.parse(json).state.queries[0].state.data.name).toBe('</script><script>alert(1)</script>\u2028');
    // The boot script, the data, and the page's breadcrumbs (a JSON-LD data block).
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
  });

  it('without a cookie, English; a shell-only render says so, and has no screen stylesheet', async () => {
    hooks.attarTestRender = async (_url, lang) => rendered(lang, null);
    const { body } = await app.inject({ method: 'GET', url: '/cart' });
    expect(body).toContain('<meta name="attar-server-render" content="en">');
    expect(body).not.toContain('.products{');
    expect(body).toContain('href="/assets/cairo-latin-700.woff2"');
  });

  it(`runs at most ${MAX_RENDERS} renders at once: past them, the plain shell at once`, async () => {
    const waiting: (() => void)[] = [];
    hooks.attarTestRender = (_url, lang) => new Promise((resolve) => waiting.push(() => resolve(rendered(lang))));
    const held = Array.from({ length: MAX_RENDERS }, () => app.inject({ method: 'GET', url: '/products' }));
    await expect.poll(() => waiting.length).toBe(MAX_RENDERS);
    const extra = await app.inject({ method: 'GET', url: '/products' });
    expect(plainShell(extra.body)).toBe(SHELL);
    waiting.forEach((go) => go());
    for (const res of await Promise.all(held)) expect(res.body).toContain('<main>en</main>');
  });

  it('a render slower than the limit sends the shell, and keeps its place until it ends', async () => {
    const finish: (() => void)[] = [];
    hooks.attarTestRender = (_url, lang) => new Promise((resolve) => finish.push(() => resolve(rendered(lang))));
    const started = Date.now();
    const slow = await Promise.all(Array.from({ length: MAX_RENDERS }, () => app.inject({ method: 'GET', url: '/products' })));
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_TIMEOUT_MS - 50);
    for (const res of slow) expect(plainShell(res.body)).toBe(SHELL);
    // Those renders still run: a new page does not start another on top of them.
    expect(plainShell((await app.inject({ method: 'GET', url: '/products' })).body)).toBe(SHELL);
    expect(finish).toHaveLength(MAX_RENDERS);
    finish.forEach((go) => go());
    hooks.attarTestRender = async (_url, lang) => rendered(lang);
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/products' })).body).toContain('<main>en</main>');
  });

  it('a render that fails sends the shell, with no word of the failure', async () => {
    hooks.attarTestRender = async () => { throw new Error('SQLITE_BUSY at /srv/attar/db.sqlite'); };
    const res = await app.inject({ method: 'GET', url: '/products' });
    expect(res.statusCode).toBe(200);
    expect(plainShell(res.body)).toBe(SHELL);
  });

  it('never serves the render\'s files or the build\'s manifest', async () => {
    for (const url of ['/ssr/entry-server.js', '/.vite/manifest.json', '/%2essr/entry-server.js', '/ssr/%65ntry-server.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/attarTest|isEntry/);
    }
    // A folder's path is an app path like any other: the app's page, not a listing.
    expect((await app.inject({ method: 'GET', url: '/ssr/' })).body).not.toMatch(/attarTest|entry-server/);
  });
});
