import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { muiWithoutCssVars } from './scripts/mui-without-css-vars.ts';
import { describePrecache, measurePrecache, PRECACHE_BUDGET_KIB } from './scripts/precache-size.ts';
import { PREFETCH_META, PREFETCHED_PARTS, PREFETCHED_SCREENS } from './src/pwa/prefetch-plan.ts';

const API = process.env.VITE_DEV_API ?? 'http://localhost:8080';
/** `@/` is the storefront; `@contract/` the one part of the server it may import (types and pure shared rules). */
const ALIASES = {
  '@contract': path.resolve(import.meta.dirname, 'server/contract'),
  '@': path.resolve(import.meta.dirname, 'src'),
};

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}
// The build's name, in index.html's <meta name="attar-build"> (and for the app
// as import.meta.env.VITE_BUILD_ID): the commit, unless the builder names it.
process.env.VITE_BUILD_ID ||= commit();

/**
 * What the precache holds besides the shell (the entry and all it imports,
 * index.html, the logo): the lazy modules a shopper needs first offline,
 * the fonts' regular weights, and Arabic bold (headings and prices in the
 * shop's main language; without it an Arabic page never seen in bold fails
 * to load the font offline). Within 300 KiB gzip (issue 5). Left out, and
 * kept by the worker's runtime cache once used (sw.ts; register.ts hands it
 * what the first page loaded before the worker was there):
 * - Latin bold (15 KiB, woff2 does not compress): until it is kept, bold
 *   English text offline falls back to the system font;
 * - product lists and the cart (TextField and the filters): a shopper
 *   reaches them online first, and visiting keeps them;
 * - product details (Swiper): a product is only readable offline once seen,
 *   and seeing it keeps the screen too;
 * - the checkout steps (online only), sign-in/up and the account forms (React
 *   Hook Form; they need the server anyway), order tracking and order-is-done.
 */
const OFFLINE_MODULES = [
  // the screens
  'src/app/routes/home.tsx', 'src/app/routes/wishlist.tsx', 'src/app/routes/about.tsx',
  // what the shell loads when first needed: both languages' messages, the
  // navigation's menus, the snackbars, the footer's sanitizer, the install how-to
  'locales/en/messages.po', 'locales/ar/messages.po', 'src/app/shell/nav-menus.tsx',
  'src/lib/notify-provider.tsx', 'src/components/safe-html.tsx', 'src/lib/shop-html-purify.ts', 'src/pwa/install-prompt.tsx',
  // and the service worker's registration, after the page has loaded
  'src/pwa/register.ts',
];

type Chunks = Map<string, Rollup.OutputChunk>;

/** The bundle's scripts by file name. */
const chunksOf = (bundle: Rollup.OutputBundle): Chunks => new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));

/** A chunk's file with its stylesheets and every file it imports, all the way down, added to `into`. */
function withImports(chunks: Chunks, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = chunks.get(fileName);
  if (!chunk || into.has(fileName)) return into;
  into.add(fileName);
  chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
  chunk.imports.forEach((file) => withImports(chunks, file, into));
  return into;
}

/**
 * Chooses the precached scripts from the bundle's import graph: the entry
 * with everything it imports and the steps it runs, and the offline modules with theirs. Other
 * chunks stay out of the precache (the worker's runtime cache keeps them when used).
 */
function precacheSelection() {
  const wanted = new Set<string>();
  const plugin: Plugin = {
    name: 'attar:precache-selection',
    apply: 'build',
    generateBundle(_options, bundle) {
      wanted.clear();
      const chunks = chunksOf(bundle);
      const offline = (id: string | null) => OFFLINE_MODULES.some((name) => id?.replace(/\\/g, '/').endsWith(`/${name}`));
      for (const chunk of chunks.values()) {
        if (chunk.isEntry || (chunk.isDynamicEntry && offline(chunk.facadeModuleId))) withImports(chunks, chunk.fileName, wanted);
        // The steps the entry runs (src/main.tsx): the app's code, which no offline start can lack.
        if (chunk.isEntry) chunk.dynamicImports.forEach((step) => withImports(chunks, step, wanted));
      }
    },
  };
  const transform = async <Entry extends { url: string }>(entries: Entry[]) => ({
    manifest: entries.filter((e) => !/^assets\/.*\.(js|css)$/.test(e.url) || wanted.has(e.url)),
    warnings: [] as string[],
  });
  return { plugin, transform };
}

