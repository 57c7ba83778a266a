// Debian's Chromium driven through the devtools protocol (puppeteer-core), for
// the sections that watch a page's main thread (bench/mainthread.ts,
// bench/trace.ts): a fresh browser a visit, as Lighthouse's own runs, so no
// run inherits another's caches, compiled code or service worker.
import * as chromeLauncher from 'chrome-launcher';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import type { Lang } from '../server/contract/lang.ts';
import { CHROME_FLAGS } from './lighthouse.ts';
import type { BenchRoute, BenchShop } from './shop.ts';

/** The phone the issue measures on: Lighthouse's mobile screen (a Moto G Power), 4× slower CPU. */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, cpuSlowdown: 4 } as const;

export interface Chromium {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

export async function openChromium(): Promise<Chromium> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    // Not puppeteer's 3 minutes: a crashed tab answers nothing.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, protocolTimeout: 60_000, defaultViewport: null });
    const page = (await browser.pages())[0] ?? await browser.newPage();
    const cdp = await page.createCDPSession();
    return {
      browser, page, cdp,
      async close() {
        await browser.disconnect().catch(() => {});
        chrome.kill();
      },
    };
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

/**
 * Lighthouse's benchmark index of this machine (its own page function,
 * run as Lighthouse runs it: in a page, at full speed): what the
 * figures of a run should be read against.
 */
export async function benchmarkIndex(page: Page): Promise<number> {
  return page.evaluate(pageFunctions.computeBenchmarkIndex);
}

/** A fixed piece of work in the page, in ms: timed before and after throttling, it says how much slower the page really ran. */
export async function fixedWorkMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 12_000_000; i++) x = (x + i * 7) % 1_000_003;
    if (x === -1) throw new Error('never');
    return performance.now() - start;
  });
}

/**
 * Gets the page ready for a first visit of `route` in `lang`: the
 * language (localStorage and the cookie the server renders by) and, for a
 * signed-in route, the demo shopper's token, set from a page of the origin
 * that is not the app (an API answer), so the visit still starts with a
 * cold cache and no service worker. Then the phone: its screen and CPU.
 * Returns the page's fixed work at full speed, to compare after the visit.
 */
export async function prepareVisit(c: Chromium, shop: BenchShop, route: BenchRoute, lang: Lang): Promise<{ fullSpeedWorkMs: number; benchmarkIndex: number }> {
  await c.page.goto(`${shop.url}/api/health`);
  await c.page.evaluate((l, token) => {
    localStorage.setItem('lang', l);
    document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
    if (token) localStorage.setItem('userToken', token);
  }, lang, route.signedIn ? shop.token : null);
  const index = await benchmarkIndex(c.page);
  const fullSpeedWorkMs = await fixedWorkMs(c.page);
  await c.cdp.send('Emulation.setDeviceMetricsOverride', {
    width: PHONE.width, height: PHONE.height, deviceScaleFactor: PHONE.deviceScaleFactor, mobile: true,
  });
  await c.cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await c.cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return { fullSpeedWorkMs, benchmarkIndex: index };
}

/** What the page shows that it should not, or does not show that it should (e.g. the cart's sign-in prompt). */
export async function contentProblems(page: Page, expected: { shows: string[]; not: string[] }): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText).catch(() => null);
  if (text === null) return expected.shows.length || expected.not.length ? ['the page could not be read'] : [];
  return [
    ...expected.shows.filter((s) => !text.includes(s)).map((s) => `does not show "${s}"`),
    ...expected.not.filter((s) => text.includes(s)).map((s) => `shows "${s}"`),
  ];
}

export const median = (values: number[]): number => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
