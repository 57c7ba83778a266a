// The bench's tables: one per section as it finishes, and the final one
// that puts every figure next to its target.
import { PRECACHE_BUDGET_KIB } from '../scripts/precache-size.ts';
import type { ApiBenchResult } from './api.ts';
import type { BundleResult, RouteBundle } from './bundle.ts';
import type { FailedAudit, LighthousePage, LighthouseRun } from './lighthouse.ts';
import { AFTER_LOAD_MS, type MainThreadPage } from './mainthread.ts';
import type { ScaleSetup } from './scale.ts';
import type { OfflineResult } from './offline.ts';

export const TARGETS = {
  performance: 95,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.02,
  /** accessibility, best practices, SEO */
  otherScores: 100,
  firstRouteJsGzipKiB: 150,
  firstVisitTransferKiB: 400,
  precacheGzipKiB: PRECACHE_BUDGET_KIB,
  offlineNetworkBytes: 0,
  offlineLcpMs: 1000,
  /** real Chromium, 4× CPU: no long task over this */
  mainThreadLongestMs: 150,
  /** real Chromium, 4× CPU: the long tasks' time over 50 ms, added up */
  mainThreadBlockingMs: 200,
  /** a grown shop's reads (bench/scale.ts): p95 of each, on each database */
  scaleP95Ms: 30,
} as const;

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
/** A category score, or 'none' when Lighthouse could not give one. */
const score = (value: number | null) => (value === null ? 'none' : String(value));

type Align = 'left' | 'right';

