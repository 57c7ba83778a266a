// Lighthouse's mobile defaults (a Moto G Power on simulated slow 4G, CPU 4×
// slower) on each first route, each run in a fresh Chromium profile as the
// CLI does, keeping what fails so the table can say why a score is not 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { expectedContent, type BenchRoute, type BenchShop, type ShopSource } from './shop.ts';

export const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface FailedAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** e.g. { LCP: 300, TBT: 1500 } (ms) or { CLS: 0.1 }, as Lighthouse estimates */
  savings?: Record<string, number>;
  /** where: the first failing elements or URLs */
  where: string[];
}

export interface LighthouseRun {
  /** 0–100, or null when Lighthouse could not score the category (see runtimeError) */
  scores: Record<Category, number | null>;
  /** ms */
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** bytes, Lighthouse's total-byte-weight */
  totalBytes: number;
  /** Lighthouse's rough speed of this machine: the simulation scales from real task times */
  benchmarkIndex: number;
  /** the element Lighthouse took as the largest contentful paint */
  lcpElement: string | null;
  failing: FailedAudit[];
  /** what the audited page showed that it should not, or did not show that it should (e.g. a sign-in prompt) */
  contentProblems: string[];
  /** what was checked on the audited page and held */
  contentChecked: string[];
  warnings: string[];
  /** Lighthouse's fatal error (e.g. the tab crashed): the figures gathered before it are kept */
  runtimeError: string | null;
  /** the performance figures come from a second, performance-only run, the full one having failed before scoring it */
  performanceRerun: boolean;
}

export interface LighthousePage {
  route: BenchRoute['key'];
  path: string;
  /** the run with the median performance score: its other figures are from the same load, not a mix of runs */
  median: LighthouseRun;
  runs: LighthouseRun[];
}

/** The first few elements or URLs an audit's details point at. */
function where(details: unknown, limit = 3): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (found.length >= limit || depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const v = value as Record<string, unknown>;
    if (v.type === 'node') {
      // An image's label is often its selector again: its snippet (the src) says more.
      const detail = v.nodeLabel !== v.selector ? v.nodeLabel : v.snippet;
      const label = [v.selector, detail].filter((s) => typeof s === 'string' && s).join(' — ');
      if (label && !found.includes(label)) found.push(label);
      return;
    }
    if (typeof v.url === 'string' && !found.includes(v.url)) found.push(v.url);
    for (const key of ['items', 'node', 'subItems', 'value']) if (key in v) visit(v[key], depth + 1);
  };
  visit(details, 0);
  return found;
}

/** Lighthouse's own ranking is by metric savings; CLS counts as 1 s per 0.1 so it is not lost among milliseconds. */
function savingsWeight(a: FailedAudit): number {
  const s = a.savings ?? {};
  return Math.max(s.LCP ?? 0, s.FCP ?? 0, s.TBT ?? 0, s.INP ?? 0) + (s.CLS ?? 0) * 10_000;
}

function failingAudits(lhr: Result): FailedAudit[] {
  const failing: FailedAudit[] = [];
  for (const category of CATEGORIES) {
    const inCategory: FailedAudit[] = [];
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      // The metrics are reported as figures of their own; these two are metrics outside the score.
      if (ref.group === 'metrics' || ref.id === 'interactive' || ref.id === 'max-potential-fid') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'notApplicable') continue;
      inCategory.push({
        category, id: audit.id, title: audit.title, score: audit.score,
        displayValue: audit.displayValue,
        savings: audit.metricSavings && Object.keys(audit.metricSavings).length
          ? Object.fromEntries(Object.entries(audit.metricSavings).filter((e): e is [string, number] => typeof e[1] === 'number'))
          : undefined,
        where: where(audit.details),
      });
    }
    failing.push(...inCategory.sort((a, b) => savingsWeight(b) - savingsWeight(a)));
  }
  return failing;
}

function lcpElement(lhr: Result): string | null {
  for (const id of ['lcp-breakdown-insight', 'lcp-discovery-insight', 'largest-contentful-paint-element']) {
    const found = where(lhr.audits[id]?.details, 1);
    if (found.length) return found[0];
  }
  return null;
}

/** Which gatherer failed, when Lighthouse says. */
function artifactOf(error: object): string {
  const key = (error as { artifactKey?: unknown }).artifactKey;
  return typeof key === 'string' ? ` (in the ${key} gatherer)` : '';
}

