// The main thread of a cheap phone, measured in a real browser rather than
// Lighthouse's simulation: Chromium with its CPU slowed 4× through the
// devtools protocol, Lighthouse's mobile screen (412×823), a first visit
// (fresh profile, cold cache) of each page in each language. The page's own
// long tasks (PerformanceObserver 'longtask', installed before the page's
// first script) are counted from the navigation to 5 s after `load`: their
// number, the blocking time they add up to (each task's time over 50 ms, as
// Total Blocking Time counts it) and the longest. The floor (measureFloor)
// runs the same visits without the shop's scripts, and React alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HTTPRequest } from 'puppeteer-core';
import { build } from 'vite';
import type { Lang } from '../server/contract/lang.ts';
import { contentProblems, median, openChromium, prepareVisit, fixedWorkMs } from './chromium.ts';
import { expectedContent, type BenchRoute, type ShopSource } from './shop.ts';

/**
 * What a page is measured as. `app`: the shop as it is. The floor, what no
 * change to the app's JavaScript can go under: `no-js`, the same server
 * page with every script taken out (its parse, style, layout and paint
 * alone); `bare-react`, React itself hydrating one paragraph (react-dom's
 * compile and start, with nothing of the shop).
 */
export type Variant = 'app' | 'no-js' | 'bare-react';

/** How long after `load` the long tasks are still counted: the app's code starts after `load` (src/boot.ts). */
export const AFTER_LOAD_MS = 5000;
/** A task over this is a long task; its time over it is blocking time. */
const LONG_TASK_MS = 50;

export interface LongTask {
  /** ms from the navigation's start */
  start: number;
  duration: number;
}

export interface MainThreadRun {
  longTasks: number;
  /** ms: the sum over the long tasks of (duration − 50 ms) */
  blocking: number;
  /** ms; 0 when there was no long task */
  longest: number;
  tasks: LongTask[];
  /** ms from the navigation's start to the end of `load` */
  loadMs: number;
  /** Lighthouse's benchmark index of this machine, taken in this run's browser just before the visit */
  benchmarkIndex: number;
  /** how much slower a fixed piece of work ran in the throttled page than before throttling (4 is what was asked) */
  slowdown: number;
  /** what the page showed that it should not, or did not show that it should */
  problems: string[];
}

export interface MainThreadPage {
  route: BenchRoute['key'] | 'react';
  variant: Variant;
  lang: Lang;
  path: string;
  runs: MainThreadRun[];
  /** each figure's median over the runs (not one run's figures) */
  median: { longTasks: number; blocking: number; longest: number; loadMs: number; slowdown: number };
}

declare global {
  interface Window {
    __benchLongTasks?: LongTask[];
  }
}