/** Prints what the precache costs after the worker is written; warns past the budget. */
function precacheReport(outDir: () => string): Plugin {
  return {
    name: 'attar:precache-report',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const dir = outDir();
        if (!fs.existsSync(path.join(dir, 'sw.js'))) return;
        const size = measurePrecache(dir);
        const line = describePrecache(size);
        if (size.gzip > PRECACHE_BUDGET_KIB * 1024) this.warn(`${line}: OVER BUDGET`);
        else console.log(line);
      },
    },
  };
}

/**
 * Tells boot.js where the build put each language's catalog (data-catalog-en,
 * data-catalog-ar on its tag), so it preloads the shopper's next to the entry
 * instead of after it; and puts the entry's stylesheet in the page.
 */
function bootHints(): Plugin {
  return {
    name: 'attar:boot-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // Vite lists the entry's stylesheet among a lazy file's dependencies where that file imports
        // from the entry, and its preload helper adds a <link> for it unless one is in the page: with
        // the stylesheet inlined (below), the product page's carousel and the payment step fetched
        // it again, and waited for it, before they showed. Its index leaves each import's list,
        // padded with spaces so the source maps' columns stay right.
        const chunks = [...chunksOf(bundle).values()];
        const entryCss = new Set(chunks.flatMap((c) => (c.isEntry ? [...(c.viteMetadata?.importedCss ?? [])] : [])));
        if (entryCss.size === 0) this.error('attar:boot-hints: the entry has no stylesheet to inline');
        // The steps of src/main.tsx are the app's code too: a stylesheet of theirs would be a file the
        // first paint misses (the loading view's is imported by main.tsx for that reason). And the entry
        // must not import a step's file itself: a module main.tsx imports that the app also imports
        // lands in the app's file (the shell group), and the whole code would run in one task again.
        for (const chunk of chunks) {
          if (!chunk.isEntry) continue;
          const eager = chunk.imports.filter((file) => chunk.dynamicImports.includes(file));
          if (eager.length) this.error(`attar:boot-hints: the entry imports ${eager.join(', ')} statically; put what main.tsx imports in the boot group`);
          for (const step of chunk.dynamicImports) {
            const css = [...(bundle[step] as Rollup.OutputChunk | undefined)?.viteMetadata?.importedCss ?? []];
            if (css.length) this.error(`attar:boot-hints: ${step} has stylesheets (${css.join(', ')}); import them from src/main.tsx`);
          }
        }
        for (const chunk of chunks) {
          const list = /m\.f=(\[[^\]]*\])/.exec(chunk.code);
          if (!list) continue;
          const files = JSON.parse(list[1]) as string[];
          const drop = new Set(files.flatMap((f, i) => (entryCss.has(f) ? [i] : [])));
          if (drop.size === 0) continue;
          chunk.code = chunk.code.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (call, indices: string) => {
            const kept = `__vite__mapDeps([${indices.split(',').filter((i) => !drop.has(Number(i))).join(',')}]`;
            return kept.padEnd(call.length - 1, ' ') + ')';
          });
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // The entry's stylesheet (the fonts and the shell's outline, 2 KiB) in the page: a file of
        // its own held the first paint for a round trip on slow 4G (Lighthouse: render-blocking).
        html = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
        const catalogs = Object.values(bundle).flatMap((chunk) => {
          const lang = chunk.type === 'chunk' ? /\/locales\/(en|ar)\/messages\.po$/.exec(chunk.facadeModuleId?.replace(/\\/g, '/') ?? '')?.[1] : undefined;
          return lang ? [`data-catalog-${lang}="/${chunk.fileName}"`] : [];
        });
        if (catalogs.length !== 2) this.error?.('attar:boot-hints: expected one catalog chunk per language');
        // The app's code: fetched at once (modulepreload), run by boot.js once the page has loaded
        // and painted. Run as soon as it arrived, its 100-180 ms of module evaluation on a slow phone
        // came before the paint of the server's page (src/entry-server.tsx) and of its pictures.
        // The code is the entry and the steps it evaluates one task apart (src/main.tsx, its dynamic
        // imports): all preloaded here, so no step waits for the network. boot.js preloads the same
        // list (data-code) where the server took these links out of its rendered page.
        const chunks = chunksOf(bundle);
        const entryChunk = [...chunks.values()].find((chunk) => chunk.isEntry);
        if (!entryChunk) this.error?.('attar:boot-hints: no entry chunk');
        const loaded = withImports(chunks, entryChunk!.fileName);
        for (const step of entryChunk!.dynamicImports) withImports(chunks, step, loaded);
        const code = [...loaded].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
        let entry = '';
        html = html.replace(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/, (_tag, file: string) => {
          entry = file;
          return [file, ...code.filter((other) => other !== file && !html.includes(`href="${other}"`))]
            .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    ');
        });
        if (!entry) this.error?.('attar:boot-hints: no entry script in index.html');
        const attributes = [...catalogs.sort(), `data-entry="${entry}"`, `data-code="${code.filter((file) => file !== entry).join(' ')}"`];
        html = html.replace('<script data-boot>', `<script data-boot ${attributes.join(' ')}>`);
        // Each prefetchable screen's files (src/pwa/prefetch-plan.ts): its chunk and what that
        // imports, less what the app's code has loaded already.
        const screens = Object.fromEntries(PREFETCHED_SCREENS.map((screen) => {
          const module = PREFETCHED_PARTS[screen] ?? `src/app/routes/${screen}.tsx`;
          const chunk = [...chunks.values()].find((c) => c.isDynamicEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
          if (!chunk) this.error?.(`attar:boot-hints: no chunk for the prefetched screen ${screen}`);
          return [screen, [...withImports(chunks, chunk!.fileName)].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
        }));
        const json = JSON.stringify(screens).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        return html.replace('</head>', `  <meta name="${PREFETCH_META}" content="${json}" />\n  </head>`);
      },
    },
  };
}

