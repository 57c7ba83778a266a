// The storefront's routes, declared once: what each path shows, who may see
// it, and what the build, the server and the first moments of a page do for
// it. The router (router.tsx), the server's render (server-rendered.ts), the
// prefetch (src/pwa/prefetch-plan.ts), the build (vite.config.ts: the
// first-load guard, the precache, the index.html hints) and the boot script
// (src/boot.ts) all read it, so none of them can drift from the others.
//
// Plain data and types, no React and no DOM: the vite config and the server's
// tooling import it in Node. No values computed at the top level either: the
// boot script takes functions from here and the bundler keeps only those.
import type { Static } from 'typebox';
import type { HomeData, ProductCard, ProductDetails } from '@contract/catalog';
import { CARD_SIZES, PRODUCT_PAGE_SIZES } from '../lib/image-sources.ts';

/** Who may open a route: the signed-in (others go to `/`, or to sign-in when their token expired), or only visitors. */
export type Guard = 'auth' | 'guest';

/**
 * The screens reached only through an earlier navigation: `payment-session`
 * after the cart's Proceed, `order-is-done` after a successful checkout.
 */
export const EARLIER_NAVIGATIONS = ['payment-session', 'order-is-done'] as const;
export type EarlierNavigation = (typeof EARLIER_NAVIGATIONS)[number];

/** The images a screen paints largest (its LCP), named in its first call's answer (`data`). */
export type ImagePick<Data = unknown> = (
  /** one string: data[a][b] */
  | { at: StringAt<Data> }
  /** the first `first` items of the list data[list], each one's [each] */
  | { list: ListIn<Data>; each: string; first: number }
) & {
  /** how wide the screen shows it (the <img>'s `sizes`), for a picture with widths (src/lib/image-sources.ts) */
  sizes?: string;
};

type StringAt<Data> = unknown extends Data
  ? readonly [string, string]
  : { [K in keyof Data & string]: { [L in keyof Data[K] & string]: Data[K][L] extends string ? readonly [K, L] : never }[keyof Data[K] & string] }[keyof Data & string];
type ListIn<Data> = unknown extends Data ? string : { [K in keyof Data & string]: Data[K] extends readonly unknown[] ? K : never }[keyof Data & string];

/**
 * The call a first screen needs, asked by the boot script before the app's
 * code has arrived, exactly as the app asks it (src/lib/api-client.ts), so the
 * app takes the answer instead of asking again (src/lib/early-data.ts).
 */
export interface EarlyCall<Data = unknown> {
  /** the API's path; each `:name` is the page's parameter of that name */
  api: string;
  /** 'never': asked without the token (an answer the same for every shopper); 'required': only when signed in. Else with the token when there is one. */
  token?: 'never' | 'required';
  /** only on the bare URL: a query string changes the call, which the screen works out itself */
  bareUrlOnly?: true;
  images?: ImagePick<Data>;
}

export interface Route {
  /** The URL's path. `:name` is an id, a number: the only kind of parameter the shop's URLs have. `*` is every other path. */
  path: string;
  /** other paths showing the same screen the same way */
  aliases?: readonly string[];
  /** the screen's module under src/app/routes/, without its extension; also its name for lazy loading and prefetching */
  screen: string;
  guard?: Guard;
  gate?: EarlierNavigation;
  /** the server renders it on a first visit (the catalog's screens: the same for every shopper, and no forms to lose typing in) */
  serverRendered?: true;
  /** a screen a first visit most often opens: its first load must not carry what comes later (the build's first-load guard) */
  firstVisit?: true;
  /** its code is in the service worker's precache: the screen opens offline without ever having been seen */
  offline?: true;
  /** what a shopper here most likely opens next, prefetched when idle: screens, or parts (PREFETCHED_PARTS) */
  prefetch?: readonly string[];
  /** the call the boot script asks for it before the app's code arrives */
  early?: EarlyCall;
  /** screens shown inside this one (it is their layout), by paths relative to it */
  children?: readonly { path: string; screen: string }[];
  /** where the path itself leads, among the children */
  index?: string;
}

type Home = Static<typeof HomeData>;
type Details = Static<typeof ProductDetails>;
interface ProductList {
  products: Static<typeof ProductCard>[];
}

