// npm run bench — the storefront's budgets in one run: bundle sizes of the
// first routes, Lighthouse (mobile) on four pages, an offline repeat visit,
// the main thread on a 4× slower CPU in both languages, and the API bench;
// one final table against the targets, and the figures in
// bench/results/bench-<time>.json. Not part of `npm test`.
//
//   BENCH_RUNS=5                Lighthouse and main-thread runs a page (medians and ranges are shown)
//   BENCH_ONLY=bundle,offline   only these sections (bundle, lighthouse, offline, mainthread, api, scale)
//   BENCH_DIST=dist             an existing build instead of a fresh one
//   BENCH_PAGES=cart,details    only these pages (home, products, details, cart; Lighthouse also admin-dashboard, admin-orders)
//   BENCH_LANGS=ar              the main thread's languages (en, ar)
//   BENCH_SETUPS=sqlite         the API bench's setups (sqlite, postgres, postgres-3-haproxy; bench/api.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness.ts';
import { runApiBench } from './api.ts';
import { measureBundles } from './bundle.ts';
import { runLighthouse } from './lighthouse.ts';
import { measureFloor, measureMainThread } from './mainthread.ts';
import { measureOfflineRepeat } from './offline.ts';
import { runScaleBench, scaleReport } from './scale.ts';
import { bundleReport, checks, finalTable, lighthouseReport, mainThreadReport, offlineReport, type BenchFigures } from './report.ts';
import { backOfficeRoutes, benchRoutes, buildId, buildStorefront, chosenLangs, chosenPages, keepShopOpen } from './shop.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECTIONS = ['bundle', 'lighthouse', 'offline', 'mainthread', 'api', 'scale'] as const;
type Section = (typeof SECTIONS)[number];

function chosenSections(value: string | undefined): Set<Section> {
  if (!value?.trim()) return new Set(SECTIONS);
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return new Set(names as Section[]);
}

function lighthouseRuns(value: string | undefined): number {
  const runs = Number(value ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a whole number of at least 1, not ${value}`);
  return runs;
}

const log = (line = '') => console.log(line);
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const started = Date.now();
  const only = chosenSections(process.env.BENCH_ONLY);
  const runs = lighthouseRuns(process.env.BENCH_RUNS);
  const langs = chosenLangs(process.env.BENCH_LANGS);
  const figures: BenchFigures = { errors: {} };
  const timings: Record<string, number> = {};

  /** Runs one section; a failure is reported and the others still run. */
  async function section(name: Section, body: () => Promise<void>) {
    if (!only.has(name)) return;
    const t = Date.now();
    log(`\n== ${name} ==`);
    try {
      await body();
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      figures.errors[name] = message;
      log(`! ${name} failed: ${message}`);
      process.exitCode = 1;
    }
    timings[name] = Date.now() - t;
    log(`(${name}: ${elapsed(t)})`);
  }

  const needsShop = only.has('bundle') || only.has('lighthouse') || only.has('offline') || only.has('mainthread');
  let dist: string | null = null;
  let builtHere = false;
  let build: { id: string | null; dir: string; ms: number } | null = null;
  if (needsShop) {
    const t = Date.now();
    if (process.env.BENCH_DIST) {
      dist = path.resolve(process.env.BENCH_DIST);
      if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`BENCH_DIST ${dist} holds no build (no index.html)`);
      log(`using the build in ${dist}`);
    } else {
      dist = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-bench-dist-'));
      builtHere = true;
      log(`building the storefront into ${dist}`);
      buildStorefront(dist);
    }
    build = { id: buildId(dist), dir: dist, ms: Date.now() - t };
    log(`build ${build.id ?? '(unnamed)'} ready in ${elapsed(t)}`);
  }

  let shop: Awaited<ReturnType<typeof keepShopOpen>> | null = null;
  // Set inside the sections' closures, which control-flow narrowing does not see.
  let browser = null as Browser | null;
  // Interrupted (Ctrl-C, a timeout's SIGTERM): the server would outlive the bench.
  const interrupted = (signal: NodeJS.Signals) => {
    void Promise.all([browser?.close(), shop?.stop()]).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    if (dist) {
      shop = await keepShopOpen(dist, log);
      const shops = shop.shop;
      // A restarted shop is seeded the same way: the same routes hold.
      const shopRoutes = benchRoutes(await shops());
      const known = [...shopRoutes, ...backOfficeRoutes()];
      const routes = chosenPages(shopRoutes, process.env.BENCH_PAGES, known);
      // Lighthouse also audits the back office's dashboard and order list.
      const lighthouseRoutes = chosenPages(known, process.env.BENCH_PAGES);
      const distDir = dist;
      // Playwright's Chromium, for the sections that drive a page themselves (Lighthouse launches its own).
      const chromium = async () => (browser ??= await launchBrowser());

      await section('bundle', async () => {
        figures.bundle = await measureBundles(await chromium(), shops, distDir, routes);
        log(bundleReport(figures.bundle));
      });
      await section('lighthouse', async () => {
        figures.lighthouse = await runLighthouse(shops, lighthouseRoutes, runs, log);
        log('');
        log(lighthouseReport(figures.lighthouse, runs));
      });
      await section('offline', async () => {
        figures.offline = await measureOfflineRepeat(await chromium(), shops);
        log(offlineReport(figures.offline));
      });
      await section('mainthread', async () => {
        figures.mainThread = await measureMainThread(shops, routes, langs, runs, log);
        figures.mainThreadFloor = await measureFloor(shops, routes, langs, runs, log);
        log('');
        log(mainThreadReport(figures.mainThread, runs, figures.mainThreadFloor));
      });
    }
  } finally {
    await browser?.close();
    await shop?.stop();
    if (builtHere && dist) fs.rmSync(dist, { recursive: true, force: true });
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }

  // Last and alone: the API bench wants both cores for its own servers.
  await section('api', async () => {
    figures.api = await runApiBench();
  });
  await section('scale', async () => {
    figures.scale = await runScaleBench(log);
    log('');
    log(scaleReport(figures.scale));
  });

  const list = checks(figures);
  log('\n== all figures against their targets ==\n');
  log(finalTable(list));

  const at = new Date();
  const file = path.join(ROOT, 'bench', 'results', `bench-${at.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({
    at: at.toISOString(),
    node: process.version,
    cores: os.cpus().length,
    settings: { runs, langs, only: [...only] },
    build,
    durationMs: Date.now() - started,
    sectionMs: timings,
    ...figures,
    checks: list,
  }, null, 2));
  log(`\nwritten ${path.relative(ROOT, file)}; the bench took ${elapsed(started)}`);
}

await main();
