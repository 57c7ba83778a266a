// Fails the build when a first visit's code carries a library that should come later: one static import slipping back would cost every first visit tens of KiB, silently.
import type { Plugin } from 'vite';
import { ROUTES, screenModule } from '../../src/app/route-manifest.ts';
import { adminCodeIn, appCode, chunksOf, lazyChunkOf, withImports } from './bundle-graph.ts';

/** The screens a first visit most often opens: the route manifest's firstVisit routes. */
export const FIRST_SCREENS: readonly string[] = ROUTES.flatMap((route) => (route.firstVisit ? [route.screen] : []));

/** What those screens' first load must not carry: each comes later, with the part that uses it. */
const LATER = /[\\/]node_modules[\\/](@mui|@emotion|stylis|stylis-plugin-rtl|swiper|dompurify|react-hook-form|notistack)[\\/]/;

/**
 * The code a first visit runs (the entry, its steps, and the first screens
 * with everything they import statically) must not carry MUI, Emotion,
 * Swiper, DOMPurify, React Hook Form or notistack: they come with the parts
 * that use them. MUI with what draws it (src/lib/mui/scope.tsx), Swiper when
 * a carousel is reached, DOMPurify where the browser cannot sanitize
 * (src/lib/shop-html.ts), forms and snackbars when shown.
 */
export function firstLoadGuard(): Plugin {
  return {
    name: 'attar:first-load-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const firstLoad = appCode(chunks);
      for (const screen of FIRST_SCREENS) {
        const chunk = lazyChunkOf(chunks, screenModule(screen));
        if (!chunk) this.error(`attar:first-load-guard: no chunk for the first-visit screen ${screen}`);
        withImports(chunks, chunk.fileName, firstLoad);
      }
      const found = [...firstLoad].flatMap((file) => chunks.get(file)?.moduleIds.filter((id) => LATER.test(id)).map((id) => `${file}: ${id.replace(/.*node_modules[\\/]/, '')}`) ?? []);
      if (found.length) this.error(`attar:first-load-guard: the first load carries what should come later:\n  ${found.slice(0, 10).join('\n  ')}`);
      // The back office is its own entry (admin.html): none of it in what a shopper loads first.
      const admin = adminCodeIn(chunks, firstLoad);
      if (admin.length) this.error(`attar:first-load-guard: the first load carries back-office code:\n  ${admin.slice(0, 10).join('\n  ')}`);
    },
  };
}