/** The screens a first visit most often opens (the bench's four among them), by their module under src/app/routes/. */
const FIRST_SCREENS = ['home', 'products', 'category', 'offers', 'best-seller', 'product-details', 'cart'];
/** What those screens' first load must not carry: each comes later, with the part that uses it. */
const LATER = /[\\/]node_modules[\\/](@mui|@emotion|stylis|stylis-plugin-rtl|swiper|dompurify|react-hook-form|notistack)[\\/]/;

/**
 * Fails the build when the code a first visit runs (the entry, its steps,
 * and the first screens with everything they import statically) carries MUI,
 * Emotion, Swiper, DOMPurify, React Hook Form or notistack (issue 6: JS of the
 * first route within 150 KiB gzip). They come with the parts that use them:
 * MUI with what draws it (src/lib/mui/scope.tsx), Swiper when a carousel is
 * reached, DOMPurify where the browser cannot sanitize (src/lib/shop-html.ts),
 * forms and snackbars when shown. One static import slipping back would cost
 * every first visit tens of KiB, silently.
 */
function firstLoadGuard(): Plugin {
  return {
    name: 'attar:first-load-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const firstLoad = new Set<string>();
      for (const chunk of chunks.values()) {
        if (chunk.isEntry) {
          withImports(chunks, chunk.fileName, firstLoad);
          chunk.dynamicImports.forEach((step) => withImports(chunks, step, firstLoad));
        }
        const screen = chunk.isDynamicEntry && /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (screen && FIRST_SCREENS.includes(screen)) withImports(chunks, chunk.fileName, firstLoad);
      }
      const found = [...firstLoad].flatMap((file) => chunks.get(file)?.moduleIds.filter((id) => LATER.test(id)).map((id) => `${file}: ${id.replace(/.*node_modules[\\/]/, '')}`) ?? []);
      if (found.length) this.error(`attar:first-load-guard: the first load carries what should come later:\n  ${found.slice(0, 10).join('\n  ')}`);
    },
  };
}

