import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { muiWithoutCssVars } from './scripts/mui-without-css-vars.ts';
import { bootHints } from './scripts/vite/boot-hints.ts';
import { CHUNK_GROUPS } from './scripts/vite/chunk-groups.ts';
import { firstLoadGuard } from './scripts/vite/first-load-guard.ts';
import { inlineBoot } from './scripts/vite/inline-boot.ts';
import { linguiPluralNumberOnDemand } from './scripts/vite/lingui-plural-number-on-demand.ts';
import { precacheReport } from './scripts/vite/precache-report.ts';
import { precacheSelection } from './scripts/vite/precache-selection.ts';
import { nameTheBuild, productionBuild } from './scripts/vite/production-build.ts';
import { serverRenderBuild } from './scripts/vite/server-render-build.ts';
import { adminBuild, adminDevPage } from './scripts/vite/admin-build.ts';

// The build plugins live in scripts/vite/, each saying why it exists; what they
// know of the routes (first-visit screens, offline screens, prefetch, the boot
// script's calls, the shared code's groups) comes from src/app/route-manifest.ts.

const API = process.env.VITE_DEV_API ?? 'http://localhost:8080';
/** `@/` is the storefront; `@contract/` the one part of the server it may import (types and pure shared rules). */
const SOURCE_ALIASES = [
  { find: '@contract', replacement: path.resolve(import.meta.dirname, 'server/contract') },
  { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
];
/**
 * react-router's package exports only its development build (warnings, checks, a third more code to
 * parse and run on a phone's first visit); a production build gets the production files next to it.
 * docs/decisions.md, "react-router's production build".
 */
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs') },
];

nameTheBuild(import.meta.dirname);

/** The storefront's source transforms: JSX with Lingui's macros, and the .po catalogs. */
const sourcePlugins = () => [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()];

const selection = precacheSelection();
const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'manifest.webmanifest'), 'utf8')) as Partial<ManifestOptions>;

export default defineConfig(({ command }) => {
  const ALIASES = command === 'build' ? [...ROUTER_PRODUCTION, ...SOURCE_ALIASES] : SOURCE_ALIASES;
  return {
  plugins: [
    ...sourcePlugins(),
    selection.plugin,
    muiWithoutCssVars(),
    linguiPluralNumberOnDemand(),
    inlineBoot(),
    bootHints(),
    firstLoadGuard(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      // src/pwa/register.ts registers it, to ask before an update takes over.
      injectRegister: false,
      manifest,
      // The manifest's PNGs matter to the installer, which fetches them online,
      // not to an offline page: 60 KiB that does not compress. The shell's own
      // icon (logo.svg: favicon and loading view) is precached.
      includeManifestIcons: false,
      injectManifest: {
        // woff2 only (every browser with service workers reads it): Arabic and Latin regular, and
        // Arabic bold (headings and prices in the shop's main language; without it an Arabic page
        // never seen in bold fails to load the font offline). Latin bold (15 KiB, woff2 does not
        // compress) is kept by the worker's runtime cache once used.
        globPatterns: [
          'index.html', 'logo.svg', 'assets/*.{js,css}',
          'assets/cairo-{arabic,latin}-400-normal-*.woff2', 'assets/cairo-arabic-700-normal-*.woff2',
        ],
        manifestTransforms: [selection.transform],
        // A classic script: registered without `type: 'module'`, which older Safari lacks.
        rollupFormat: 'iife',
        sourcemap: false,
      },
    }),
    productionBuild(),
    precacheReport(),
    // The back office (admin.html): a build of its own into dist/, after the shop's (docs/decisions.md,
    // "The back office: a second HTML entry").
    adminDevPage(),
    adminBuild({ root: import.meta.dirname, alias: ALIASES, plugins: () => [muiWithoutCssVars(), ...sourcePlugins()] }),
    serverRenderBuild({ root: import.meta.dirname, alias: ALIASES, plugins: () => [muiWithoutCssVars(), ...sourcePlugins()] }),
  ],
  resolve: { alias: ALIASES },
  server: { proxy: { '/api': API, '/media': API } },
  build: {
    outDir: 'dist', sourcemap: true,
    // Which files each screen needs: the server links a rendered screen's stylesheets (storefront-render.ts).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
};
});
