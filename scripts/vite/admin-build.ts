// Builds the back office (admin.html, src/admin) after the shop, as a build of its own into the same
// folder: it shares no file with the shop, so the shop's files, first load and precache are exactly
// what they would be without it (docs/decisions.md, "The back office: a second HTML entry").
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterShopBuild, type AfterBuildOptions } from './after-build.ts';

/**
 * After the shop's build, admin.html and its code into <outDir> (every file
 * `assets/admin-…` but the fonts, which are the shop's very files), emptying nothing. The service worker's precache never
 * lists these files: it holds only what the shop's build chose
 * (scripts/vite/precache-selection.ts).
 */
export function adminBuild(options: AfterBuildOptions): Plugin {
  return afterShopBuild('attar:admin-build', options, (outDir) => ({
    define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(process.env.VITE_BUILD_ID ?? '') },
    build: {
      outDir, emptyOutDir: false, sourcemap: true, manifest: false,
      rolldownOptions: {
        input: path.resolve(options.root, 'admin.html'),
        output: {
          entryFileNames: 'assets/admin-[hash].js',
          chunkFileNames: 'assets/admin-[name]-[hash].js',
          // The fonts are the shop's own files (same content, same hash, same name): an owner who
          // shops too downloads Cairo once, and the shop's worker may serve it from its precache.
          assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.woff2')) ? 'assets/[name]-[hash][extname]' : 'assets/admin-[name]-[hash][extname]'),
        },
      },
    },
  }));
}

/** On the dev server (`npm run dev`), /admin and below are the back office's page, as the server answers them. */
export function adminDevPage(): Plugin {
  return {
    name: 'attar:admin-dev-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/admin(\/|\?|$)/.test(request.url)) request.url = '/admin.html';
        next();
      });
    },
  };
}
