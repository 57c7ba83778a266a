// What each first route costs: the built JS and CSS it loads, compressed
// from the files on disk (so the figures do not depend on how the server
// compresses), and every byte the first visit transferred.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { waitForServiceWorker } from '../tests/e2e/harness.ts';
import { measurePrecache } from '../scripts/precache-size.ts';
import { logNetwork, type LoggedRequest } from './network-log.ts';
import { expectedContent, type BenchRoute, type BenchShop, type ShopSource } from './shop.ts';

export interface Compressed {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface SizedFile extends Compressed {
  /** the path under the build folder, e.g. assets/index-abc.js */
  file: string;
}

export interface RouteBundle {
  route: BenchRoute['key'];
  path: string;
  js: Compressed & { files: SizedFile[] };
  css: Compressed & { files: SizedFile[] };
  /** all bytes the visit transferred (headers and encoded bodies), every kind of request */
  transfer: number;
  requests: number;
  /** what the page logged as errors, and requests that failed */
  problems: string[];
}

/** Home's first visit with the service worker let in: what a shopper's first visit really costs. */
export interface WorkerFirstVisit {
  /** bytes: the page's requests and the worker's install (precache) fetches */
  transfer: number;
  pageBytes: number;
  workerBytes: number;
  workerRequests: number;
}

export interface BundleResult {
  routes: RouteBundle[];
  withWorker: WorkerFirstVisit;
  /** the largest script of the build that home's first visit does not load (by gzip) */
  largestLazy: SizedFile | null;
  precache: Compressed & { files: number };
}

const sizes = new Map<string, Compressed>();

/** gzip level 9 and brotli quality 11, the most a static host would send. */
export function compressedSize(file: string): Compressed {
  let size = sizes.get(file);
  if (!size) {
    const body = fs.readFileSync(file);
    size = {
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

const total = (files: Compressed[]): Compressed => ({
  raw: files.reduce((s, f) => s + f.raw, 0),
  gzip: files.reduce((s, f) => s + f.gzip, 0),
  brotli: files.reduce((s, f) => s + f.brotli, 0),
});

/** The built file a same-origin URL was served from, or null (an API answer, a media file). */
function builtFile(distDir: string, origin: string, url: string): string | null {
  const u = new URL(url);
  if (u.origin !== origin) return null;
  const file = path.join(distDir, decodeURIComponent(u.pathname));
  return file.startsWith(distDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

function sizedFiles(distDir: string, origin: string, requests: LoggedRequest[], ext: '.js' | '.css'): SizedFile[] {
  const files = new Set<string>();
  for (const r of requests) {
    // A prefetch (devtools type Other: src/pwa/prefetch.ts) is the next screen's code, downloaded
    // and not run: counted in the visit's transfer, not in what the route loads.
    if (r.type === 'Other') continue;
    const file = builtFile(distDir, origin, r.url);
    if (file && !r.failed && path.extname(file) === ext) files.add(file);
  }
  return [...files].map((file) => ({ file: path.relative(distDir, file), ...compressedSize(file) })).sort((a, b) => b.gzip - a.gzip);
}

/** Lighthouse's mobile device (a Moto G Power), so both sections see the same layout. */
export const MOBILE_CONTEXT = {
  viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'en-US',
} as const;

async function measureRoute(browser: Browser, shop: BenchShop, distDir: string, route: BenchRoute): Promise<RouteBundle> {
  // The worker is kept out: its precache would load scripts the route itself never asks for.
  const context = await browser.newContext({ ...MOBILE_CONTEXT, serviceWorkers: 'block' });
  try {
    await context.addInitScript(({ token }) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
      if (token) localStorage.setItem('userToken', token);
    }, { token: route.signedIn ? shop.token : null });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
    const network = await logNetwork(page);
    await page.goto(shop.url + route.path, { waitUntil: 'networkidle' });
    const expected = expectedContent(route, shop);
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    for (const text of expected.shows) await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
    for (const text of expected.not) {
      if (await page.getByText(text).count()) problems.push(`shows "${text}"`);
    }
    // Whatever the rendered screen fetched after the load (lazy parts, images) belongs to the visit too.
    await network.quiet(1000);
    const requests = network.requests();
    for (const r of requests) if (r.failed) problems.push(`failed: ${r.url}`);
    const js = sizedFiles(distDir, shop.url, requests, '.js');
    const css = sizedFiles(distDir, shop.url, requests, '.css');
    return {
      route: route.key,
      path: route.path,
      js: { ...total(js), files: js },
      css: { ...total(css), files: css },
      transfer: requests.reduce((s, r) => s + r.encoded, 0),
      requests: requests.length,
      problems,
    };
  } finally {
    await context.close();
  }
}

async function measureWithWorker(browser: Browser, shop: BenchShop): Promise<WorkerFirstVisit> {
  const context = await browser.newContext({ ...MOBILE_CONTEXT, serviceWorkers: 'allow' });
  try {
    // Context-wide events, unlike a page's devtools session, include the worker's own fetches.
    const sizes: Promise<{ worker: boolean; bytes: number; fromWorker: boolean }>[] = [];
    let open = 0;
    let lastChange = Date.now();
    const settle = (request: Request) => {
      open--;
      lastChange = Date.now();
      sizes.push(Promise.all([request.sizes(), request.response()]).then(([size, response]) => ({
        worker: request.serviceWorker() !== null,
        fromWorker: response?.fromServiceWorker() ?? false,
        bytes: size.responseHeadersSize + size.responseBodySize,
      })));
    };
    context.on('request', () => { open++; lastChange = Date.now(); });
    context.on('requestfinished', settle);
    context.on('requestfailed', () => { open--; lastChange = Date.now(); });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    const page = await context.newPage();
    await page.goto(shop.url + '/', { waitUntil: 'networkidle' });
    await waitForServiceWorker(page);
    const deadline = Date.now() + 30_000;
    while ((open > 0 || Date.now() - lastChange < 1500) && Date.now() < deadline) await page.waitForTimeout(200);
    const done = await Promise.all(sizes);
    // A response the worker gave the page was counted when the worker fetched it (or came from its cache).
    const pageBytes = done.filter((d) => !d.worker && !d.fromWorker).reduce((s, d) => s + d.bytes, 0);
    const worker = done.filter((d) => d.worker);
    const workerBytes = worker.reduce((s, d) => s + d.bytes, 0);
    return { transfer: pageBytes + workerBytes, pageBytes, workerBytes, workerRequests: worker.length };
  } finally {
    await context.close();
  }
}

export async function measureBundles(browser: Browser, shop: ShopSource, distDir: string, routes: BenchRoute[]): Promise<BundleResult> {
  const measured: RouteBundle[] = [];
  for (const route of routes) measured.push(await measureRoute(browser, await shop(), distDir, route));

  const withWorker = await measureWithWorker(browser, await shop());

  const home = measured.find((r) => r.route === 'home');
  const firstRoute = new Set(home?.js.files.map((f) => f.file) ?? []);
  const assets = path.join(distDir, 'assets');
  const lazy = fs.readdirSync(assets)
    .filter((name) => name.endsWith('.js') && !firstRoute.has(`assets/${name}`))
    .map((name) => ({ file: `assets/${name}`, ...compressedSize(path.join(assets, name)) }))
    .sort((a, b) => b.gzip - a.gzip);

  const precache = measurePrecache(distDir);
  const precacheBrotli = precache.files.reduce((s, f) => s + compressedSize(path.join(distDir, f.url)).brotli, 0);
  return {
    routes: measured,
    withWorker,
    largestLazy: lazy[0] ?? null,
    precache: { raw: precache.raw, gzip: precache.gzip, brotli: precacheBrotli, files: precache.files.length },
  };
}
