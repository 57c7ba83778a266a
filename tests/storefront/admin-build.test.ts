// The build's guards against back-office code on a shopper's first load or in the precache
// (scripts/vite/first-load-guard.ts, precache-selection.ts), run on made-up bundles: the back
// office as its own entry passes; the same code reached from the shop's entry fails the build.
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { screenModule } from '@/app/route-manifest';
import { FIRST_SCREENS, firstLoadGuard } from '../../scripts/vite/first-load-guard';
import { OFFLINE_MODULES, precacheSelection } from '../../scripts/vite/precache-selection';

const ROOT = '/repo';

function chunk(fileName: string, fields: Partial<Rollup.OutputChunk>): Rollup.OutputChunk {
  return {
    type: 'chunk', fileName, isEntry: false, isDynamicEntry: false, facadeModuleId: null, imports: [], dynamicImports: [],
    moduleIds: [], viteMetadata: { importedCss: new Set(), importedAssets: new Set() }, ...fields,
  } as Rollup.OutputChunk;
}

/** A shop (index.html, its steps, its first and offline screens) and a back office (admin.html); `shared` is imported by both entries. */
function bundle(sharedModules: string[]): Rollup.OutputBundle {
  const screens = [...FIRST_SCREENS.map(screenModule), ...OFFLINE_MODULES].map((module, i) =>
    chunk(`assets/screen-${i}.js`, { isDynamicEntry: true, facadeModuleId: `${ROOT}/${module}`, moduleIds: [`${ROOT}/${module}`] }));
  const chunks = [
    chunk('assets/index.js', {
      isEntry: true, facadeModuleId: `${ROOT}/index.html`, imports: ['assets/shared.js'],
      dynamicImports: screens.map((s) => s.fileName), moduleIds: [`${ROOT}/src/main.tsx`],
    }),
    chunk('assets/shared.js', { moduleIds: [`${ROOT}/src/lib/money.ts`, ...sharedModules] }),
    chunk('assets/admin.js', {
      isEntry: true, facadeModuleId: `${ROOT}/admin.html`, imports: ['assets/shared.js'],
      moduleIds: [`${ROOT}/src/admin/main.tsx`, `${ROOT}/src/admin/app.tsx`, `${ROOT}/node_modules/@mui/material/Table/Table.js`],
    }),
    ...screens,
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

/** Runs a plugin's generateBundle as the bundler would, its this.error throwing. */
function generate(plugin: { generateBundle?: unknown }, output: Rollup.OutputBundle) {
  const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;
  hook.call({ error: (message: string) => { throw new Error(message); } }, {}, output);
}

describe('the build keeps the back office off the shop', () => {
  it('passes a build where the back office is only its own entry, and precaches none of it', async () => {
    const output = bundle([]);
    expect(() => generate(firstLoadGuard(), output)).not.toThrow();
    const selection = precacheSelection();
    generate(selection.plugin, output);
    const entries = ['index.html', 'assets/index.js', 'assets/shared.js', 'assets/admin.js', 'assets/screen-0.js'].map((url) => ({ url }));
    const { manifest } = await selection.transform(entries);
    expect(manifest.map((e) => e.url)).toEqual(['index.html', 'assets/index.js', 'assets/shared.js', 'assets/screen-0.js']);
  });

  it('fails a build whose shopper first load carries back-office code', () => {
    expect(() => generate(firstLoadGuard(), bundle([`${ROOT}/src/admin/api.ts`]))).toThrow(/first load carries back-office code:\n {2}assets\/shared\.js: src\/admin\/api\.ts/);
  });

  it('fails a build whose precache would hold back-office code', () => {
    const output = bundle([]);
    const screen = Object.values(output).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(OFFLINE_MODULES[0])) as Rollup.OutputChunk;
    screen.moduleIds.push(`${ROOT}/src/admin/screens/orders.tsx`);
    expect(() => generate(precacheSelection().plugin, output)).toThrow(/precache would hold back-office code/);
  });
});
