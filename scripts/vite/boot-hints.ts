// Writes into index.html what the boot script and the prefetch need to know of the build: where each file went.
import type { Plugin, Rollup } from 'vite';
import { prefetchedModule } from '../../src/app/route-manifest.ts';
import { PREFETCH_META, PREFETCHED_SCREENS } from '../../src/pwa/prefetch-plan.ts';
import { appCode, chunksOf, isShopEntry, lazyChunkOf, withImports } from './bundle-graph.ts';

/**
 * Tells the boot script (src/boot.ts) where the build put each language's
 * catalog (data-catalog-en, data-catalog-ar on its tag), so it preloads the
 * shopper's next to the entry instead of after it, and the app's code
 * (data-entry, data-code), which it runs once the page has painted; puts the
 * entry's stylesheet in the page; and lists each prefetchable screen's files
 * (src/pwa/prefetch-plan.ts) in a meta tag.
 */
export function bootHints(): Plugin {
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
        const entryCss = new Set(chunks.flatMap((c) => (isShopEntry(c) ? [...(c.viteMetadata?.importedCss ?? [])] : [])));
        if (entryCss.size === 0) this.error('attar:boot-hints: the entry has no stylesheet to inline');
        // The steps of src/main.tsx are the app's code too: a stylesheet of theirs would be a file the
        // first paint misses (the loading view's is imported by main.tsx for that reason). And the entry
        // must not import a step's file itself: a module main.tsx imports that the app also imports
        // lands in the app's file (the shell group), and the whole code would run in one task again.
        for (const chunk of chunks) {
          if (!isShopEntry(chunk)) continue;
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
      handler(html, { bundle, path: page }) {
        // The back office's page (admin.html) has no boot script, catalog hints or prefetch.
        if (!bundle || page.endsWith('/admin.html')) return html;
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
        // The app's code: fetched at once (modulepreload), run by the boot script once the page has
        // loaded and painted. Run as soon as it arrived, its 100-180 ms of module evaluation on a slow
        // phone came before the paint of the server's page (src/entry-server.tsx) and of its pictures.
        // The code is the entry and the steps it evaluates one task apart (src/main.tsx, its dynamic
        // imports): all preloaded here, so no step waits for the network. The boot script preloads the
        // same list (data-code) where the server took these links out of its rendered page.
        const chunks = chunksOf(bundle);
        if (![...chunks.values()].some(isShopEntry)) this.error?.('attar:boot-hints: no entry chunk');
        const loaded = appCode(chunks);
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
        // Each prefetchable screen's files: its chunk and what that imports, less what the app's code
        // has loaded already.
        const screens = Object.fromEntries(PREFETCHED_SCREENS.map((screen) => {
          const chunk = lazyChunkOf(chunks, prefetchedModule(screen));
          if (!chunk) this.error?.(`attar:boot-hints: no chunk for the prefetched screen ${screen}`);
          return [screen, [...withImports(chunks, chunk!.fileName)].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
        }));
        const json = JSON.stringify(screens).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        return html.replace('</head>', `  <meta name="${PREFETCH_META}" content="${json}" />\n  </head>`);
      },
    },
  };
}
