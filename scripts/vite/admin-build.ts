// Builds the back office (admin.html, src/admin) after the shop, as a build of its own into the same
// folder: it shares no file with the shop, so the shop's files, first load and precache are exactly
// what they would be without it (docs/decisions.md, "The back office: a second HTML entry").
import path from 'node:path';
import type { AliasOptions, Plugin, PluginOption } from 'vite';

/**
 * After the shop's build, admin.html and its code into <outDir> (every file
 * `assets/admin-…`), emptying nothing. `plugins` are the storefront's source
 * transforms (JSX, messages, MUI without CSS variables), made anew for this
 * build. The service worker's precache never lists these files: it holds
 * only what the shop's build chose (scripts/vite/precache-selection.ts).
 */
export function adminBuild(options: { root: string; alias: AliasOptions; plugins: () => PluginOption[] }): Plugin {
  let outDir = '';
  return {
    name: 'attar:admin-build',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { build } = await import('vite');
        await build({
          configFile: false,
          root: options.root,
          mode: 'production',
          logLevel: 'warn',
          define: { 'process.env.NODE_ENV': JSON.stringify('production'), 'import.meta.env.VITE_BUILD_ID': JSON.stringify(process.env.VITE_BUILD_ID ?? '') },
          resolve: { alias: options.alias },
          plugins: options.plugins(),
          publicDir: false,
          build: {
            outDir, emptyOutDir: false, sourcemap: true, manifest: false,
            rolldownOptions: {
              input: path.resolve(options.root, 'admin.html'),
              output: {
                entryFileNames: 'assets/admin-[hash].js',
                chunkFileNames: 'assets/admin-[name]-[hash].js',
                assetFileNames: 'assets/admin-[name]-[hash][extname]',
              },
            },
          },
        });
      },
    },
  };
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