/** Every route, under the shell's one layout. The order is the reading order; matching does not depend on it. */
export const ROUTES: readonly Route[] = [
  {
    path: '/', screen: 'home', serverRendered: true, firstVisit: true, offline: true,
    // A product from its sections. Not a list too: with the service worker's install, a first
    // visit to home would pass the 400 KiB a first visit may cost.
    prefetch: ['product-details'],
    // Home's data is the shell's own call (SHELL_CALLS): its answer names the hero.
    early: { api: '/home', images: { at: ['Data_home_page', 'hero_image'] } } satisfies EarlyCall<Home>,
  },
  {
    path: '/products', screen: 'products', serverRendered: true, firstVisit: true, prefetch: ['product-details'],
    // The first row on a phone. A filtered list's call depends on the screen's own reading of the URL.
    early: { api: '/products', bareUrlOnly: true, images: { list: 'products', each: 'image', first: 2, sizes: CARD_SIZES } } satisfies EarlyCall<ProductList>,
  },
  { path: '/products/category/:id', screen: 'category', serverRendered: true, firstVisit: true, prefetch: ['product-details'] },
  {
    path: '/products/product-details/:id', screen: 'product-details', serverRendered: true, firstVisit: true,
    // The gallery's Swiper, which comes when the shopper reaches for the pictures, and the cart a
    // product was just added to.
    prefetch: ['swiper', 'cart'],
    // Asked without the token, as the screen asks it (src/features/product/api/get-product.ts).
    early: { api: '/products/details/:id', token: 'never', images: { at: ['OverView_Product', 'main_image'], sizes: PRODUCT_PAGE_SIZES } } satisfies EarlyCall<Details>,
  },
  { path: '/offers', screen: 'offers', serverRendered: true, firstVisit: true, prefetch: ['product-details'] },
  { path: '/bestSeller', screen: 'best-seller', serverRendered: true, firstVisit: true, prefetch: ['product-details'] },
  { path: '/about-us', screen: 'about', serverRendered: true, offline: true },
  { path: '/contact-us', screen: 'contact' },
  // The page itself sends a visitor to sign-in with a message, and back afterwards.
  { path: '/wishlist', screen: 'wishlist', offline: true, prefetch: ['product-details'] },
  // The cart shows its own sign-in prompt to a visitor: no guard.
  {
    path: '/cart', aliases: ['/carts'], screen: 'cart', firstVisit: true,
    prefetch: ['payment-session/layout', 'payment-session/info'],
    early: { api: '/showCard', token: 'required' },
  },
  { path: '/myAccount', screen: 'my-account', guard: 'auth' },
  { path: '/address', screen: 'address', guard: 'auth' },
  { path: '/myOrders', screen: 'my-orders', guard: 'auth' },
  { path: '/trackOrders/:id/:num', screen: 'track-order', guard: 'auth' },
  { path: '/trackAllOrders', screen: 'track-all-orders', guard: 'auth' },
  {
    path: '/payment-session', screen: 'payment-session/layout', guard: 'auth', gate: 'payment-session',
    index: 'info',
    children: [
      { path: 'info', screen: 'payment-session/info' },
      { path: 'address', screen: 'payment-session/address' },
      { path: 'shipping', screen: 'payment-session/shipping' },
      { path: 'payment', screen: 'payment-session/payment' },
    ],
  },
  { path: '/order-is-done', screen: 'order-is-done', gate: 'order-is-done' },
  { path: '/sign-in', screen: 'sign-in', guard: 'guest' },
  { path: '/sign-up', screen: 'sign-up', guard: 'guest' },
  { path: '/forgot-password', screen: 'forgot-password', guard: 'guest' },
  // The mailed link: open whether or not this device is signed in (the reset ends every session).
  { path: '/reset-password', screen: 'reset-password' },
  { path: '*', screen: 'home' },
];

/**
 * The shell's own calls, on every page: the footer's best sellers, and home's
 * data for the banner's message. The boot script asks them first, unless the
 * server's page holds their answers.
 */
export const SHELL_CALLS: readonly EarlyCall[] = [{ api: '/products/bestseller' }, { api: '/home' }];

