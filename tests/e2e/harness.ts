// End-to-end harness: the real server on a free port with a fresh seeded
// database serving the built storefront, driven by Debian's Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { E2E_DIST } from './global-setup.ts';
import { freePort, spawnServer, waitUntilUp } from '../shop-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');


export interface Shop {
  url: string;
  /** the shop's SQLite file, for the owner's command line */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** The shop owner's command, as they type it: `npm run shop -- <args>`, against this shop's database. */
export function shopCommand(shop: Shop, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'shop', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: shop.databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => { output += chunk; });
    child.stderr!.on('data', (chunk) => { output += chunk; });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The demo owner's (owner@attar.eg) password in every journey's shop. */
export const OWNER_PASSWORD = 'owner-pass-1';

export interface ShopOptions {
  /** more of the server's environment, e.g. a SHOP_* setting (server/settings.ts) */
  env?: Record<string, string>;
}

export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-e2e-'));
  const databaseUrl = path.join(dir, 'attar.db');
  const server = spawnServer({
    PORT: String(port), DATABASE_URL: databaseUrl, MEDIA_DIR: path.join(dir, 'media'), DIST_DIR: E2E_DIST, DEMO_OWNER_PASSWORD: OWNER_PASSWORD, ...options.env,
  }, { stderr: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(server, async () => (await fetch(`${url}/api/health`)).ok, { every: 200 });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    databaseUrl,
    async stop() {
      // A server that has already gone (killed from outside, crashed) has no exit left to wait for.
      if (server.running()) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * How long a journey waits for what a shopper would see (an element, a
 * navigation, a function), in every context and page: long, so that a busy
 * machine is slow, not failing. A journey that never gets there still fails,
 * at this limit or at the test's own.
 */
export const WAIT_MS = 60_000;

/** Debian's Chromium, headless, with nothing of its own reaching for the (closed) network. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch(CHROMIUM);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_MS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.setDefaultTimeout(WAIT_MS);
    return page;
  };
  return browser;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** console errors, page errors, CSP violations and React's hydration messages seen so far */
  problems: string[];
}

/**
 * React's words for a server page the app could not take over as it stood: a development build's
 * "Hydration failed…" / "did not match", a production build's minified errors (#418 the markup
 * differed, #419 a boundary the server did not finish, #421 updated before hydrated, #422, #423,
 * #425 text differed), and the app's own warning when it draws such a part again (src/start.tsx).
 * The app says it as a warning, not an error: a journey fails on it all the same.
 */
export const HYDRATION_MESSAGE = /hydrat|did not match|didn't match|#4(?:18|19|21|22|23|25)\b|errors\/4(?:18|19|21|22|23|25)\b|the server's page differed/i;

export interface VisitOptions {
  /** 'block' keeps the service worker out, e.g. so that context.route sees every request */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh browser profile with the shopper's stored language, watching for errors. */
export async function visit(browser: Browser, lang: 'en' | 'ar', options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 }, locale: lang === 'ar' ? 'ar-EG' : 'en-US', serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.addInitScript((stored) => {
    // Every frame runs this; a sandboxed one (the outbox's preview of a mail) has no storage to read.
    if (window.origin !== 'null' && !localStorage.getItem('lang')) localStorage.setItem('lang', stored);
    // Chromium logs a blocked resource as a console error already; an inline script or style the
    // policy refused, reported through the event, is named here too, so every journey sees it.
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  }, lang);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || ((m.type() === 'warning' || m.type() === 'log' || m.type() === 'info') && HYDRATION_MESSAGE.test(m.text()))) {
      problems.push(`console: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
  return { context, page, problems };
}

/** Waits until the service worker controls the page (on a first visit it takes it once installed: clientsClaim). */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Scrolls to the footer until one of its social links shows: the footer's
 * description and links come once it nears the screen (app/shell/footer.tsx),
 * and sections still loading above it can push it away again after a scroll.
 */
export async function footerLink(page: Page, name: string) {
  const footer = page.getByRole('contentinfo');
  const link = footer.getByRole('link', { name, exact: true });
  await expect.poll(async () => {
    await footer.scrollIntoViewIfNeeded();
    return link.isVisible();
  }, { interval: 250 }).toBe(true);
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the devtools protocol, which the page's CSP does not govern; once a document
  // (a client-side navigation keeps it): the source is half a megabyte to parse again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  // A MUI part drawn outside every MuiScope (src/lib/mui/scope.tsx) takes Emotion's default cache
  // (key "css") and MUI's default theme: left to right in Arabic, in MUI's blue. Every screen axe
  // looks at is checked for it too.
  const unscoped = await page.evaluate(() => [...document.querySelectorAll('style[data-emotion]')]
    .map((style) => style.getAttribute('data-emotion')!.split(' ')[0].replace(/-global$/, ''))
    .filter((key) => key !== 'mui' && key !== 'muirtl'));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
    .concat(unscoped.map((key) => `critical unscoped MUI: styles in Emotion's "${key}" cache, drawn outside any MuiScope`));
}

/** Intl's output without its invisible marks (Arabic's direction marks) and no-break spaces. */
export const plain = (text: string | null) => (text ?? '').replace(/[\u200f\u200e\u061c]/g, '').replace(/\u00a0/g, ' ');

/** One shop and one browser for a test file, started before and stopped after its tests. */
export function useShopAndBrowser(options: ShopOptions = {}): { readonly shop: Shop; readonly browser: Browser } {
  const env = {} as { shop: Shop; browser: Browser };
  beforeAll(async () => {
    // Each is kept as soon as it is up, so that afterAll ends it even when the other failed to start.
    await Promise.all([
      startShop(options).then((shop) => { env.shop = shop; }),
      launchBrowser().then((browser) => { env.browser = browser; }),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.shop?.stop();
  });
  return env;
}
