// What the service worker of a build precaches, and what that costs a
// shopper's first visit: the files listed in dist/sw.js, raw and gzipped.
//
//   npx tsx scripts/precache-size.ts [dist]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The precache's ceiling (docs/architecture.md, "Offline"): what a first visit may download for offline use. */
export const PRECACHE_BUDGET_KIB = 300;

export interface PrecacheSize {
  files: { url: string; raw: number; gzip: number }[];
  /** bytes */
  raw: number;
  /** bytes, each file gzipped on its own at level 9, as the server's compress plugin sends them */
  gzip: number;
}

/** The URLs injected into the built worker (Workbox's `self.__WB_MANIFEST`). */
export function precachedUrls(distDir: string): string[] {
  const worker = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"?\burl"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
  // Only what the build holds: a stray `url:"…"` in Workbox's own code is not a file.
  return [...new Set(urls)].filter((url) => fs.existsSync(path.join(distDir, url)));
}

export function measurePrecache(distDir: string): PrecacheSize {
  const files = precachedUrls(distDir).map((url) => {
    const body = fs.readFileSync(path.join(distDir, url));
    return { url, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
  });
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function describePrecache(size: PrecacheSize): string {
  return `precache: ${size.files.length} files, ${kib(size.gzip)} KiB gzip (${kib(size.raw)} KiB raw), budget ${PRECACHE_BUDGET_KIB} KiB gzip`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const size = measurePrecache(path.resolve(process.argv[2] ?? 'dist'));
  for (const f of [...size.files].sort((a, b) => b.gzip - a.gzip)) console.log(`${kib(f.gzip).padStart(7)} KiB gzip ${kib(f.raw).padStart(7)} KiB  ${f.url}`);
  console.log(describePrecache(size));
}
