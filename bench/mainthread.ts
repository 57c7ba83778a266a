// The main thread of a cheap phone, measured in a real browser rather than
// Lighthouse's simulation: Chromium with its CPU slowed 4× through the
// devtools protocol, Lighthouse's mobile screen (412×823), a first visit
// (fresh profile, cold cache) of each page in each language. The page's own
// long tasks (PerformanceObserver 'longtask', installed before the page's
// first script) are counted from the navigation to 5 s after `load`: their
// number, the blocking time they add up to (each task's time over 50 ms, as
// Total Blocking Time counts it) and the longest. Issue 25.
import type { Lang } from '../server/contract/lang.ts';
import { contentProblems, median, openChromium, prepareVisit, fixedWorkMs } from './chromium.ts';
import { expectedContent, type BenchRoute, type ShopSource } from './shop.ts';

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
  route: BenchRoute['key'];
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

async function runOnce(shops: ShopSource, route: BenchRoute, lang: Lang): Promise<MainThreadRun> {
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
    await page.goto(shop.url + route.path, { waitUntil: 'load', timeout: 60_000 });
    const loadMs = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return nav ? nav.loadEventEnd : performance.now();
    });
    await new Promise((r) => setTimeout(r, AFTER_LOAD_MS));
    const supported = await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'));
    const all = await page.evaluate(() => window.__benchLongTasks ?? []);
    const tasks = all.filter((t) => t.start <= loadMs + AFTER_LOAD_MS).map((t) => ({ start: Math.round(t.start), duration: Math.round(t.duration) }));
    const problems = await contentProblems(page, expectedContent(route, shop, lang));
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

export async function measureMainThread(
  shops: ShopSource, routes: BenchRoute[], langs: Lang[], runs: number, log: (line: string) => void,
): Promise<MainThreadPage[]> {
  const pages: MainThreadPage[] = [];
  for (const route of routes) {
    for (const lang of langs) {
      const done: MainThreadRun[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await runOnce(shops, route, lang);
        log(`  main thread ${route.path} ${lang} run ${i + 1}/${runs}: ${run.longTasks} long tasks, blocking ${run.blocking} ms, `
          + `longest ${run.longest} ms (${run.tasks.map((t) => `${t.duration}@${t.start}`).join(' ') || 'none'}), load ${run.loadMs} ms, `
          + `slowdown ${run.slowdown.toFixed(1)}×, benchmark index ${run.benchmarkIndex.toFixed(0)}`
          + `${run.problems.length ? `; ! ${run.problems.join('; ')}` : ''}`);
        done.push(run);
      }
      const m = (f: (r: MainThreadRun) => number) => median(done.map(f));
      pages.push({
        route: route.key, lang, path: route.path, runs: done,
        median: { longTasks: m((r) => r.longTasks), blocking: m((r) => r.blocking), longest: m((r) => r.longest), loadMs: m((r) => r.loadMs), slowdown: m((r) => r.slowdown) },
      });
    }
  }
  return pages;
}
