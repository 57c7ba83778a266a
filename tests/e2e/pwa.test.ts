// The installable app in Chromium with service workers: the worker takes the
// page, the manifest makes it installable, the catalog cache keeps languages
// apart and never a signed-in answer, the precache stays within budget, and a
// new build waits for the shopper's Reload.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, launchBrowser, startShop, useShopAndBrowser, visit, WAIT_MS } from './harness.ts';
import { E2E_DIST } from './global-setup.ts';
import { apiPost, apiSignIn } from './journey-helpers.ts';
import { INSTALL_MS, TAKEOVER_MS } from '../../src/pwa/reload-latest.ts';
import { measurePrecache, PRECACHE_BUDGET_KIB } from '../../scripts/precache-size.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const env = useShopAndBrowser();

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const build = (page: Page) => page.locator('meta[name="attar-build"]').getAttribute('content');

describe('the precache', () => {
  it('holds the shell (HTML, entry scripts, CSS, Arabic and Latin woff2, the logo) within 300 KiB gzip', () => {
    const size = measurePrecache(E2E_DIST);
    expect(size.gzip).toBeLessThanOrEqual(PRECACHE_BUDGET_KIB * 1024);
    const urls = size.files.map((f) => f.url);
    const html = fs.readFileSync(path.join(E2E_DIST, 'index.html'), 'utf8');
    // Everything index.html loads, so the first screen opens offline.
    for (const [, src] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) expect(urls, src).toContain(src);
    expect(urls).toEqual(expect.arrayContaining(['index.html', 'logo.svg', 'manifest.webmanifest']));
    expect(urls.some((u) => /cairo-arabic-400-normal-.*\.woff2$/.test(u))).toBe(true);
    expect(urls.some((u) => /cairo-latin-400-normal-.*\.woff2$/.test(u))).toBe(true);
    // Never maps, old font formats, screenshots, or the heavy product screen.
    expect(urls.filter((u) => /\.map$|\.woff$|^screenshots\/|product-details-/.test(u))).toEqual([]);
  });
});

