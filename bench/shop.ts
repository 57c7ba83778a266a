// The storefront as shoppers get it: a production build in its own folder
// (a developer's dist/ and the e2e tests' build are left alone), served by
// the real server on a fresh seeded database through the e2e harness.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LANGS, type Lang } from '../server/contract/lang.ts';
import { OWNER_PASSWORD, startShop, type Shop } from '../tests/e2e/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Builds like tests/e2e/global-setup.ts does, into `outDir`: its helper
 * writes to the e2e tests' own folder, which a test run elsewhere may be using.
 */
export function buildStorefront(outDir: string) {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    // A production build even when run from a shell that set NODE_ENV for something else.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('the storefront did not build');
}

/** The build's name (index.html's <meta name="attar-build">), to tell results of different builds apart. */
export function buildId(distDir: string): string | null {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return /<meta\s+name="attar-build"\s+content="([^"]*)"/.exec(html)?.[1] ?? null;
}

export interface BenchShop {
  url: string;
  /** the seeded product whose details page is measured */
  productId: number;
  productName: string;
  /** the demo shopper's token, as the storefront keeps it in localStorage `userToken` */
  token: string;
  /** the demo owner's token (the back office keeps it in the same place) */
  ownerToken: string;
  /** names of the lines in the demo shopper's cart, to tell the cart from a sign-in prompt */
  cartNames: string[];
  /** the same names in Arabic, for the pages measured in Arabic */
  ar: { productName: string; cartNames: string[] };
  /** whether the server still answers: a long run should say so when it was stopped from outside */
  alive(): Promise<boolean>;
  stop(): Promise<void>;
}

export const DEMO_SHOPPER = { login: 'demo@attar.eg', password: 'attar123' };

