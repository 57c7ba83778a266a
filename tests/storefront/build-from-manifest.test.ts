// The build reads the route manifest (src/app/route-manifest.ts) for what it
// guards, precaches, groups and writes into the boot script: these check the
// lists it derives, and that every module the manifest names for it exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CODE_GROUPS, PREFETCHED_PARTS, ROUTES, bootPlan, matchRoute, pathsOf, pathPattern, screenModule, screensOf,
} from '@/app/route-manifest';
import { OFFLINE_MODULES } from '../../scripts/vite/precache-selection';
import { FIRST_SCREENS } from '../../scripts/vite/first-load-guard';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A declared path with its ids filled in. */
const sample = (declared: string) => declared.replace(/:\w+/g, '7');

describe('the build\'s reading of the route manifest', () => {
  it('the build\'s lists come from it, and every module they name exists', () => {
    expect(FIRST_SCREENS).toEqual(['home', 'products', 'category', 'product-details', 'offers', 'best-seller', 'cart']);
    expect(OFFLINE_MODULES.slice(0, 3)).toEqual(['src/app/routes/home.tsx', 'src/app/routes/about.tsx', 'src/app/routes/wishlist.tsx']);
    const exists = (file: string) => fs.existsSync(path.join(ROOT, file));
    for (const module of [...OFFLINE_MODULES, ...Object.values(PREFETCHED_PARTS), ...screensOf().map(screenModule)]) expect(exists(module), module).toBe(true);
    // A group's module is named without its extension: the module, its stylesheet, or both.
    for (const [group, modules] of Object.entries(CODE_GROUPS)) {
      for (const module of modules) {
        const found = ['.ts', '.tsx', '.css'].some((extension) => exists(module + extension));
        expect(found, `${group}: ${module}`).toBe(true);
      }
    }
  });

  it('the boot script\'s plan is the manifest\'s calls, at the manifest\'s paths', () => {
    const plan = bootPlan();
    expect(plan.routes.map((r) => r.call)).toEqual(ROUTES.flatMap((r) => (r.early ? [r.early] : [])));
    for (const { patterns, call } of plan.routes) {
      const route = ROUTES.find((r) => r.early === call)!;
      expect(patterns).toEqual(pathsOf(route).map((p) => pathPattern(p).source));
      for (const declared of pathsOf(route)) expect(matchRoute(sample(declared)), declared).toBe(route);
    }
  });
});
