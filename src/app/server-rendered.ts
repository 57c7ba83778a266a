import { normalPath, pathPattern, pathsOf, ROUTES } from './route-manifest';

export { SERVER_STATE_ID } from './server-render';

/**
 * The screens the server renders on a first visit (a first paint that shows
 * the page, not a spinner, before the app's code has arrived), by path: the
 * routes marked serverRendered in route-manifest.ts. The server's render
 * (src/entry-server.tsx, run by server/plugins/external/storefront-render.ts)
 * reads it to know which pages to render and which files each needs, the app
 * (src/start.tsx) to load the screen's code before it takes over the page.
 *
 * The catalog only: the same for every shopper, so a page rendered without
 * the shopper's token (it is in their localStorage) is the page they get.
 * Not the cart, the account or the checkout (a shopper's own), and no forms
 * (contact, sign-in): text typed into the server's page before the app
 * takes it over would be lost.
 */
export const SERVER_RENDERED: ReadonlyArray<readonly [path: RegExp, screen: string]> = ROUTES.flatMap((route) =>
  route.serverRendered ? pathsOf(route).map((path) => [pathPattern(path), route.screen] as const) : []);

/** The screen the server renders for a path ('/products/', with its slash, too), or undefined. */
export function serverRenderedScreen(pathname: string): string | undefined {
  const path = normalPath(pathname);
  return SERVER_RENDERED.find(([pattern]) => pattern.test(path))?.[1];
}