/** The server's page with its scripts (inline, module, preloaded modules) taken out. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

let bareReact: Promise<string> | null = null;

/** A production bundle of React and react-dom hydrating one paragraph, built once a bench. */
function bareReactBundle(): Promise<string> {
  bareReact ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bare-react-'));
    try {
      fs.writeFileSync(path.join(dir, 'entry.js'), [
        "import { createElement, startTransition } from 'react';",
        "import { hydrateRoot } from 'react-dom/client';",
        "startTransition(() => void hydrateRoot(document.getElementById('root'), createElement('p', null, 'Hello')));",
      ].join('\n'));
      await build({
        configFile: false, root: dir, logLevel: 'error', mode: 'production',
        resolve: { alias: { react: path.resolve('node_modules/react'), 'react-dom': path.resolve('node_modules/react-dom') } },
        build: { outDir: path.join(dir, 'out'), minify: true, rollupOptions: { input: path.join(dir, 'entry.js'), output: { entryFileNames: 'bare.js', format: 'es' } } },
      });
      return fs.readFileSync(path.join(dir, 'out', 'bare.js'), 'utf8');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return bareReact;
}

const BARE_REACT_PATH = '/__bench/bare-react';

/** Answers the document (and, for bare React, its script) from the bench instead of the shop. */
async function serveVariant(request: HTTPRequest, variant: Variant, lang: Lang): Promise<void> {
  const url = new URL(request.url());
  if (variant === 'bare-react' && url.pathname === BARE_REACT_PATH) {
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    return request.respond({
      status: 200, contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta name="viewport" content="width=device-width"><title>React</title>`
        + `<script type="module" src="${BARE_REACT_PATH}.js"></script></head><body><div id="root"><p>Hello</p></div></body></html>`,
    });
  }
  if (variant === 'bare-react' && url.pathname === `${BARE_REACT_PATH}.js`) {
    return request.respond({ status: 200, contentType: 'text/javascript', body: await bareReactBundle() });
  }
  if (variant === 'no-js' && request.isNavigationRequest() && request.frame() === request.frame()?.page().mainFrame()) {
    const answer = await fetch(url, { headers: { cookie: `lang=${lang}`, 'accept-language': lang } });
    return request.respond({ status: answer.status, contentType: answer.headers.get('content-type') ?? 'text/html', body: withoutScripts(await answer.text()) });
  }
  return request.continue();
}

async function runOnce(shops: ShopSource, route: BenchRoute, lang: Lang, variant: Variant = 'app'): Promise<MainThreadRun> {
  const shop = await shops();
  const chromium = await openChromium();
  try {
    const { page } = chromium;
    const before = await prepareVisit(chromium, shop, route, lang);
    // In every document from its first moment, before any of the page's scripts: buffered, so
    // nothing is lost before the observer's first callback.
    await page.evaluateOnNewDocument(() => {
      const tasks: { start: number; duration: number }[] = [];
      window.__benchLongTasks = tasks;
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no longtask entries in this browser: the bench reports none, and its check below says why
      }
    });
    if (variant !== 'app') {
      if (variant === 'bare-react') await bareReactBundle();
      await page.setRequestInterception(true);
      page.on('request', (request) => void serveVariant(request, variant, lang).catch(() => request.abort().catch(() => {})));
    }
    const target = variant === 'bare-react' ? BARE_REACT_PATH : route.path;
    await page.goto(shop.url + target, { waitUntil: 'load', timeout: 60_000 });
    const loadMs = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return nav ? nav.loadEventEnd : performance.now();
    });
    await new Promise((r) => setTimeout(r, AFTER_LOAD_MS));
    const supported = await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'));
    const all = await page.evaluate(() => window.__benchLongTasks ?? []);
    const tasks = all.filter((t) => t.start <= loadMs + AFTER_LOAD_MS).map((t) => ({ start: Math.round(t.start), duration: Math.round(t.duration) }));
    const problems = variant === 'bare-react'
      ? await contentProblems(page, { shows: ['Hello'], not: [] })
      : await contentProblems(page, expectedContent(route, shop, lang));
    if (!supported) problems.push('this Chromium does not report long tasks');
    const slowdown = (await fixedWorkMs(page)) / before.fullSpeedWorkMs;
    return {
      longTasks: tasks.length,
      blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_TASK_MS), 0),
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      tasks,
      loadMs: Math.round(loadMs),
      benchmarkIndex: before.benchmarkIndex,
      slowdown,
      problems,
    };
  } finally {
    await chromium.close();
  }
}

async function measurePage(
  shops: ShopSource, route: BenchRoute, lang: Lang, variant: Variant, runs: number, log: (line: string) => void,
): Promise<MainThreadPage> {
  const done: MainThreadRun[] = [];
  const name = variant === 'bare-react' ? 'bare React' : variant === 'no-js' ? `${route.path} without scripts` : route.path;
  for (let i = 0; i < runs; i++) {
    const run = await runOnce(shops, route, lang, variant);
    log(`  main thread ${name} ${lang} run ${i + 1}/${runs}: ${run.longTasks} long tasks, blocking ${run.blocking} ms, `
      + `longest ${run.longest} ms (${run.tasks.map((t) => `${t.duration}@${t.start}`).join(' ') || 'none'}), load ${run.loadMs} ms, `
      + `slowdown ${run.slowdown.toFixed(1)}×, benchmark index ${run.benchmarkIndex.toFixed(0)}`
      + `${run.problems.length ? `; ! ${run.problems.join('; ')}` : ''}`);
    done.push(run);
  }
  const m = (f: (r: MainThreadRun) => number) => median(done.map(f));
  return {
    route: variant === 'bare-react' ? 'react' : route.key, variant, lang, path: variant === 'bare-react' ? BARE_REACT_PATH : route.path, runs: done,
    median: { longTasks: m((r) => r.longTasks), blocking: m((r) => r.blocking), longest: m((r) => r.longest), loadMs: m((r) => r.loadMs), slowdown: m((r) => r.slowdown) },
  };
}

export async function measureMainThread(
  shops: ShopSource, routes: BenchRoute[], langs: Lang[], runs: number, log: (line: string) => void,
): Promise<MainThreadPage[]> {
  const pages: MainThreadPage[] = [];
  for (const route of routes) {
    for (const lang of langs) pages.push(await measurePage(shops, route, lang, 'app', runs, log));
  }
  return pages;
}

/**
 * The floor under the figures above, measured the same way: each page a
 * visitor opens (the signed-in cart's server page is only its skeleton)
 * without its scripts, and React alone. What the floor already spends, no
 * change to the shop's JavaScript can win back.
 */
export async function measureFloor(
  shops: ShopSource, routes: BenchRoute[], langs: Lang[], runs: number, log: (line: string) => void,
): Promise<MainThreadPage[]> {
  const pages: MainThreadPage[] = [];
  for (const route of routes.filter((r) => !r.signedIn)) {
    for (const lang of langs) pages.push(await measurePage(shops, route, lang, 'no-js', runs, log));
  }
  if (routes.length) pages.push(await measurePage(shops, routes[0], langs[0] ?? 'en', 'bare-react', runs, log));
  return pages;
}
