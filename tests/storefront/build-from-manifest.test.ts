// The build reads the route manifest (src/app/route-manifest.ts) for what it
// guards, precaches and groups: these check the
// lists it derives, and that every module the manifest names for it exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_GROUPS, PREFETCHED_PARTS, screenModule, screensOf } from '@/app/route-manifest';
import { OFFLINE_MODULES } from '../../scripts/vite/precache-selection';
import { FIRST_SCREENS } from '../../scripts/vite/first-load-guard';

const ROOT = path.resolve(import.meta.dirname, '../..');

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
});