/**
 * src/boot.js in index.html itself, where `<script src="/boot.js">` stood: it
 * must run before the first paint (the page's direction), and as a file the
 * paint waited a round trip for it (issue 6). The server's CSP allows exactly
 * this script by its hash (server/plugins/external/security-headers.ts).
 */
function inlineBoot(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/boot.js');
  return {
    name: 'attar:inline-boot',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const source = fs.readFileSync(file, 'utf8');
        if (/<\/script/i.test(source)) throw new Error('src/boot.js must not contain a closing script tag');
        return html.replace('<script src="/boot.js"></script>', `<script data-boot>${source}</script>`);
      },
    },
  };
}

/**
 * @lingui/core 5 writes a plural's number with Intl.NumberFormat before it
 * looks for '#' in the chosen message, so every plural message (the cart's
 * count, the bar's cart label, a list's count) made a NumberFormat, and the
 * first one a page makes costs it ICU's start-up: 12-20 ms, 50-70 ms on a
 * slow phone (issue 6). Attar's plurals carry their number written by
 * formatNumber and never '#' (tests/storefront/catalogs.test.ts), so the
 * number is formatted only where '#' is. The build fails if @lingui/core
 * changes under it; tests/e2e/pwa.test.ts counts NumberFormats on load.
 */
function linguiPluralNumberOnDemand(): Plugin {
  const eager = 'const valueStr = number(locales, value, numberFormat);';
  return {
    name: 'attar:lingui-plural-number-on-demand',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      if (!code.includes(eager)) this.error('@lingui/core changed: its plurals\' number formatting is no longer where vite.config.ts expects it');
      return { code: code.replace(eager, `if (!message.includes(OCTOTHORPE_PH)) return message;\n    ${eager}`), map: null };
    },
  };
}

/**
 * After the storefront, its server render (src/entry-server.tsx) into
 * <outDir>/ssr/: one file with everything it imports, so the server runs it
 * wherever the build was put. The server never serves that folder
 * (server/plugins/external/static.ts).
 */
function serverRenderBuild(outDir: () => string): Plugin {
  return {
    name: 'attar:server-render-build',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { build } = await import('vite');
        await build({
          configFile: false,
          root: import.meta.dirname,
          mode: 'production',
          logLevel: 'warn',
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          resolve: { alias: ALIASES },
          plugins: [muiWithoutCssVars(), react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
          publicDir: false,
          ssr: { noExternal: true },
          build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir(), 'ssr'), emptyOutDir: true, sourcemap: false, minify: false },
        });
      },
    },
  };
}

const MUI = String.raw`node_modules[\\/]@mui[\\/]material[\\/]`;
/** MUI's menus, dialogs and drawers, and what they stand on (the navigation's menus need them offline). */
const OVERLAYS = new RegExp(`${MUI}(Menu|MenuList|MenuItem|List|ListItem\\w*|Popover|Popper|Modal|Dialog\\w*|Drawer|Backdrop|Fade|Grow|Slide|Portal|Unstable_TrapFocus)[\\/]`);
/** MUI's form fields (lists' filters, the cart, checkout and account forms). */
const FORMS = new RegExp(`${MUI}(TextField|Select|NativeSelect|FormHelperText|InputBase|InputLabel|InputAdornment|OutlinedInput|FilledInput|Input|Autocomplete)[\\/](?!utils)`);

