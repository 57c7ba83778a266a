/**
 * The screens the server renders on a first visit (issue 6: a first paint
 * that shows the page, not a spinner, before the app's code has arrived),
 * by path. Named as in src/app/router.tsx (lazyScreen). Plain data: the
 * server (server/plugins/external/storefront-render.ts) reads it to know
 * which pages to render and which files each needs, the app (src/main.tsx)
 * to load the screen's code before it takes over the page.
 *
 * The catalog only: the same for every shopper, so a page rendered without
 * the shopper's token (it is in their localStorage) is the page they get.
 * Not the cart, the account or the checkout (a shopper's own), and no forms
 * (contact, sign-in): text typed into the server's page before the app
 * takes it over would be lost.
 */
export const SERVER_RENDERED: ReadonlyArray<readonly [path: RegExp, screen: string]> = [
  [/^\/$/, 'home'],
  [/^\/products$/, 'products'],
  [/^\/products\/category\/\d+$/, 'category'],
  [/^\/products\/product-details\/\d+$/, 'product-details'],
  [/^\/offers$/, 'offers'],
  [/^\/bestSeller$/, 'best-seller'],
  [/^\/about-us$/, 'about'],
];

/** The screen the server renders for a path ('/products/', with its slash, too), or undefined. */
export function serverRenderedScreen(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SERVER_RENDERED.find(([pattern]) => pattern.test(path))?.[1];
}

/** The element holding what the server rendered: its language, screen and the queries' data. */
export const SERVER_STATE_ID = 'attar-server-state';