async function api<T>(shop: Shop, method: 'GET' | 'POST', route: string, token?: string, body?: unknown, lang: Lang = 'en'): Promise<T> {
  const res = await fetch(`${shop.url}/api${route}`, {
    method,
    headers: {
      lang,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /api${route}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * The harness waits for the server's exit, which never comes if it had
 * already died; its folder (the database's, made by the harness) is then
 * removed here instead.
 */
async function stopWithin(shop: Shop, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    shop.stop().then(() => true),
    new Promise<false>((r) => { timer = setTimeout(() => r(false), ms); }),
  ]);
  clearTimeout(timer);
  const dir = path.dirname(shop.databaseUrl);
  if (!stopped && path.basename(dir).startsWith('attar-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}

/** The shop with the demo shopper signed in and two products in their cart (an empty cart is not the page shoppers pay on). */
export async function startBenchShop(distDir: string): Promise<BenchShop> {
  const shop = await startShop({ env: { DIST_DIR: distDir } });
  try {
    const raw = new Database(shop.databaseUrl, { readonly: true });
    const ids = (raw.prepare('select id from products order by id limit 3').all() as { id: number }[]).map((r) => r.id);
    raw.close();
    if (ids.length < 3) throw new Error('the seeded shop has fewer than 3 products');
    const productId = ids[0];
    const details = await api<{ OverView_Product: { name: string } }>(shop, 'GET', `/products/details/${productId}`);
    const { token } = await api<{ token: string }>(shop, 'POST', '/user/login', undefined, DEMO_SHOPPER);
    const { token: ownerToken } = await api<{ token: string }>(shop, 'POST', '/user/login', undefined, { login: 'owner@attar.eg', password: OWNER_PASSWORD });
    for (const id of ids.slice(1)) await api(shop, 'POST', '/addToCard', token, { product_id: id });
    const cart = await api<{ product_in_card: { product_name: string }[] }>(shop, 'GET', '/showCard', token);
    const detailsAr = await api<{ OverView_Product: { name: string } }>(shop, 'GET', `/products/details/${productId}`, undefined, undefined, 'ar');
    const cartAr = await api<{ product_in_card: { product_name: string }[] }>(shop, 'GET', '/showCard', token, undefined, 'ar');
    return {
      url: shop.url,
      productId,
      productName: details.OverView_Product.name,
      token,
      ownerToken,
      cartNames: cart.product_in_card.map((l) => l.product_name),
      ar: { productName: detailsAr.OverView_Product.name, cartNames: cartAr.product_in_card.map((l) => l.product_name) },
      alive: () => fetch(`${shop.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false),
      stop: () => stopWithin(shop, 10_000),
    };
  } catch (error) {
    await shop.stop();
    throw error;
  }
}

export interface BenchRoute {
  key: 'home' | 'products' | 'details' | 'cart' | 'admin-dashboard' | 'admin-orders';
  path: string;
  signedIn: boolean;
  /** signed in as the demo owner (the back office), not the demo shopper */
  owner?: boolean;
  /** the phone's width in CSS px, where not Lighthouse's 412 */
  width?: number;
}

export function benchRoutes(shop: BenchShop): BenchRoute[] {
  return [
    { key: 'home', path: '/', signedIn: false },
    { key: 'products', path: '/products', signedIn: false },
    { key: 'details', path: `/products/product-details/${shop.productId}`, signedIn: false },
    { key: 'cart', path: '/cart', signedIn: true },
  ];
}

/**
 * The back office's busiest screens, for Lighthouse only: the owner runs the shop from a phone too
 * (an iPhone's 390 px).
 */
export function backOfficeRoutes(): BenchRoute[] {
  return [
    { key: 'admin-dashboard', path: '/admin', signedIn: true, owner: true, width: 390 },
    { key: 'admin-orders', path: '/admin/orders', signedIn: true, owner: true, width: 390 },
  ];
}

/** BENCH_PAGES: only these pages (`known`: every page a section of this run measures, for the check of names). */
export function chosenPages<T extends { key: string }>(routes: T[], value: string | undefined, known: readonly { key: string }[] = routes): T[] {
  if (!value?.trim()) return routes;
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !known.some((r) => r.key === n));
  if (unknown.length) throw new Error(`BENCH_PAGES: unknown page(s) ${unknown.join(', ')}; known: ${known.map((r) => r.key).join(', ')}`);
  return routes.filter((r) => names.includes(r.key));
}

/** BENCH_LANGS: only these languages (the main-thread section and the trace). */
export function chosenLangs(value: string | undefined): Lang[] {
  if (!value?.trim()) return [...LANGS];
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(LANGS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_LANGS: unknown language(s) ${unknown.join(', ')}; known: ${LANGS.join(', ')}`);
  return LANGS.filter((l) => names.includes(l));
}

/** The cart's sign-in prompt (src/app/routes/cart.tsx) in each language: seen, the token was not. */
const SIGN_IN_PROMPT: Record<Lang, string> = { en: 'Sign in to see your cart', ar: 'سجّل الدخول لترى سلتك' };

/**
 * What the page must show once it has rendered, as text in its body; and
 * what it must not (the cart's sign-in prompt means the token was not seen).
 */
export function expectedContent(route: BenchRoute, shop: BenchShop, lang: Lang = 'en'): { shows: string[]; not: string[] } {
  const names = lang === 'ar' ? shop.ar : shop;
  if (route.key === 'details') return { shows: [names.productName], not: [] };
  if (route.key === 'cart') return { shows: names.cartNames, not: [SIGN_IN_PROMPT[lang]] };
  if (route.key === 'admin-dashboard') return { shows: ['Orders by status'], not: [] };
  if (route.key === 'admin-orders') return { shows: ['Number, phone or name'], not: [] };
  return { shows: [], not: [] };
}

/** The running shop for the next measurement. */
export type ShopSource = () => Promise<BenchShop>;

/**
 * One shop for the whole bench, started again on a fresh database if it
 * stopped answering: on a shared machine a broad `pkill -f server.ts` takes it
 * down with the one it was meant for, and a long Lighthouse section should
 * not lose its remaining pages to that.
 */
export async function keepShopOpen(distDir: string, log: (line: string) => void): Promise<{ shop: ShopSource; stop(): Promise<void> }> {
  let current = await startBenchShop(distDir);
  log(`shop at ${current.url}; product ${current.productId} (${current.productName}); demo cart: ${current.cartNames.join(', ')}`);
  return {
    async shop() {
      if (await current.alive()) return current;
      log(`! the shop at ${current.url} stopped answering (stopped from outside?): starting it again on a fresh database`);
      await current.stop();
      current = await startBenchShop(distDir);
      log(`  shop now at ${current.url}`);
      return current;
    },
    stop: () => current.stop(),
  };
}
