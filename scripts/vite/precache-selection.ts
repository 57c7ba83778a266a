// Chooses which scripts the service worker precaches: the app's code and what offline use needs first, not every screen.
import type { Plugin } from 'vite';
import { OFFLINE_PARTS, ROUTES, screenModule } from '../../src/app/route-manifest.ts';
import { adminCodeIn, appCode, chunksOf, isModule, withImports } from './bundle-graph.ts';

/**
 * The lazy modules the precache holds besides the shell (the entry, the
 * steps it runs and all they import, index.html, the logo): the offline
 * screens of the route manifest, and the parts the shell loads when first
 * needed (OFFLINE_PARTS). The other screens stay out, within the precache's
 * budget, and the worker's runtime cache keeps them once used (src/pwa/sw.ts;
 * src/pwa/register.ts hands it what the first page loaded before the worker
 * was there):
 * - product lists and the cart (TextField and the filters): a shopper
 *   reaches them online first, and visiting keeps them;
 * - product details (Swiper): a product is only readable offline once seen,
 *   and seeing it keeps the screen too;
 * - the checkout steps (online only), sign-in/up and the account forms (React
 *   Hook Form; they need the server anyway), order tracking and order-is-done.
 */
export const OFFLINE_MODULES: readonly string[] = [
  ...ROUTES.flatMap((route) => (route.offline ? [screenModule(route.screen)] : [])),
  ...OFFLINE_PARTS,
];

/**
 * The plugin that reads the bundle's import graph, and the vite-plugin-pwa
 * manifest transform that keeps, of the scripts and stylesheets, only those
 * it chose.
 */
export function precacheSelection() {
  const wanted = new Set<string>();
  const plugin: Plugin = {
    name: 'attar:precache-selection',
    apply: 'build',
    generateBundle(_options, bundle) {
      wanted.clear();
      const chunks = chunksOf(bundle);
      appCode(chunks, wanted);
      for (const chunk of chunks.values()) {
        if (chunk.isDynamicEntry && OFFLINE_MODULES.some((module) => isModule(chunk.facadeModuleId, module))) withImports(chunks, chunk.fileName, wanted);
      }
      // The back office (admin.html) needs the network and is no shopper's: none of its code is precached.
      const admin = adminCodeIn(chunks, wanted);
      if (admin.length) this.error(`attar:precache-selection: the precache would hold back-office code:\n  ${admin.slice(0, 10).join('\n  ')}`);
    },
  };
  const transform = async <Entry extends { url: string }>(entries: Entry[]) => ({
    manifest: entries.filter((e) => !/^assets\/.*\.(js|css)$/.test(e.url) || wanted.has(e.url)),
    warnings: [] as string[],
  });
  return { plugin, transform };
}
