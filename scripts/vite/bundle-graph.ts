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
 * Whether a chunk is the shopper's entry (index.html, whose script is src/main.tsx), not the
 * build's other entry, the back office (admin.html), which is never the shop's code.
 */
export const isShopEntry = (chunk: Rollup.OutputChunk) =>
  chunk.isEntry && (isModule(chunk.facadeModuleId, 'index.html') || isModule(chunk.facadeModuleId, 'src/main.tsx'));

/**
 * The app's code, which every page loads before any screen: the entry with
 * what it imports, and the steps it runs (the dynamic imports of
 * src/main.tsx) with theirs. Added to `into`.
 */
export function appCode(chunks: Chunks, into = new Set<string>()): Set<string> {
  for (const chunk of chunks.values()) {
    if (!isShopEntry(chunk)) continue;
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

/**
 * The back office's modules (src/admin/) among `files`, as "file: module": a
 * shopper's first load or the precache must hold none (docs/decisions.md,
 * "The back office: a second HTML entry").
 */
export function adminCodeIn(chunks: Chunks, files: Iterable<string>): string[] {
  return [...files].flatMap((file) => chunks.get(file)?.moduleIds
    .filter((id) => /[\\/]src[\\/]admin[\\/]/.test(id))
    .map((id) => `${file}: ${id.replace(/.*[\\/]src[\\/]admin[\\/]/, 'src/admin/')}`) ?? []);
}
