// Builds the server's render of a first screen next to the storefront, so a build is one command and the two always match.
import path from 'node:path';
import type { AliasOptions, Plugin, PluginOption } from 'vite';

/**
 * After the storefront, its server render (src/entry-server.tsx) into
 * <outDir>/ssr/: one file with everything it imports, so the server runs it
 * wherever the build was put. The server never serves that folder
 * (server/plugins/external/static.ts). `plugins` are the storefront's source
 * transforms (JSX, messages), made anew for this build.
 */
export function serverRenderBuild(options: { root: string; alias: AliasOptions; plugins: () => PluginOption[] }): Plugin {
  let outDir = '';
  return {
    name: 'attar:server-render-build',
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
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          resolve: { alias: options.alias },
          plugins: options.plugins(),
          publicDir: false,
          ssr: { noExternal: true },
          build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'ssr'), emptyOutDir: true, sourcemap: false, minify: false },
        });
      },
    },
  };
}
