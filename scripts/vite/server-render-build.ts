// Builds the server's render of a first screen next to the storefront, so a build is one command and the two always match.
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterShopBuild, type AfterBuildOptions } from './after-build.ts';

/**
 * After the storefront, its server render (src/entry-server.tsx) into
 * <outDir>/ssr/: one file with everything it imports, so the server runs it
 * wherever the build was put. The server never serves that folder
 * (server/plugins/external/static.ts).
 */
export function serverRenderBuild(options: AfterBuildOptions): Plugin {
  return afterShopBuild('attar:server-render-build', options, (outDir) => ({
    ssr: { noExternal: true },
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'ssr'), emptyOutDir: true, sourcemap: false, minify: false },
  }));
}
