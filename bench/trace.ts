// npm run bench:trace — where a cheap phone's main thread spends a first
// visit: a Chromium performance trace (the devtools protocol's Tracing, the
// devtools.timeline categories and V8's sampling profiler) of each bench
// page in each language, CPU 4× slower, 412×823, from the navigation to
// load + 5 s, as the bench's main-thread section measures it; printed per
// page as a breakdown (bench/trace-analysis.ts). Not part of
// `npm test`; prints figures, asserts nothing.
//
//   BENCH_DIST=dist             an existing build (with its source maps) instead of a fresh one
//   BENCH_PAGES=home,details    only these pages (home, products, details, cart)
//   BENCH_LANGS=ar              only these languages (en, ar)
//   TRACE_FROM=bench/results/trace-<time>   read the raw traces of an earlier run again (with BENCH_DIST, its build's maps)
//
// The summary is written to bench/results/trace-<time>.json and each raw
// trace to bench/results/trace-<time>/<page>-<lang>.json, which DevTools'
// Performance panel opens (Load profile…).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '../server/contract/lang.ts';
import { contentProblems, openChromium, prepareVisit } from './chromium.ts';
import { AFTER_LOAD_MS } from './mainthread.ts';
import { table } from './report.ts';
import { analyseTrace, BuildMaps, type Attributed, type TraceBreakdown, type TraceEvent } from './trace-analysis.ts';
import {
  benchRoutes, buildId, buildStorefront, chosenLangs, chosenPages, expectedContent, keepShopOpen,
  type BenchRoute, type ShopSource,
} from './shop.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * What DevTools' Performance panel records, and V8's sampling profiler
 * (the JavaScript's functions). The profiler costs a little time of its own;
 * the bench's main-thread section, without it, gives the figures to compare.
 */
export const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.cpu_profiler',
];

const log = (line = '') => console.log(line);

async function record(shops: ShopSource, route: BenchRoute, lang: Lang): Promise<{ events: TraceEvent[]; url: string; problems: string[] }> {
  const shop = await shops();
  const chromium = await openChromium();
  try {
    const { page, cdp } = chromium;
    await prepareVisit(chromium, shop, route, lang);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      for (const event of e.value) events.push(event as unknown as TraceEvent);
    });
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: TRACE_CATEGORIES },
    });
    const url = shop.url + route.path;
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await new Promise((r) => setTimeout(r, AFTER_LOAD_MS));
    await cdp.send('Tracing.end');
    await complete;
    const problems = await contentProblems(page, expectedContent(route, shop, lang));
    return { events, url, problems };
  } finally {
    await chromium.close();
  }
}

const row = (a: Attributed, total?: number) => [a.ms.toFixed(0), total ? `${((a.ms / total) * 100).toFixed(0)}%` : '', a.name];
const list = (items: Attributed[]) => items.map((a) => `${a.name} ${a.ms.toFixed(0)}`).join(', ') || '-';

export function traceReport(key: string, lang: Lang, pathname: string, b: TraceBreakdown): string {
  const blocking = b.longTasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
  const busy = b.categories.reduce((s, c) => s + c.ms, 0);
  const js = b.sampledBundles.reduce((s, c) => s + c.ms, 0);
  const out = [
    `== ${key} ${lang} (${pathname}) ==`,
    `load ${(b.loadMs / 1000).toFixed(2)} s; window ${(b.windowMs / 1000).toFixed(2)} s (to load + ${AFTER_LOAD_MS / 1000} s); main thread busy ${b.busyMs} ms in ${b.tasks} tasks (its CPU ${b.cpuMs} ms); `
      + `${b.longTasks.length} long tasks, blocking ${blocking} ms, longest ${Math.max(0, ...b.longTasks.map((t) => t.duration))} ms; profiler sample every ${b.sampleIntervalUs} µs`,
    ...b.problems.map((p) => `! ${p}`),
    '',
    'Main thread by category (self time of the trace events):',
    table(['ms', '%', 'category'], b.categories.filter((c) => c.ms >= 1).map((c) => row(c, busy)), ['right', 'right', 'left']),
    '',
    'Script events\' self time by the file they entered (EvaluateScript, FunctionCall, timers, compile):',
    table(['ms', 'file'], b.scriptByEntry.map((a) => [a.ms.toFixed(0), a.name]), ['right', 'left']),
    '',
    `JavaScript from the profiler's samples (each counts one interval: the thread's running time, not the throttle's pauses; ${js.toFixed(0)} ms in all), by built file:`,
    table(['ms', '%', 'file'], b.sampledBundles.map((a) => row(a, js)), ['right', 'right', 'left']),
    '',
    'By package or app file (source-mapped), self | with what it calls:',
    table(['self ms', 'file or package'], b.sampledSources.map((a) => [a.ms.toFixed(0), a.name]), ['right', 'left']),
    '',
    table(['incl. ms', 'file or package (each sample once per file on its stack)'], b.sampledSourcesInclusive.map((a) => [a.ms.toFixed(0), a.name]), ['right', 'left']),
    '',
    'Functions by sampled self time (source file:line, the line; or the built code where no source maps it):',
    table(['ms', 'function'], b.functions.map((a) => [a.ms.toFixed(0), a.name]), ['right', 'left']),
    '',
    'The app\'s own functions (src/) with what they call (inclusive, sampled):',
    table(['ms', 'function'], b.appFunctionsInclusive.map((a) => [a.ms.toFixed(0), a.name]), ['right', 'left']),
    '',
    `Samples outside JavaScript: ${list(b.sampledOther)}`,
    '',
    'Long tasks (over 50 ms):',
  ];
  if (!b.longTasks.length) out.push('  none');
  for (const t of b.longTasks) {
    out.push(
      `  at ${t.start} ms, ${t.duration} ms${t.cpuMs === null ? '' : ` (CPU ${t.cpuMs} ms)`}`,
      `    top events: ${list(t.top)}`,
      `    by category: ${list(t.categories)}`,
      `    JS by file: ${list(t.bundles)}`,
      `    JS by source: ${list(t.sources)}`,
      `    top functions: ${t.functions.map((f) => `${f.ms.toFixed(0)} ms ${f.name}`).join(' | ') || '-'}`,
    );
  }
  return out.join('\n');
}