/** Plain text, columns padded to their widest cell; numbers read best right-aligned. */
export function table(headers: string[], rows: string[][], align: Align[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells
    .map((c, i) => (align[i] === 'right' ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function routeFiles(route: RouteBundle, limit = 6): string[] {
  const shown = route.js.files.slice(0, limit).map((f) => `${kib(f.gzip).padStart(6)} KiB gz  ${f.file}`);
  const rest = route.js.files.slice(limit);
  if (rest.length) shown.push(`${kib(rest.reduce((s, f) => s + f.gzip, 0)).padStart(6)} KiB gz  (${rest.length} more scripts)`);
  return shown;
}

export function bundleReport(bundle: BundleResult): string {
  const rows = bundle.routes.map((r) => [
    r.route, r.path, String(r.js.files.length), kib(r.js.gzip), kib(r.js.brotli),
    String(r.css.files.length), kib(r.css.gzip), kib(r.css.brotli), String(r.requests), kib(r.transfer),
  ]);
  const out = [
    'Bundles: each route as a first visit (fresh profile, service worker blocked, mobile viewport).',
    'JS/CSS KiB: the built files it loaded, each compressed on its own (gzip -9 / brotli -q11).',
    'Transfer KiB: every byte received (headers and bodies as the server sent them), all requests.',
    '',
    table(
      ['route', 'path', 'JS files', 'JS gzip', 'JS br', 'CSS files', 'CSS gzip', 'CSS br', 'requests', 'transfer'],
      rows,
      ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ];
  for (const r of bundle.routes) {
    out.push('', `${r.route}: heaviest scripts`, ...routeFiles(r).map((l) => `  ${l}`));
    for (const p of r.problems) out.push(`  ! ${p}`);
  }
  const lazy = bundle.largestLazy;
  out.push(
    '',
    lazy
      ? `largest lazy chunk (not loaded by home): ${lazy.file}  ${kib(lazy.gzip)} KiB gzip, ${kib(lazy.brotli)} KiB brotli (${kib(lazy.raw)} KiB raw)`
      : 'largest lazy chunk: none',
    `home's first visit with the service worker let in: ${kib(bundle.withWorker.transfer)} KiB transferred `
      + `(page ${kib(bundle.withWorker.pageBytes)} + worker install ${kib(bundle.withWorker.workerBytes)} over ${bundle.withWorker.workerRequests} requests; `
      + 'what the page loaded already comes from the HTTP cache)',
    `service worker precache: ${bundle.precache.files} files, ${kib(bundle.precache.gzip)} KiB gzip, ${kib(bundle.precache.brotli)} KiB brotli (${kib(bundle.precache.raw)} KiB raw)`,
  );
  return out.join('\n');
}

function savingsText(a: FailedAudit): string {
  const parts = Object.entries(a.savings ?? {})
    .filter(([, v]) => v > 0)
    .map(([metric, v]) => (metric === 'CLS' ? `CLS −${v.toFixed(3)}` : `${metric} −${Math.round(v)} ms`));
  return parts.length ? ` [${parts.join(', ')}]` : '';
}

/** "Why not 100": what failed in each category; for performance the audits with the largest estimated savings first. */
export function whyNot100(failing: FailedAudit[], topPerformance = 8): string[] {
  const lines: string[] = [];
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
  for (const category of categories) {
    let audits = failing.filter((a) => a.category === category);
    const more = category === 'performance' ? Math.max(0, audits.length - topPerformance) : 0;
    if (category === 'performance') audits = audits.slice(0, topPerformance);
    for (const a of audits) {
      const value = a.displayValue ? ` (${a.displayValue})` : '';
      lines.push(`    ${category}: ${a.id} — ${a.title}${value}${savingsText(a)}`);
      for (const w of a.where) lines.push(`        at ${w.length > 140 ? `${w.slice(0, 137)}...` : w}`);
    }
    if (more) lines.push(`    performance: ${more} more, smaller (all in the JSON)`);
  }
  return lines;
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** "median (min–max)" of a figure over the runs, each written by `fmt`. */
function spread(values: number[], fmt: (v: number) => string): string {
  if (!values.length) return 'none';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? fmt(lo) : `${fmt(medianOf(values))} (${fmt(lo)}–${fmt(hi)})`;
}

/** Each figure's own median and its range over a page's runs: how far one run's figures can be trusted. */
function lighthouseSpread(pages: LighthousePage[]): string {
  const rows = pages.map(({ route, runs }) => {
    const of = (f: (r: LighthouseRun) => number | null) => runs.map(f).filter((v): v is number => v !== null && Number.isFinite(v));
    return [
      route,
      spread(of((r) => r.scores.performance), String),
      spread(of((r) => r.fcp), seconds),
      spread(of((r) => r.lcp), seconds),
      spread(of((r) => r.tbt), (v) => v.toFixed(0)),
      spread(of((r) => r.cls), (v) => v.toFixed(3)),
      spread(of((r) => r.benchmarkIndex), (v) => v.toFixed(0)),
    ];
  });
  return table(['page', 'perf', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'benchmark index'], rows, ['left', ...Array<Align>(6).fill('right')]);
}

export function lighthouseReport(pages: LighthousePage[], runs: number): string {
  const rows = pages.map(({ route, median: m, runs: all }) => [
    route, score(m.scores.performance), score(m.scores.accessibility), score(m.scores['best-practices']), score(m.scores.seo),
    seconds(m.fcp), seconds(m.lcp), m.tbt.toFixed(0), m.cls.toFixed(3), seconds(m.si), kib(m.totalBytes),
    all.map((r) => score(r.scores.performance)).join(','),
  ]);
  const benchmark = pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
  const out = [
    `Lighthouse 13, mobile defaults (simulated slow 4G, 4× CPU), ${runs} run(s) a page; figures from the run with the median performance score.`,
    benchmark.length ? `This machine's benchmark index: ${Math.min(...benchmark).toFixed(0)}–${Math.max(...benchmark).toFixed(0)} (the simulation scales from real task times: a slow or busy machine inflates TBT).` : '',
    '',
    table(
      ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'SI s', 'bytes KiB', 'perf of runs'],
      rows,
      ['left', ...Array<Align>(11).fill('right')],
    ),
    '',
    `Each figure's own median over the ${runs} run(s), and its range (min–max):`,
    '',
    lighthouseSpread(pages),
  ];
  for (const { route, path, median, runs: pageRuns } of pages) {
    out.push('', `${route} (${path})`);
    if (median.lcpElement) out.push(`  LCP element: ${median.lcpElement}`);
    const errors = new Set(pageRuns.flatMap((r) => (r.runtimeError ? [r.runtimeError] : [])));
    for (const e of errors) out.push(`  ! Lighthouse failed part way in ${pageRuns.filter((r) => r.runtimeError === e).length} of ${pageRuns.length} run(s): ${e}`);
    if (median.performanceRerun) out.push('  ! its performance figures are from a performance-only run after the full one failed');
    for (const p of median.contentProblems) out.push(`  ! the audited page ${p}`);
    if (median.contentChecked.length) out.push(`  audited screen checked: ${median.contentChecked.join(', ')}`);
    for (const w of median.warnings) out.push(`  ! Lighthouse: ${w}`);
    const why = whyNot100(median.failing);
    out.push(why.length ? '  why not 100:' : '  nothing failing', ...why);
  }
  return out.join('\n');
}

export function offlineReport(offline: OfflineResult): string {
  const lcp = (ms: number | null) => (ms === null ? 'none' : `${seconds(ms)} s`);
  return [
    `Offline repeat visit of ${offline.path} (seen online once, then offline, CPU 4× slower, reload):`,
    `  network bytes ${offline.networkBytes} over ${offline.requests} requests; LCP ${lcp(offline.lcp)}${offline.lcpElement ? ` (${offline.lcpElement})` : ''}`,
    ...(offline.failed.length ? [`  ! ${offline.failed.length} request(s) failed, in no cache: ${offline.failed.slice(0, 5).join(', ')}`] : []),
    `  reloaded again: ${offline.laterReloads.map((r) => `LCP ${lcp(r.lcp)}, ${r.networkBytes} network bytes`).join('; ')}`,
    ...offline.problems.map((p) => `  ! ${p}`),
  ].join('\n');
}

export function mainThreadReport(pages: MainThreadPage[], runs: number, floor: MainThreadPage[] = []): string {
  const rowsOf = (list: MainThreadPage[]) => list.map((p) => {
    const of = (f: (r: MainThreadPage['runs'][number]) => number) => p.runs.map(f);
    return [
      p.variant === 'no-js' ? `${p.route}, no scripts` : p.variant === 'bare-react' ? 'bare React' : p.route, p.lang,
      spread(of((r) => r.longTasks), String),
      spread(of((r) => r.blocking), (v) => v.toFixed(0)),
      spread(of((r) => r.longest), (v) => v.toFixed(0)),
      spread(of((r) => r.loadMs), seconds),
      spread(of((r) => r.slowdown), (v) => `${v.toFixed(1)}×`),
    ];
  });
  const index = [...pages, ...floor].flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
  const headers = ['page', 'lang', 'long tasks', 'blocking ms', 'longest ms', 'load s', 'slowdown'];
  const align: Align[] = ['left', 'left', ...Array<Align>(5).fill('right')];
  const out = [
    `Main thread: real Chromium, CPU 4× slower (CDP), 412×823 mobile screen, a first visit (fresh profile) of each page; long tasks from the navigation to load + ${AFTER_LOAD_MS / 1000} s;`,
    `${runs} run(s) a page and language: each figure's median (min–max). Blocking: the long tasks' time over 50 ms, added up. Slowdown: a fixed loop in the page, throttled over unthrottled (4× asked).`,
    index.length ? `This machine's benchmark index (Lighthouse's own measure, taken before each visit): ${spread(index, (v) => v.toFixed(0))}.` : '',
    '',
    table(headers, rowsOf(pages), align),
    ...(floor.length ? [
      '',
      'The floor, measured the same way: each page from the same server without any of its scripts (parse, style, layout, paint alone),',
      'and React alone hydrating one paragraph. No change to the shop\'s JavaScript goes under it.',
      '',
      table(headers, rowsOf(floor), align),
    ] : []),
  ];
  for (const p of [...pages, ...floor]) {
    const problems = new Set(p.runs.flatMap((r) => r.problems));
    for (const problem of problems) out.push(`! ${p.route} ${p.lang}: the page ${problem} (${p.runs.filter((r) => r.problems.includes(problem)).length} of ${p.runs.length} runs)`);
  }
  return out.join('\n');
}

/** The API bench's setups, in the order they run and are shown (bench/api.ts). */
export const API_SETUPS = [
  { key: 'sqlite', label: 'SQLite', short: 'SQLite' },
  { key: 'postgres', label: 'PostgreSQL', short: 'PG' },
  { key: 'postgres-3-haproxy', label: '3×PostgreSQL+HAProxy', short: '3×PG+HAProxy' },
] as const;
export type ApiSetup = (typeof API_SETUPS)[number]['key'];

const setupLabel = (key: ApiSetup) => API_SETUPS.find((s) => s.key === key)!.label;

/** The API bench's table: one row a route, the setups side by side, each with req/s, p99 and the ratio to hello-world. */
export function apiReport(api: ApiBenchResult): string {
  const shown = API_SETUPS.filter((s) => api.rows.some((r) => r.setup === s.key));
  const routes = [...new Set(api.rows.map((r) => r.name))];
  const rows = routes.map((route) => {
    const cells = shown.flatMap((s) => {
      const r = api.rows.find((row) => row.setup === s.key && row.name === route);
      return r ? [r.rps.toFixed(0), String(r.p99), r.ratio.toFixed(2)] : ['', '', ''];
    });
    const target = api.rows.find((r) => r.name === route && r.target !== null)?.target;
    return [route, ...cells, target ? `≥ ${target} (SQLite)` : ''];
  });
  const h = api.hello;
  const out = [
    `API bench: ${api.duration} s each, ${api.connections} connections, loopback, Node ${api.node}, ${api.cores} cores; one setup at a time.`,
    `hello-world (bare Fastify): ${h.rps.toFixed(0)} req/s (before ${h.before.rps.toFixed(0)}, after ${h.after.rps.toFixed(0)}), p99 ${h.p99} ms; × hw is req/s over that.`,
    '',
    table(
      ['route', ...shown.flatMap((s) => [`${s.short} req/s`, 'p99 ms', '× hw']), 'target'],
      rows,
      ['left', ...Array<Align>(shown.length * 3).fill('right'), 'left'],
    ),
  ];
  for (const r of api.rows) {
    if (r.non2xx + r.errors) out.push(`! ${r.name} on ${setupLabel(r.setup)}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  }
  for (const s of api.skipped) out.push(`- ${setupLabel(s.setup)}: skipped, ${s.reason}`);
  for (const f of api.failed) out.push(`! ${setupLabel(f.setup)} failed: ${f.error.trim().replaceAll('\n', '\n    ')}`);
  return out.join('\n');
}

export interface Check {
  section: string;
  name: string;
  value: string;
  target: string;
  /** null: a figure shown without a target */
  pass: boolean | null;
}

export interface BenchFigures {
  bundle?: BundleResult;
  lighthouse?: LighthousePage[];
  offline?: OfflineResult;
  mainThread?: MainThreadPage[];
  /** the same visits without the shop's scripts, and React alone: not held to the targets */
  mainThreadFloor?: MainThreadPage[];
  /** the reads of a grown shop (bench/scale.ts) */
  scale?: ScaleSetup[];
  api?: ApiBenchResult;
  /** sections that failed to run, by name */
  errors: Record<string, string>;
}

export function checks(f: BenchFigures): Check[] {
  const out: Check[] = [];
  const add = (section: string, name: string, value: string, target: string, pass: boolean | null) => out.push({ section, name, value, target, pass });

  for (const p of f.lighthouse ?? []) {
    const m = p.median;
    const s = `lighthouse ${p.route}`;
    const atLeast = (value: number | null, target: number) => value !== null && value >= target;
    add(s, 'performance', score(m.scores.performance), `≥ ${TARGETS.performance}`, atLeast(m.scores.performance, TARGETS.performance));
    add(s, 'LCP', `${seconds(m.lcp)} s`, `≤ ${seconds(TARGETS.lcpMs)} s`, m.lcp <= TARGETS.lcpMs);
    add(s, 'TBT', `${m.tbt.toFixed(0)} ms`, `≤ ${TARGETS.tbtMs} ms`, m.tbt <= TARGETS.tbtMs);
    add(s, 'CLS', m.cls.toFixed(3), `≤ ${TARGETS.cls}`, m.cls <= TARGETS.cls);
    add(s, 'accessibility', score(m.scores.accessibility), `= ${TARGETS.otherScores}`, atLeast(m.scores.accessibility, TARGETS.otherScores));
    add(s, 'best practices', score(m.scores['best-practices']), `= ${TARGETS.otherScores}`, atLeast(m.scores['best-practices'], TARGETS.otherScores));
    // The back office is kept out of search engines on purpose (noindex): its SEO score is not a target.
    if (p.route.startsWith('admin')) add(s, 'SEO', score(m.scores.seo), '', null);
    else add(s, 'SEO', score(m.scores.seo), `= ${TARGETS.otherScores}`, atLeast(m.scores.seo, TARGETS.otherScores));
    add(s, 'FCP', `${seconds(m.fcp)} s`, '', null);
    add(s, 'total byte weight', `${kib(m.totalBytes)} KiB`, '', null);
    if (m.contentProblems.length) add(s, 'audited the right screen', m.contentProblems.join('; '), 'yes', false);
    if (m.runtimeError) add(s, 'audit completed', m.runtimeError.split(':')[0], 'yes', false);
  }

  if (f.bundle) {
    for (const r of f.bundle.routes) {
      add('bytes', `${r.route}: JS of the first route (gzip)`, `${kib(r.js.gzip)} KiB`, `≤ ${TARGETS.firstRouteJsGzipKiB} KiB`, r.js.gzip <= TARGETS.firstRouteJsGzipKiB * 1024);
    }
    for (const r of f.bundle.routes) {
      add('bytes', `${r.route}: first visit, total transfer`, `${kib(r.transfer)} KiB`, `≤ ${TARGETS.firstVisitTransferKiB} KiB`, r.transfer <= TARGETS.firstVisitTransferKiB * 1024);
    }
    add('bytes', 'home: first visit incl. worker install', `${kib(f.bundle.withWorker.transfer)} KiB`, '', null);
    add('bytes', 'service worker precache (gzip)', `${kib(f.bundle.precache.gzip)} KiB`, `≤ ${TARGETS.precacheGzipKiB} KiB`, f.bundle.precache.gzip <= TARGETS.precacheGzipKiB * 1024);
    const lazy = f.bundle.largestLazy;
    if (lazy) add('bytes', `largest lazy chunk (gzip): ${lazy.file.replace(/^assets\//, '')}`, `${kib(lazy.gzip)} KiB`, '', null);
  }

  if (f.offline) {
    const o = f.offline;
    add('offline repeat', 'product shown offline', o.rendered ? 'yes' : 'no', 'yes', o.rendered);
    add('offline repeat', 'network bytes', String(o.networkBytes), `= ${TARGETS.offlineNetworkBytes}`, o.networkBytes === TARGETS.offlineNetworkBytes);
    add('offline repeat', 'LCP (CPU 4×)', o.lcp === null ? 'none' : `${seconds(o.lcp)} s`, `≤ ${seconds(TARGETS.offlineLcpMs)} s`, o.lcp !== null && o.lcp <= TARGETS.offlineLcpMs);
  }

  for (const p of f.mainThread ?? []) {
    const s = `main thread ${p.route} ${p.lang}`;
    const m = p.median;
    add(s, 'longest task (CPU 4×)', `${m.longest.toFixed(0)} ms`, `≤ ${TARGETS.mainThreadLongestMs} ms`, m.longest <= TARGETS.mainThreadLongestMs);
    add(s, 'blocking time (CPU 4×)', `${m.blocking.toFixed(0)} ms`, `≤ ${TARGETS.mainThreadBlockingMs} ms`, m.blocking <= TARGETS.mainThreadBlockingMs);
    add(s, 'long tasks', String(m.longTasks), '', null);
    const wrong = p.runs.filter((r) => r.problems.length).length;
    if (wrong) add(s, 'measured the right screen', `${wrong} of ${p.runs.length} runs did not`, 'all', false);
  }
  for (const p of f.mainThreadFloor ?? []) {
    const s = p.variant === 'bare-react' ? 'floor: bare React' : `floor: ${p.route} ${p.lang}, no scripts`;
    add(s, 'longest task (CPU 4×)', `${p.median.longest.toFixed(0)} ms`, '', null);
    add(s, 'blocking time (CPU 4×)', `${p.median.blocking.toFixed(0)} ms`, '', null);
  }
  if (f.mainThread?.length) {
    const index = f.mainThread.flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
    add('main thread', 'benchmark index (median)', medianOf(index).toFixed(0), '', null);
  }

  if (f.api) {
    add('api', 'hello-world (req/s)', f.api.hello.rps.toFixed(0), '', null);
    for (const r of f.api.rows) {
      const pass = r.target === null ? null : r.ratio >= r.target;
      add('api', `${r.name} on ${setupLabel(r.setup)} (req/s × hello-world)`, r.ratio.toFixed(2), r.target === null ? '' : `≥ ${r.target}`, pass);
      if (r.non2xx + r.errors) add('api', `${r.name} on ${setupLabel(r.setup)}: non-2xx and errors`, String(r.non2xx + r.errors), '= 0', false);
    }
    for (const s of f.api.skipped) add('api', `${setupLabel(s.setup)}`, `skipped: ${s.reason}`, '', null);
    for (const e of f.api.failed) add('api', `${setupLabel(e.setup)} ran`, e.error.trim().replaceAll('\n', ' '), 'yes', false);
  }

  for (const s of f.scale ?? []) {
    if (s.skipped) add(`scale ${s.setup}`, 'ran', `skipped: ${s.skipped}`, '', null);
    for (const r of s.rows) add(`scale ${s.setup}`, `${r.name}: p95`, `${r.p95.toFixed(1)} ms`, `≤ ${TARGETS.scaleP95Ms} ms`, r.p95 <= TARGETS.scaleP95Ms);
  }

  for (const [section, error] of Object.entries(f.errors)) add(section, 'ran', error.split('\n')[0], 'yes', false);
  return out;
}

export function finalTable(list: Check[]): string {
  const failed = list.filter((c) => c.pass === false).length;
  const met = list.filter((c) => c.pass === true).length;
  return [
    table(
      ['section', 'check', 'value', 'target', '✓/✗'],
      // Long values (an error's text) are in full above and in the JSON.
      list.map((c) => [c.section, c.name, c.value.length > 40 ? `${c.value.slice(0, 39)}…` : c.value, c.target, c.pass === null ? '' : c.pass ? '✓' : '✗']),
      ['left', 'left', 'right', 'left', 'left'],
    ),
    '',
    `${met} met, ${failed} missed (${list.length - met - failed} shown without a target)`,
  ].join('\n');
}
