// A shopper opens a product again with no connection: the service worker's
// shell and the persisted query cache must show it without the network, on
// a phone-speed CPU.
import type { Browser, Page } from 'playwright-core';
import { waitForServiceWorker } from '../tests/e2e/harness.ts';
import { MOBILE_CONTEXT } from './bundle.ts';
import { logNetwork } from './network-log.ts';
import type { ShopSource } from './shop.ts';

export interface OfflineReload {
  /** bytes that came from the network (not the worker, not a cache) */
  networkBytes: number;
  requests: number;
  /** what neither the worker nor a cache could give (offline, the network fails them): missing from the page */
  failed: string[];
  /** ms from the reload's navigation start, or null when the product never showed */
  lcp: number | null;
  /** the element (and its URL, for an image) the LCP was */
  lcpElement: string | null;
  rendered: boolean;
}

export interface OfflineResult extends OfflineReload {
  path: string;
  /** the same reload again, twice: tells a one-time cost (the worker waking, caches opening) from a steady one */
  laterReloads: OfflineReload[];
  problems: string[];
}

const CPU_SLOWDOWN = 4;

/** Polls `check` in the page until it is true or the time is up; false when it never was. */
async function eventually(page: Page, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(200);
  }
}

/** The scripts, styles, fonts and images this page loaded from /assets/ or /media/ that none of the worker's caches holds. */
const notKeptByWorker = (page: Page) => page.evaluate(async () => {
  const urls = performance.getEntriesByType('resource').map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && /^\/(assets|media)\//.test(u.pathname));
  // The worker matches with the page's own request headers; a bare URL would miss entries stored with a Vary.
  const kept = await Promise.all(urls.map((u) => caches.match(u.href, { ignoreVary: true })));
  return urls.filter((_, i) => !kept[i]).map((u) => u.pathname);
});

/** Whether the storefront's persister (src/lib/persist.ts, idb-keyval's store) has saved the product's query. */
const productPersisted = (page: Page, productId: number) => page.evaluate((id) => new Promise<boolean>((resolve) => {
  const open = indexedDB.open('keyval-store');
  open.onerror = () => resolve(false);
  open.onupgradeneeded = () => open.result.createObjectStore('keyval');
  open.onsuccess = () => {
    const db = open.result;
    const get = db.transaction('keyval').objectStore('keyval').get('attar-query-cache');
    get.onerror = () => { db.close(); resolve(false); };
    get.onsuccess = () => {
      db.close();
      if (typeof get.result !== 'string') return resolve(false);
      const client = JSON.parse(get.result) as { clientState: { queries: { queryKey: unknown[] }[] } };
      resolve(client.clientState.queries.some((q) => q.queryKey[0] === 'products' && q.queryKey[1] === 'detail' && q.queryKey[2] === id));
    };
  };
}), productId);

/** The largest contentful paint so far (buffered entries), in ms from navigation start. */
const largestContentfulPaint = (page: Page) => page.evaluate(() => new Promise<{ time: number; element: string } | null>((resolve) => {
  let last: { time: number; element: string } | null = null;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[]) {
      last = { time: entry.startTime, element: [entry.element?.tagName.toLowerCase() ?? '(gone)', entry.url].filter(Boolean).join(' ') };
    }
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  // Buffered entries arrive in a task of their own.
  setTimeout(() => { observer.disconnect(); resolve(last); }, 100);
}));

const LATER_RELOADS = 2;

export async function measureOfflineRepeat(browser: Browser, shops: ShopSource): Promise<OfflineResult> {
  const shop = await shops();
  const path = `/products/product-details/${shop.productId}`;
  const context = await browser.newContext({ ...MOBILE_CONTEXT, serviceWorkers: 'allow' });
  const problems: string[] = [];
  try {
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
    const network = await logNetwork(page);
    const heading = page.getByRole('heading', { level: 1, name: shop.productName, exact: true });

    await page.goto(shop.url + path);
    await heading.waitFor({ timeout: 15_000 });
    await waitForServiceWorker(page);
    await network.quiet();
    // The first visit loaded before the worker was there: it keeps those files once it controls
    // the page (src/pwa/register.ts), and the persister writes after a throttle. Both take a moment.
    if (!await eventually(page, async () => (await notKeptByWorker(page)).length === 0, 20_000)) {
      const missing = await notKeptByWorker(page).catch(() => []);
      problems.push(`the worker did not keep ${missing.length} file(s) the page loaded: ${missing.slice(0, 5).join(', ')}`);
    }
    if (!await eventually(page, () => productPersisted(page, shop.productId))) problems.push('the product was not persisted');

    await context.setOffline(true);
    await network.throttleCpu(CPU_SLOWDOWN);
    const reloads: OfflineReload[] = [];
    for (let i = 0; i <= LATER_RELOADS; i++) {
      network.reset();
      await page.reload({ waitUntil: 'load' }).catch((e: Error) => problems.push(`reload ${i + 1}: ${e.message.split('\n')[0]}`));
      const rendered = await heading.waitFor({ timeout: 20_000 }).then(() => true, () => false);
      if (!rendered) problems.push(`reload ${i + 1}: the product did not render offline`);
      // Settled: the screen's late images and fonts have painted before LCP is read.
      await network.quiet(1000).catch((e: Error) => problems.push(e.message));
      const lcp = rendered ? await largestContentfulPaint(page) : null;
      reloads.push({
        networkBytes: network.networkBytes(), requests: network.requests().length,
        failed: network.requests().filter((r) => r.failed).map((r) => new URL(r.url).pathname),
        lcp: lcp?.time ?? null, lcpElement: lcp?.element ?? null, rendered,
      });
    }
    await network.throttleCpu(1);
    const [first, ...later] = reloads;
    return { path, ...first, laterReloads: later, problems };
  } finally {
    await context.close();
  }
}
