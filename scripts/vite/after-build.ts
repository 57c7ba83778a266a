// One more Vite build run after the shop's own, into the same output folder: the pattern the server
// render and the back office share, so both get the same transforms and the same production mode.
import path from 'node:path';
import type { AliasOptions, InlineConfig, Plugin, PluginOption } from 'vite';

export interface AfterBuildOptions {
  root: string;
  alias: AliasOptions;
  /** the storefront's source transforms (JSX, messages, MUI), made anew for each build */
  plugins: () => PluginOption[];
}

/**
 * A plugin that, once the shop's client build has written its files, runs a
 * second build from `configFor(outDir)` in production mode with the shop's
 * root, aliases and transforms and no public folder. Not in the dev server,
 * and not inside a build that is itself a server render.
 */
export function afterShopBuild(
  name: string,
  options: AfterBuildOptions,
  configFor: (outDir: string) => Pick<InlineConfig, 'build' | 'ssr'> & { define?: Record<string, string> },
): Plugin {
  let outDir = '';
  return {
    name,
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { build } = await import('vite');
        const own = configFor(outDir);
        await build({
          configFile: false,
          root: options.root,
          mode: 'production',
          logLevel: 'warn',
          resolve: { alias: options.alias },
          plugins: options.plugins(),
          publicDir: false,
          ...own,
          define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...own.define },
        });
      },
    },
  };
}