async function runOnce(shop: BenchShop, route: BenchRoute, categories: readonly Category[] = CATEGORIES): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    // Not puppeteer's 3 minutes: a crashed tab answers nothing.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, protocolTimeout: 60_000 });
    try {
      const page = (await browser.pages())[0] ?? await browser.newPage();
      if (route.signedIn) {
        // Signed in through a page of the origin that is not the app (an API answer), so the
        // audited load still starts with a cold cache and no service worker.
        await page.goto(`${shop.url}/api/health`);
        await page.evaluate((token) => localStorage.setItem('userToken', token), route.owner ? shop.ownerToken : shop.token);
      }
      const flags: Flags = {
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...categories],
        // Lighthouse clears the origin's storage before loading, the token with it.
        disableStorageReset: route.signedIn,
        // A narrower phone than Lighthouse's own (its 412 px, 1.75 density), where the route asks.
        ...(route.width && { screenEmulation: { mobile: true, width: route.width, height: 844, deviceScaleFactor: 3, disabled: false } }),
      };
      const result = await lighthouse(shop.url + route.path, flags, undefined, page);
      if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`);
      const lhr = result.lhr;
      // A crash in a late gatherer (the tab ran out of memory during the accessibility audit, say)
      // still leaves the performance figures, taken from the load before it: keep them.
      const runtimeError = lhr.runtimeError
        ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}${artifactOf(lhr.runtimeError)}`
        : null;

      // The page stays where Lighthouse left it: check that it is the screen meant (the cart, not its sign-in prompt).
      const expected = expectedContent(route, shop);
      const contentProblems: string[] = [];
      const contentChecked: string[] = [];
      // A crashed tab has nothing left to read; the crash is reported on its own.
      if (lhr.runtimeError?.code !== 'TARGET_CRASHED') {
        try {
          const text = await page.evaluate(() => document.body.innerText);
          for (const s of expected.shows) {
            if (text.includes(s)) contentChecked.push(`shows "${s}"`);
            else contentProblems.push(`does not show "${s}"`);
          }
          for (const s of expected.not) {
            if (text.includes(s)) contentProblems.push(`shows "${s}"`);
            else contentChecked.push(`no "${s}"`);
          }
        } catch (error) {
          if (expected.shows.length || expected.not.length) contentProblems.push(`could not be read after the audit (${(error as Error).message.split('\n')[0]})`);
        }
      }
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const score = (c: Category) => {
        const value = lhr.categories[c]?.score;
        return typeof value === 'number' ? Math.round(value * 100) : null;
      };
      const scores = { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') };
      return {
        scores,
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        si: numeric('speed-index'),
        cls: numeric('cumulative-layout-shift'),
        totalBytes: numeric('total-byte-weight'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        lcpElement: lcpElement(lhr),
        // An unscored category's audits did not all run (a crash): what they say is not a finding.
        failing: failingAudits(lhr).filter((a) => scores[a.category] !== null),
        contentProblems,
        contentChecked,
        warnings: lhr.runWarnings.map(String),
        runtimeError,
        performanceRerun: false,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/**
 * A run that failed before scoring performance, completed by a
 * performance-only run (fewer gatherers after the load, so it may get
 * through): the other categories keep the failed run's scores (none where
 * the tab crashed), and its error is reported.
 */
async function withPerformanceRerun(failed: LighthouseRun, shop: BenchShop, route: BenchRoute, log: (line: string) => void): Promise<LighthouseRun> {
  log(`  lighthouse ${route.path}: failed before scoring performance; running performance alone`);
  const perf = await runOnce(shop, route, ['performance']);
  if (perf.scores.performance === null) return failed;
  return {
    ...perf,
    scores: { ...failed.scores, performance: perf.scores.performance },
    failing: [...perf.failing, ...failed.failing.filter((a) => a.category !== 'performance')],
    contentProblems: [...failed.contentProblems, ...perf.contentProblems],
    contentChecked: [...new Set([...failed.contentChecked, ...perf.contentChecked])],
    warnings: [...failed.warnings, ...perf.warnings],
    runtimeError: failed.runtimeError,
    performanceRerun: true,
  };
}

export async function runLighthouse(shop: ShopSource, routes: BenchRoute[], runs: number, log: (line: string) => void): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [];
  for (const route of routes) {
    const done: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      let run = await runOnce(await shop(), route);
      // A trace that failed to record (NO_NAVSTART and the like) is Lighthouse's flake: it asks to be run again.
      if (run.scores.performance === null && run.runtimeError && !run.runtimeError.startsWith('TARGET_CRASHED')) {
        log(`  lighthouse ${route.path}: ${run.runtimeError.split(':')[0]}; running it again`);
        run = await runOnce(await shop(), route);
      }
      if (run.scores.performance === null && run.runtimeError) run = await withPerformanceRerun(run, await shop(), route, log);
      log(`  lighthouse ${route.path} run ${i + 1}/${runs}: performance ${run.scores.performance ?? 'none'}, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${run.tbt.toFixed(0)} ms${run.runtimeError ? `; ${run.runtimeError}` : ''}`);
      done.push(run);
    }
    const perf = (r: LighthouseRun) => r.scores.performance ?? -1;
    const byScore = [...done].sort((a, b) => perf(a) - perf(b) || a.lcp - b.lcp);
    pages.push({ route: route.key, path: route.path, median: byScore[Math.floor((byScore.length - 1) / 2)], runs: done });
  }
  return pages;
}
