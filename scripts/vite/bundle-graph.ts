// What the build's plugins ask of the bundle's import graph: which files the app's code is, and which a module needs.
import type { Rollup } from 'vite';

export type Chunks = Map<string, Rollup.OutputChunk>;

/** The bundle's scripts by file name. */
export const chunksOf = (bundle: Rollup.OutputBundle): Chunks =>
  new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));

/** A chunk's file with its stylesheets and every file it imports, all the way down, added to `into`. */
export function withImports(chunks: Chunks, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = chunks.get(fileName);
  if (!chunk || into.has(fileName)) return into;
  into.add(fileName);
  chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
  chunk.imports.forEach((file) => withImports(chunks, file, into));
  return into;
}

/**
 * The app's code, which every page loads before any screen: the entry with
 * what it imports, and the steps it runs (the dynamic imports of
 * src/main.tsx) with theirs. Added to `into`.
 */
export function appCode(chunks: Chunks, into = new Set<string>()): Set<string> {
  for (const chunk of chunks.values()) {
    if (!chunk.isEntry) continue;
    withImports(chunks, chunk.fileName, into);
    chunk.dynamicImports.forEach((step) => withImports(chunks, step, into));
  }
  return into;
}

/** Whether a module's id is the file `module` (a path from the repository's root). */
export const isModule = (id: string | null | undefined, module: string) => !!id && id.replace(/\\/g, '/').endsWith(`/${module}`);

/** The chunk a module loaded lazily starts (a screen's, a part's), or undefined. */
export const lazyChunkOf = (chunks: Chunks, module: string) =>
  [...chunks.values()].find((chunk) => chunk.isDynamicEntry && isModule(chunk.facadeModuleId, module));
