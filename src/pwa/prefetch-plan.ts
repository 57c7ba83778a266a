/**
 * The screen a shopper most likely opens next, by where they are (issue 6:
 * prefetch the next likely route when idle). Screens are named as in
 * src/app/router.tsx (lazyScreen) and src/app/routes/. Plain data: the build
 * (vite.config.ts, bootHints) reads it to write each screen's files into
 * index.html, and src/pwa/prefetch.ts to ask for them.
 *
 * Only screens the service worker does not precache (vite.config.ts,
 * OFFLINE_MODULES): the precache already holds home, the wishlist and about.
 */
export const PREFETCH_PLAN: ReadonlyArray<readonly [where: RegExp, next: readonly string[]]> = [
  // Home: a product from its sections. Not the list too: with the service worker's install,
  // a first visit to home came to 403 KiB, past the 400 KiB a first visit may cost.
  [/^\/$/, ['product-details']],
  // A list: a product from it.
  [/^\/(products|products\/category\/[^/]+|offers|bestSeller|wishlist)\/?$/, ['product-details']],
  // A product: the gallery's Swiper, which comes when the shopper reaches for the pictures, and the
  // cart a product was just added to.
  [/^\/products\/product-details\/[^/]+\/?$/, ['swiper', 'cart']],
  // The cart: the checkout's first step.
  [/^\/carts?\/?$/, ['payment-session/layout', 'payment-session/info']],
];

/**
 * Parts of a screen that load when used rather than with it, prefetched like
 * screens, by name: the module the build finds their files from. Other names
 * are screens (src/app/routes/<name>.tsx).
 */
export const PREFETCHED_PARTS: Readonly<Record<string, string>> = {
  swiper: 'src/features/product/components/swiper-carousel.tsx',
};

/** index.html's meta tag where the build lists each prefetchable screen's files. */
export const PREFETCH_META = 'attar-prefetch';

/** Every screen the plan may prefetch. */
export const PREFETCHED_SCREENS = [...new Set(PREFETCH_PLAN.flatMap(([, next]) => next))];

/** The screens to prefetch from a path (the page's own never: it is loaded). */
export function likelyNext(pathname: string): readonly string[] {
  return PREFETCH_PLAN.find(([where]) => where.test(pathname))?.[1] ?? [];
}