/** The raw traces of an earlier run, read again (a change to the analysis, say). */
function again(dir: string, dist: string) {
  const maps = new BuildMaps(dist);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const [key, lang] = path.basename(file, '.json').split('-') as [string, Lang];
    const { traceEvents, path: pathname } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { traceEvents: TraceEvent[]; path: string };
    log('');
    log(traceReport(key, lang, pathname, analyseTrace(traceEvents, pathname, AFTER_LOAD_MS, maps)));
  }
}

async function main() {
  const started = Date.now();
  if (process.env.TRACE_FROM) {
    if (!process.env.BENCH_DIST) throw new Error('TRACE_FROM needs BENCH_DIST: the build whose source maps name the functions');
    again(path.resolve(process.env.TRACE_FROM), path.resolve(process.env.BENCH_DIST));
    return;
  }
  const langs = chosenLangs(process.env.BENCH_LANGS);
  let dist: string;
  let builtHere = false;
  if (process.env.BENCH_DIST) {
    dist = path.resolve(process.env.BENCH_DIST);
    if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`BENCH_DIST ${dist} holds no build (no index.html)`);
  } else {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-dist-'));
    builtHere = true;
    log(`building the storefront into ${dist}`);
    buildStorefront(dist);
  }
  const build = buildId(dist);
  log(`build ${build ?? '(unnamed)'} in ${dist}`);
  const maps = new BuildMaps(dist);
  const at = new Date();
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const rawDir = path.join(ROOT, 'bench', 'results', `trace-${stamp}`);
  fs.mkdirSync(rawDir, { recursive: true });

  const shop = await keepShopOpen(dist, log);
  const interrupted = (signal: NodeJS.Signals) => {
    void shop.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const results: { page: string; lang: Lang; path: string; contentProblems: string[]; breakdown: TraceBreakdown }[] = [];
  try {
    const routes = chosenPages(benchRoutes(await shop.shop()), process.env.BENCH_PAGES);
    for (const route of routes) {
      for (const lang of langs) {
        const { events, url, problems } = await record(shop.shop, route, lang);
        fs.writeFileSync(path.join(rawDir, `${route.key}-${lang}.json`), JSON.stringify({ traceEvents: events, path: route.path, url }));
        const breakdown = analyseTrace(events, route.path, AFTER_LOAD_MS, maps);
        log('');
        log(traceReport(route.key, lang, route.path, breakdown));
        for (const p of problems) log(`! the traced page ${p}`);
        results.push({ page: route.key, lang, path: route.path, contentProblems: problems, breakdown });
      }
    }
  } finally {
    await shop.stop();
    if (builtHere) fs.rmSync(dist, { recursive: true, force: true });
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  const file = path.join(ROOT, 'bench', 'results', `trace-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: at.toISOString(), build, cpuSlowdown: 4, afterLoadMs: AFTER_LOAD_MS, categories: TRACE_CATEGORIES, results }, null, 2));
  log(`\nwritten ${path.relative(ROOT, file)} and the raw traces in ${path.relative(ROOT, rawDir)}/; took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

await main();
