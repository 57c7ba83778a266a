// Puts the boot script, compiled with the route manifest's calls, inline in index.html: it must run before the first paint, and as a file the paint waited a round trip for it.
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { bootPlan } from '../../src/app/route-manifest.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * src/boot.ts as the page runs it: one small script, its imports bundled in
 * and minified, with the route manifest's calls (bootPlan) written in. The
 * server's CSP allows exactly this script by its hash, taken from the built
 * index.html (server/plugins/external/security-headers.ts).
 */
export async function compileBoot(): Promise<string> {
  const { build } = await import('vite');
  const output = (await build({
    configFile: false,
    root: ROOT,
    mode: 'production',
    logLevel: 'silent',
    publicDir: false,
    define: { __ATTAR_BOOT_PLAN__: JSON.stringify(bootPlan()) },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(ROOT, 'src/boot.ts'), formats: ['iife'], name: 'attarBoot' },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`src/boot.ts must compile to one script, not ${chunks.length}`);
  const code = chunks[0].code.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error('src/boot.ts compiles to a closing script tag or a comment opener, which would end its inline script');
  return code;
}

/** Into index.html's empty `<script data-boot>`, in the build and on the dev server alike. */
export function inlineBoot(): Plugin {
  return {
    name: 'attar:inline-boot',
    transformIndexHtml: {
      order: 'pre',
      async handler(html, { path: page }) {
        // The back office's page (admin.html) runs no boot script: it is not a shopper's first load.
        if (page.endsWith('/admin.html')) return html;
        const tag = '<script data-boot></script>';
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag} for the boot script`);
        const code = await compileBoot();
        // A function, not a string: the code's `$` would be read as replacement patterns.
        return html.replace(tag, () => `<script data-boot>${code}</script>`);
      },
    },
  };
}