describe('the first load', () => {
  it('one entry script, the boot script and the stylesheet in the page, and the shopper\'s catalog preloaded', async () => {
    const html = fs.readFileSync(path.join(E2E_DIST, 'index.html'), 'utf8');
    // The entry and the steps it runs one task apart (src/main.tsx), a few files rather than the
    // dozens Rolldown would make: all preloaded with the page, run by the boot script once it has painted
    // (data-entry), which asks for the same files (data-code) where the server's page has no links.
    const entries = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(entries[0]).toMatch(/^\/assets\/index-[^/]+\.js$/);
    for (const step of ['react-dom', 'libraries', 'shell']) expect(entries).toContainEqual(expect.stringMatching(new RegExp(`^/assets/${step}-[^/]+\\.js$`)));
    expect(entries.length).toBeLessThanOrEqual(7);
    const code = /data-code="([^"]*)"/.exec(html)![1].split(' ');
    expect(new Set(code)).toEqual(new Set(entries.slice(1)));
    expect(html).not.toMatch(/<script type="module"/);
    // Nothing holds the first paint for a round trip: no script file, no stylesheet file.
    expect(html).not.toMatch(/<script src=|rel="stylesheet"/);
    expect(html).toMatch(new RegExp(`<script data-boot data-catalog-ar="/assets/[^"]+\\.js" data-catalog-en="/assets/[^"]+\\.js" data-entry="${entries[0]}" data-code="[^"]+">`));

    const { page, context, problems } = await visit(env.browser, 'ar', { serviceWorkers: 'block' });
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname);
    });
    try {
      await page.goto(env.shop.url + '/products/product-details/1');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The carousel's import (a lazy file whose dependencies Vite lists with the entry's stylesheet)
      // does not fetch the inlined stylesheet again: only the lazy files' own.
      await page.locator('.swiper').first().waitFor();
      await page.waitForLoadState('networkidle');
      const inlined = fs.readdirSync(path.join(E2E_DIST, 'assets')).filter((f) => /^index-.*\.css$/.test(f));
      expect(inlined).toHaveLength(1);
      expect(stylesheets.length).toBeGreaterThan(0);
      expect(stylesheets).not.toContain(`/assets/${inlined[0]}`);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const preloaded = await page.locator('link[rel=modulepreload]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(preloaded[0]).toBe(/data-catalog-ar="([^"]+)"/.exec(html)![1]);
      // The product's main image, asked as soon as the early answer named it, at high priority.
      const image = await page.locator('link[rel=preload][as=image]').evaluateAll((links) => links.map((l) => [l.getAttribute('href'), l.getAttribute('fetchpriority')]));
      const details = await (await fetch(`${env.shop.url}/api/products/details/1`)).json() as { data: { OverView_Product: { main_image: string } } };
      const product = details.data.OverView_Product;
      expect(image).toContainEqual([product.main_image, 'high']);
      // The inline script ran under the CSP (its hash), with no violation reported.
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('prefetching the next likely screen', () => {
  const detailsEntries = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => /\/assets\/product-details-[^/]+\.js$/.test(e.name))
    .map((e) => ({ by: (e as PerformanceResourceTiming).initiatorType, bytes: (e as PerformanceResourceTiming).transferSize })));

  it('home asks for a product\'s code once it has shown, and the product then opens from the cache', async () => {
    const { page, context, problems } = await visit(env.browser, 'en', { serviceWorkers: 'block' });
    try {
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Not with the page: a moment after it has shown.
      expect(await detailsEntries(page)).toEqual([]);
      await page.waitForFunction(() => document.querySelector('link[rel=prefetch][href*="/assets/product-details-"]') !== null);
      await expect.poll(() => detailsEntries(page)).toEqual([{ by: 'link', bytes: expect.any(Number) }]);
      await page.locator('a[href^="/products/product-details/"]').first().click();
      // Home has a heading of its own: the product's is waited for by the address, then its code.
      await page.waitForURL((url) => url.pathname.startsWith('/products/product-details/'));
      // The screen's own load of it came from the cache: nothing transferred.
      await expect.poll(async () => (await detailsEntries(page)).slice(1)).toEqual([{ by: 'script', bytes: 0 }]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks for nothing ahead with data saver on', async () => {
    const { page, context, problems } = await visit(env.browser, 'ar', { serviceWorkers: 'block' });
    try {
      await context.addInitScript(() => localStorage.setItem('data saver', 'on'));
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(5000);
      expect(await page.locator('link[rel=prefetch]').count()).toBe(0);
      expect(await detailsEntries(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the first load\'s main thread', () => {
  it('makes no Intl.NumberFormat (ICU\'s start-up) on home, a list, a product or a shopper\'s cart, in either language', async () => {
    const token = await apiSignIn(env.shop.url);
    await apiPost(env.shop.url, '/addToCard', token, { product_id: 2 });
    for (const lang of ['en', 'ar'] as const) {
      const { page, context, problems } = await visit(env.browser, lang, { serviceWorkers: 'block' });
      try {
        await context.addInitScript((t) => {
          localStorage.setItem('userToken', t);
          const Real = Intl.NumberFormat;
          const made: string[] = [];
          (window as unknown as { __numberFormats: string[] }).__numberFormats = made;
          Intl.NumberFormat = function NumberFormat(...args: ConstructorParameters<typeof Real>) {
            made.push(`${location.pathname}: ${new Error().stack?.split('\n')[2]?.trim()}`);
            return new Real(...args);
          } as unknown as typeof Intl.NumberFormat;
          Object.defineProperty(Intl.NumberFormat, 'prototype', { value: Real.prototype });
        }, token);
        for (const [path, shown] of [['/', 'h1'], ['/products', 'section[aria-labelledby="product-grid-count"] h3'], ['/products/product-details/1', 'h1'], ['/cart', '#cart-items-title']] as const) {
          await page.goto(env.shop.url + path);
          await page.locator(shown).first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => (window as unknown as { __numberFormats: string[] }).__numberFormats), `${lang} ${path}`).toEqual([]);
        }
        // The cart's count is still written (one line: the demo cart had none).
        expect(await page.locator('#cart-items-title').textContent()).toBe(lang === 'ar' ? 'منتج واحد' : '1 item');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the service worker and manifest', () => {
  it('takes the page on the first visit, and the app is installable with its icons loading', async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-pwa-profile-'));
    // A persistent profile: Chromium never offers to install from an incognito one.
    const context = await chromium.launchPersistentContext(profile, CHROMIUM);
    context.setDefaultTimeout(WAIT_MS);
    try {
      const page = await context.newPage();
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await controlled(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${env.shop.url}/sw.js`);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${env.shop.url}/manifest.webmanifest`);
      expect(errors).toEqual([]);
      const manifest = await page.evaluate(async (u) => (await fetch(u)).json(), url);
      expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', theme_color: '#5b3a1e', lang: 'en' });
      expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/cart', '/offers']);
      const images = [
        ...manifest.icons.map((i: { src: string; sizes: string }) => [i.src, i.sizes]),
        ...manifest.screenshots.map((s: { src: string; sizes: string }) => [s.src, s.sizes]),
        ...manifest.shortcuts.map((s: { icons: { src: string; sizes: string }[] }) => [s.icons[0].src, s.icons[0].sizes]),
      ];
      for (const [src, sizes] of images) {
        const loaded = await page.evaluate(async (s) => {
          const img = new Image();
          img.src = s;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }, src);
        expect(loaded, src).toBe(sizes);
      }
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('keeps catalog answers per language, side by side, and never one asked with a token', async () => {
    const { context, page, problems } = await visit(env.browser, 'en');
    try {
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await controlled(page);
      const kept = await page.evaluate(async () => {
        await caches.delete('attar-api');
        const ask = (url: string, headers: Record<string, string>) => fetch(url, { headers }).then((r) => r.status);
        const statuses = [
          await ask('/api/products/details/1', { lang: 'en' }),
          await ask('/api/products/details/1', { lang: 'ar' }),
          // A shopper's own answers: through the worker, never into its cache. (In
          // Arabic: the English visit's own anonymous answers may be kept meanwhile.)
          await ask('/api/home', { lang: 'ar', authorization: 'Bearer not-a-real-token-000000000' }),
          await ask('/api/products/bestseller', { lang: 'ar', authorization: 'Bearer not-a-real-token-000000000' }),
          // Not a catalog answer the worker keeps.
          await ask('/api/categories', { lang: 'en' }),
          // A product that does not exist: a 404 is not kept.
          await ask('/api/products/details/999999', { lang: 'en' }),
        ];
        const cache = await caches.open('attar-api');
        const keys = (await cache.keys()).map((r) => r.url.replace(location.origin, '')).sort();
        const arabic = await (await cache.match('/api/products/details/1?__lang=ar'))!.json();
        const english = await (await cache.match('/api/products/details/1?__lang=en'))!.json();
        return { statuses, keys, arabic: arabic.data.OverView_Product.name, english: english.data.OverView_Product.name };
      });
      expect(kept.statuses.slice(0, 2)).toEqual([200, 200]);
      expect(kept.statuses[5]).toBe(404);
      expect(kept.keys).toEqual(expect.arrayContaining(['/api/products/details/1?__lang=ar', '/api/products/details/1?__lang=en']));
      expect(kept.keys.filter((k) => /__lang=ar/.test(k) && !k.includes('/details/1?'))).toEqual([]);
      expect(kept.keys.filter((k) => /categories|999999/.test(k))).toEqual([]);
      expect(kept.arabic).not.toBe(kept.english);
      expect(kept.arabic).toMatch(/[\u0600-\u06ff]/);
      expect(problems.filter((p) => !/status of (401|404)/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('offline images', () => {
  it('an image never seen comes as a plain placeholder offline, not a failed load', async () => {
    const { context, page, problems } = await visit(env.browser, 'en');
    try {
      await page.goto(env.shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await controlled(page);
      // The home page's own pictures and late calls finished first: one still on its way when the
      // connection drops is a failed load of its own, not the unseen image this test is about.
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      const unseen = `/media/products/never-seen-${Date.now()}.svg`;
      const answer = await page.evaluate(async (src) => {
        const response = await fetch(src);
        const img = new Image();
        img.width = 40;
        img.height = 40;
        img.src = src;
        document.body.append(img);
        await img.decode();
        return { status: response.status, type: response.headers.get('content-type'), drawn: img.naturalWidth > 0 };
      }, unseen);
      expect(answer).toEqual({ status: 200, type: 'image/svg+xml', drawn: true });
      // Never kept: the real image comes once the connection is back.
      expect(await page.evaluate(async (src) => Boolean(await caches.match(src)), unseen)).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The server on its own build folder, so the test can deploy a new build under an open tab. */
const startShopOn = (dist: string) => startShop({ env: { DIST_DIR: dist } });

/** The next version: the same code built with another build id, once for the tests that deploy it. */
const NEXT = 'e2e-next';
let nextBuild: string | undefined;
function buildNext(): string {
  if (nextBuild) return nextBuild;
  const out = `${E2E_DIST}-next`;
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT, env: { ...process.env, VITE_BUILD_ID: NEXT }, stdio: 'inherit',
  });
  expect(built.status).toBe(0);
  return (nextBuild = out);
}

/** Deploys the next version into the folder being served, as a build with --emptyOutDir would: the old files go. */
function deployNext(dist: string): string {
  const next = buildNext();
  for (const entry of fs.readdirSync(dist)) fs.rmSync(path.join(dist, entry), { recursive: true, force: true });
  fs.cpSync(next, dist, { recursive: true });
  return NEXT;
}

describe('a new version', () => {
  it('waits behind "New version available" in the open tab until the shopper chooses Reload', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-pwa-dist-'));
    fs.cpSync(E2E_DIST, dist, { recursive: true });
    const [shop, browser] = await Promise.all([startShopOn(dist), launchBrowser()]);
    try {
      const { page, problems } = await visit(browser, 'en');
      await page.goto(shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await controlled(page);
      const first = await build(page);

      // Deploy: a build that differs in one constant, into the folder being served.
      const next = deployNext(dist);

      await page.evaluate(() => { (window as unknown as { sameVisit: boolean }).sameVisit = true; });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByText('New version available').waitFor();
      // Waiting, not taken over: still the old page and the old worker's version.
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { sameVisit?: boolean }).sameVisit)).toBe(true);
      expect(await build(page)).toBe(first);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);

      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await build(page)).toBe(next);
      expect(await page.evaluate(() => (window as unknown as { sameVisit?: boolean }).sameVisit)).toBeUndefined();
      expect(await page.getByText('New version available').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await shop.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('a screen whose files the deploy removed reloads once onto the new version, and shows', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-pwa-dist-'));
    fs.cpSync(E2E_DIST, dist, { recursive: true });
    const [shop, browser] = await Promise.all([startShopOn(dist), launchBrowser()]);
    try {
      const { page } = await visit(browser, 'en');
      await page.goto(shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await controlled(page);
      const first = await build(page);

      // Deploy while the tab is open: the old worker, still in control, knows nothing yet.
      const next = deployNext(dist);

      // Offers is not in the precache: its old file is gone now.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Offers', exact: true }).click();
      // The app waits for the new worker's install (up to INSTALL_MS) and its takeover before it reloads:
      // on a busy machine that alone may pass the journeys' usual wait, so this one waits for all of it.
      await page.getByRole('heading', { level: 1, name: 'Offers', exact: true }).waitFor({ timeout: INSTALL_MS + TAKEOVER_MS + WAIT_MS });
      expect(await build(page)).toBe(next);
      expect(first).not.toBe(next);
      expect(await page.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
      // The screen arrived: the tab's one automatic reload is there again for a later deploy.
      expect(await page.evaluate(() => sessionStorage.getItem('chunk reload'))).toBeNull();
    } finally {
      await browser.close();
      await shop.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('after the automatic reload is spent, Retry lets the waiting version in and shows the screen', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-pwa-dist-'));
    fs.cpSync(E2E_DIST, dist, { recursive: true });
    const [shop, browser] = await Promise.all([startShopOn(dist), launchBrowser()]);
    try {
      const { page } = await visit(browser, 'en');
      await page.goto(shop.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await controlled(page);
      const next = deployNext(dist);
      // The new version found and waiting, as after the hourly check.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByText('New version available').waitFor();
      // This tab already reloaded itself once over another screen.
      await page.evaluate(() => sessionStorage.setItem('chunk reload', 'another-screen'));

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Offers', exact: true }).click();
      const retry = page.getByRole('main').getByRole('button', { name: 'Retry', exact: true });
      await retry.waitFor();
      // A plain reload would land on the old page again while the new worker waits.
      await Promise.all([page.waitForEvent('load'), retry.click()]);
      await page.getByRole('heading', { level: 1, name: 'Offers', exact: true }).waitFor();
      expect(await build(page)).toBe(next);
    } finally {
      await browser.close();
      await shop.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