/** What the catalog's screens share (cards and their buttons): home, lists, wishlist, details. The plain controls are the shell's. */
const CATALOG_PARTS = /[\\/]src[\\/](components[\\/](product-card|price|skeleton)|app[\\/]card-actions|features[\\/](cart[\\/]components[\\/]add-to-cart-button|wishlist[\\/]components[\\/]wish-button)|lib[\\/](page-title|use-second-pass))\b/;
// The lists' grid and pagination (MUI's Pagination): the list screens', not home's, which shows cards alone.
const LIST_PARTS = /[\\/]src[\\/]features[\\/]catalog[\\/]components[\\/](product-grid|pagination-bar)\b/;

const selection = precacheSelection();
let outDir = 'dist';
const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'manifest.webmanifest'), 'utf8')) as Partial<ManifestOptions>;

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
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
        // woff2 only (every browser with service workers reads it): Arabic and Latin regular, Arabic bold.
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
    {
      // `vite build` spawned from Vitest (the e2e set-up) inherits NODE_ENV=test,
      // which Vite would honour: React's development build, and no service
      // worker registered (import.meta.env.PROD false). A build is for shoppers.
      name: 'attar:production-build',
      apply: 'build',
      config() {
        if (process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
      },
    },
    {
      name: 'attar:out-dir',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    precacheReport(() => outDir),
    serverRenderBuild(() => outDir),
  ],
  resolve: { alias: ALIASES },
  server: { proxy: { '/api': API, '/media': API } },
  build: {
    outDir: 'dist', sourcemap: true,
    // Which files each screen needs: the server links a rendered screen's stylesheets (storefront-render.ts).
    manifest: true,
    // Fewer, larger files: on slow 4G over HTTP/1.1 each file is a request of
    // its own (six at a time, a 150-560 ms round trip each), and a screen
    // waited for the last of them (issue 6).
    // - boot, react-dom, libraries, shell: the app's code in the steps that
    //   src/main.tsx evaluates one task apart (Total Blocking Time). Each group
    //   takes its module and everything it imports that a higher one has not
    //   taken: boot what the entry needs at once (React itself, the preload
    //   helper, the install prompt's listener, server-render's tookOver), then React's DOM renderer, the
    //   libraries, and the app (src/start.tsx). The shell was one file with the
    //   entry: Rolldown had split it into 26 files of 1 to 30 KiB so that lazy
    //   screens could share them (Lighthouse FCP of product details 3.25 ->
    //   2.37 s once merged). The screens import what they share with it from it.
    // - overlays, forms, ui, catalog: what the screens share among themselves,
    //   by kind, instead of 20 files of 1-2 KiB; /products asked 22 files over
    //   four round trips after the entry, now 7 in one (a real throttled load:
    //   LCP 6.3 -> 4.6 s, details 5.1 -> 4.4 s, home 4.2 -> 3.7 s). By kind, so
    //   a screen does not take what only others use, and the precache (home's,
    //   the menus') stays within its budget.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', test: /(vite[\\/]preload-helper|src[\\/]pwa[\\/]install-state|src[\\/]app[\\/]server-render\.ts)/, priority: 6 },
            { name: 'react-dom', test: /src[\\/]app[\\/]libraries[\\/]react-dom\.ts$/, priority: 5 },
            { name: 'libraries', test: /src[\\/]app[\\/]libraries[\\/]ui\.ts$/, priority: 4 },
            { name: 'shell', test: /src[\\/]start\.tsx$/, priority: 3 },
            { name: 'overlays', test: OVERLAYS, minShareCount: 2, priority: 2, includeDependenciesRecursively: false },
            { name: 'forms', test: FORMS, minShareCount: 2, priority: 2, includeDependenciesRecursively: false },
            { name: 'ui', test: /node_modules[\\/]@mui[\\/]/, minShareCount: 2, priority: 1, includeDependenciesRecursively: false },
            { name: 'catalog', test: CATALOG_PARTS, minShareCount: 2, priority: 2 },
            { name: 'lists', test: LIST_PARTS, minShareCount: 2, priority: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
