// Prints what the precache costs after each build, and warns past its budget, so a heavier precache is seen when it happens.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describePrecache, measurePrecache, PRECACHE_BUDGET_KIB } from '../precache-size.ts';

export function precacheReport(): Plugin {
  let outDir = '';
  return {
    name: 'attar:precache-report',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!fs.existsSync(path.join(outDir, 'sw.js'))) return;
        const size = measurePrecache(outDir);
        const line = describePrecache(size);
        if (size.gzip > PRECACHE_BUDGET_KIB * 1024) this.warn(`${line}: OVER BUDGET`);
        else console.log(line);
      },
    },
  };
}