// The code the build names that is not a screen, by the module it is found from
// (a path from the repository's root; without an extension it stands for the
// module and its stylesheet). Three lists, not one object: the app imports the
// first, and the bundler leaves the build's two out of it.

/** Parts loaded when used rather than with their screen, and prefetched like a screen (Route.prefetch). */
export const PREFETCHED_PARTS: Readonly<Record<string, string>> = {
  swiper: 'src/features/product/components/swiper-carousel.tsx',
};

/**
 * What the precache holds besides the shell and the offline screens
 * (Route.offline): what the shell loads when first needed (both languages'
 * messages, the navigation's menus, the snackbars, the footer's sanitizer,
 * the install how-to), and the service worker's registration, after the
 * page has loaded.
 */
export const OFFLINE_PARTS: readonly string[] = [
  'locales/en/messages.po', 'locales/ar/messages.po', 'src/app/shell/nav-menus.tsx',
  'src/lib/notify-provider.tsx', 'src/components/safe-html.tsx', 'src/lib/shop-html-purify.ts', 'src/pwa/install-prompt.tsx',
  'src/pwa/register.ts',
];

/** The files the app's code and the screens' shared code are grouped into (scripts/vite/chunk-groups.ts says how each is formed). */
export const CODE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  /** what the entry needs at once: the install prompt's listener, the server's page taken over */
  boot: ['src/pwa/install-state', 'src/app/server-render'],
  /** the evaluation steps of src/main.tsx, one file each */
  'react-dom': ['src/app/libraries/react-dom'],
  libraries: ['src/app/libraries/ui'],
  shell: ['src/start'],
  /** what the catalog's screens share (cards and their buttons): home, lists, wishlist, details */
  catalog: [
    'src/components/product-card', 'src/components/price', 'src/components/skeleton', 'src/app/card-actions',
    'src/features/cart/components/add-to-cart-button', 'src/features/wishlist/components/wish-button',
    'src/lib/page-title', 'src/lib/use-progressive',
  ],
  /** the lists' grid and pagination: the list screens', not home's, which shows cards alone */
  lists: ['src/features/catalog/components/product-grid', 'src/features/catalog/components/pagination-bar'],
};

/** A screen's module, from the repository's root. */
export const screenModule = (screen: string) => `src/app/routes/${screen}.tsx`;

/** The module a prefetchable name is found from: a part's, else the screen's. */
export const prefetchedModule = (name: string) => PREFETCHED_PARTS[name] ?? screenModule(name);

/** A route's paths: its own and its aliases. */
export const pathsOf = (route: Route): readonly string[] => [route.path, ...(route.aliases ?? [])];

/** The pattern a path declares: each `:name` a number, nothing else around it. */
export function pathPattern(path: string): RegExp {
  const source = path.split('/').map((part) => (part.startsWith(':') ? '(\\d+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source}$`);
}

/** A location's path as routes declare it: '/products/' is '/products'. */
export const normalPath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The route declared for a location's path (`*` aside: it is every path no other route takes), or undefined. */
export function matchRoute(pathname: string, routes: readonly Route[] = ROUTES): Route | undefined {
  const path = normalPath(pathname);
  return routes.find((route) => route.path !== '*' && pathsOf(route).some((declared) => pathPattern(declared).test(path)));
}

/** Every screen the router loads: routes' and their children's. */
export const screensOf = (routes: readonly Route[] = ROUTES): string[] =>
  [...new Set(routes.flatMap((route) => [route.screen, ...(route.children ?? []).map((child) => child.screen)]))];

/**
 * What the boot script needs of the routes, as the build writes it into the
 * script (scripts/vite/inline-boot.ts): each route's call with its paths'
 * patterns, and the shell's calls.
 */
export interface BootPlan {
  shell: readonly EarlyCall[];
  routes: readonly { patterns: readonly string[]; call: EarlyCall }[];
}

export function bootPlan(routes: readonly Route[] = ROUTES): BootPlan {
  return {
    shell: SHELL_CALLS,
    routes: routes.flatMap((route) => (route.early ? [{ patterns: pathsOf(route).map((path) => pathPattern(path).source), call: route.early }] : [])),
  };
}
