// Journeys on a weak or missing connection (docs/architecture.md, "Offline"),
// in Chromium with the service worker: what was seen renders offline after a
// reload, in both languages; cart changes made offline wait, survive a reload
// and reach the server once each; checkout refuses to go offline;
// and the whole shop → cart → checkout journey completes when a third of
// the API calls fail. The update flow is in pwa.test.ts.
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request, Route } from 'playwright-core';
import { seededRandom } from '../seeded-random.ts';
import { footerLink, plain, seriousViolations, useShopAndBrowser, visit, waitForServiceWorker } from './harness.ts';
import {
  apiGet, apiPost, apiSignIn, catalogGet, checkoutToPayment, expectBadge, field, persisted, persistedData, say, settled, signInWithForm, storedToken, waitForPersistedQueries, type Lang,
} from './journey-helpers.ts';
import type { Static } from 'typebox';
import type { CartData } from '../../src/lib/contract.ts';
import type { OrderRow as OrderRowSchema } from '../../server/contract/checkout.ts';
import type { Meta } from '../../server/contract/catalog.ts';

interface Orders { orders: Static<typeof OrderRowSchema>[]; meta: Static<typeof Meta> }

// Every journey signs the demo shopper in afresh (and the flaky one may twice):
// more than the 10 sign-ins per 15 minutes one account is allowed by default.
const env = useShopAndBrowser({ env: { SHOP_AUTH_RATE_LIMIT_MAX: '100' } });

/** An anonymous catalog answer, as the shop gives it in `lang`. */
const catalog = <T>(path: string, lang: Lang) => catalogGet<T>(env.shop.url, path, lang);

const productName = async (id: number, lang: Lang) =>
  (await catalog<{ OverView_Product: { name: string } }>(`/products/details/${id}`, lang)).OverView_Product.name;

interface Problem { text: string; url: string }

/**
 * Console errors with the file that logged them, and page errors. Offline,
 * the service worker's own update check fails (a console error from sw.js,
 * ERR_INTERNET_DISCONNECTED): that one is expected, nothing else.
 */
function watchProblems(page: Page) {
  const seen: Problem[] = [];
  page.on('console', (m) => { if (m.type() === 'error') seen.push({ text: `console: ${m.text()}`, url: m.location().url }); });
  page.on('pageerror', (e) => seen.push({ text: `page: ${e.message}`, url: '' }));
  const updateCheck = (p: Problem) => /ERR_INTERNET_DISCONNECTED/.test(p.text) && /\/sw\.js$/.test(new URL(p.url || 'about:blank').pathname);
  return {
    /** everything but the worker's failed update check, as `text (where)` */
    unexpected: () => seen.filter((p) => !updateCheck(p)).map((p) => (p.url ? `${p.text} (${p.url})` : p.text)),
    pageErrors: () => seen.filter((p) => p.text.startsWith('page: ')).map((p) => p.text),
  };
}

/**
 * Counts the page's requests from the start of the visit; `quiet()` waits
 * until none has been in flight for `quietMs`: what the screen asked for
 * (lazy images included) has arrived and, through the worker, is kept.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (r) => { inFlight.add(r); lastChange = Date.now(); });
  const done = (r: Request) => { if (inFlight.delete(r)) lastChange = Date.now(); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: (quietMs = 400) => expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, { timeout: 60_000, interval: 100 }).toBe(true),
  };
}

/** axe's serious and critical findings, once animations have settled. */
async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function h1Is(page: Page, text: string) {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

async function switchLanguage(page: Page, to: Lang) {
  await page.getByTestId('language-toggle').click();
  await page.waitForFunction((dir) => document.documentElement.dir === dir, to === 'ar' ? 'rtl' : 'ltr');
}

const mainNav = (page: Page, lang: Lang) => page.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية') });

async function openCart(page: Page, lang: Lang) {
  await mainNav(page, lang).getByRole('link', { name: new RegExp(`^${say(lang, 'Cart', 'السلة')}`) }).click();
  await page.waitForURL((url) => url.pathname === '/cart');
  await h1Is(page, say(lang, 'Cart', 'السلة'));
}

const offlineBar = (page: Page, lang: Lang) =>
  page.getByTestId('offline-status').getByText(say(lang, 'You are offline', 'أنت غير متصل بالإنترنت'), { exact: true });

/** The cart line whose heading (the product's name, a link) reads `name`. */
const cartLine = (page: Page, name: string) =>
  page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** The setup's own sign-in, made once for the file. */
let setupToken: string | undefined;

/**
 * Sets the demo shopper's cart through the API: emptied, then one unit of
 * each product in `products`, with `smells[i]` for product i when given.
 * Done before the app signs in, so it reads this cart, never a stale one.
 */
async function prepareCart(products: number[] = [], smells: (string | null)[] = []) {
  setupToken ??= await apiSignIn(env.shop.url);
  const token = setupToken;
  const before = await apiGet<CartData>(env.shop.url, '/showCard', token);
  for (const line of before.product_in_card) {
    await apiPost(env.shop.url, '/remove', token, { product_id: line.product_id, qty: line.product_qty });
  }
  for (const id of products) await apiPost(env.shop.url, '/addToCard', token, { product_id: id });
  const after = await apiGet<CartData>(env.shop.url, '/showCard', token);
  for (const [i, id] of products.entries()) {
    const line = after.product_in_card.find((l) => l.product_id === id)!;
    if (smells[i]) await apiPost(env.shop.url, `/add/smell/${line.id}`, token, { smell: [smells[i]] });
  }
  return token;
}

/** The demo shopper's cart set up (prepareCart), then signed in with the form; returns the token the app holds. */
async function signInWithCart(page: Page, lang: Lang, products: number[] = [], smells: (string | null)[] = []): Promise<string> {
  await prepareCart(products, smells);
  await page.goto(env.shop.url + '/sign-in');
  await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
  return storedToken(page);
}

describe('offline browsing', () => {
  it('after a visit online, the shell, banner, footer, a product in both languages and the cart render offline after a reload', async () => {
    const { context, page } = await visit(env.browser, 'en');
    const problems = watchProblems(page);
    const network = trackRequests(page);
    try {
      const [home, homeAr, product, productAr, boxName] = await Promise.all([
        catalog<{ Data_home_page: { hero_title: string; message_nav: string } }>('/home', 'en'),
        catalog<{ Data_home_page: { hero_title: string; message_nav: string } }>('/home', 'ar'),
        productName(1, 'en'),
        productName(1, 'ar'),
        productName(3, 'en'),
      ]);
      const token = await signInWithCart(page, 'en', [3]);
      await waitForServiceWorker(page);

      // Online: home, product 1 in English then Arabic (the toggle), the cart.
      await page.goto(env.shop.url + '/');
      await h1Is(page, home.Data_home_page.hero_title);
      await footerLink(page, 'TikTok');
      await network.quiet();
      await page.goto(env.shop.url + '/products/product-details/1');
      await h1Is(page, product);
      await network.quiet();
      await switchLanguage(page, 'ar');
      await h1Is(page, productAr);
      await footerLink(page, 'تيك توك');
      await network.quiet();
      await switchLanguage(page, 'en');
      await h1Is(page, product);
      await openCart(page, 'en');
      await cartLine(page, boxName).waitFor();
      await network.quiet();
      await waitForPersistedQueries(page, [
        ['cart', 'en', token], ['home', 'en'], ['home', 'ar'], ['products', 'bestseller', 'en'], ['products', 'bestseller', 'ar'],
        ['products', 'detail', 1, 'en'], ['products', 'detail', 1, 'ar'],
      ]);

      // Offline: the reload comes from the worker's shell and the persisted cache.
      await context.setOffline(true);
      await page.reload();
      await h1Is(page, 'Cart');
      await offlineBar(page, 'en').waitFor();
      await cartLine(page, boxName).waitFor();
      await expectBadge(page, 1);
      expect(await page.getByRole('complementary', { name: home.Data_home_page.message_nav, exact: true }).count()).toBe(1);
      await mainNav(page, 'en').getByRole('link', { name: 'Products', exact: true }).waitFor();
      await footerLink(page, 'TikTok');
      await axeClean(page);

      await page.goto(env.shop.url + '/');
      await h1Is(page, home.Data_home_page.hero_title);
      await offlineBar(page, 'en').waitFor();
      for (const section of ['Categories', 'Offers', 'Best sellers', 'New arrivals']) {
        await page.getByRole('heading', { level: 2, name: section, exact: true }).waitFor();
      }

      await page.goto(env.shop.url + '/products/product-details/1');
      await h1Is(page, product);
      await page.getByRole('heading', { level: 2, name: 'Customer reviews', exact: true }).waitFor();
      // Switching language offline: the product, the shell and the footer in Arabic, from what was seen.
      await switchLanguage(page, 'ar');
      await h1Is(page, productAr);
      await offlineBar(page, 'ar').waitFor();
      await page.getByRole('heading', { level: 2, name: 'آراء العملاء', exact: true }).waitFor();
      expect(await page.getByRole('complementary', { name: homeAr.Data_home_page.message_nav, exact: true }).count()).toBe(1);
      await footerLink(page, 'تيك توك');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      // …and a reload offline in Arabic.
      await page.reload();
      await h1Is(page, productAr);
      await offlineBar(page, 'ar').waitFor();
      await axeClean(page);

      expect(problems.unexpected()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a product never seen says it needs the connection, with Retry; back online it shows', async () => {
    const { context, page } = await visit(env.browser, 'en');
    const problems = watchProblems(page);
    const network = trackRequests(page);
    try {
      const name = await productName(6, 'en');
      await signInWithCart(page, 'en');
      await waitForServiceWorker(page);
      // The product screen's code is seen once (it is not in the precache), as a visit to any product does.
      await page.goto(env.shop.url + '/products/product-details/1');
      await h1(page).waitFor();
      await network.quiet();

      await context.setOffline(true);
      await page.goto(env.shop.url + '/products/product-details/6');
      await offlineBar(page, 'en').waitFor();
      const failed = page.getByRole('main').getByRole('alert');
      await failed.waitFor();
      expect(plain(await failed.textContent())).toMatch(/offline|connection/i);
      const retry = failed.getByRole('button', { name: 'Retry', exact: true });
      await retry.waitFor();
      // Retry while still offline: the same message, not a blank or busy screen.
      await retry.click();
      await expect.poll(async () => plain(await failed.textContent())).toMatch(/offline|connection/i);
      expect(await h1(page).count()).toBe(1);
      await axeClean(page);
      // Offline, the page never asked the network for what the worker did not keep.
      expect(problems.unexpected()).toEqual([]);

      // Back online the product comes, by itself or with the Retry the screen shows. (Chromium may
      // say 'online' a moment before the worker's own fetches work again: a failure then is logged.)
      await context.setOffline(false);
      await throughRetries(page, page.getByRole('heading', { level: 1, name, exact: true }));
      expect(problems.pageErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(['en', 'ar'] as const)('what offline shows of what was and was not seen, in %s', (lang) => {
  it('about us in both languages seen; a product never seen says so, offers the saved ones and opens once back online; nothing is prefetched offline', async () => {
    const { context, page } = await visit(env.browser, lang);
    const problems = watchProblems(page);
    const network = trackRequests(page);
    const other: Lang = lang === 'ar' ? 'en' : 'ar';
    try {
      const [about, aboutOther, kept, unseen] = await Promise.all([
        catalog<{ title: string }>('/about', lang), catalog<{ title: string }>('/about', other), productName(1, lang), productName(6, lang),
      ]);
      await page.goto(env.shop.url + '/');
      await h1(page).waitFor();
      await waitForServiceWorker(page);

      // Online: a product, whose page prefetches the cart's code; every file it prefetched is kept.
      await page.goto(env.shop.url + '/products/product-details/1');
      await h1Is(page, kept);
      await page.waitForFunction(() => document.querySelector('link[rel=prefetch]') !== null);
      await network.quiet();
      await expect.poll(() => page.evaluate(async () => {
        const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) => link.href);
        const missing = await Promise.all(links.map(async (href) => ((await caches.match(href)) ? null : href)));
        return missing.filter(Boolean);
      })).toEqual([]);
      // About us, first from the server's page, then in the other language from the app.
      await page.goto(env.shop.url + '/about-us');
      await h1Is(page, about.title);
      await network.quiet();
      await switchLanguage(page, other);
      await h1Is(page, aboutOther.title);
      await network.quiet();
      await switchLanguage(page, lang);
      await h1Is(page, about.title);
      await waitForPersistedQueries(page, [['about', lang], ['about', other], ['products', 'detail', 1, lang]]);

      await context.setOffline(true);
      const failedFiles: string[] = [];
      page.on('requestfailed', (r) => { if (new URL(r.url()).pathname.startsWith('/assets/')) failedFiles.push(r.url()); });

      // About us, reloaded offline, in both languages.
      await page.reload();
      await h1Is(page, about.title);
      await offlineBar(page, lang).waitFor();
      await switchLanguage(page, other);
      await h1Is(page, aboutOther.title);
      await switchLanguage(page, lang);
      await h1Is(page, about.title);
      await axeClean(page);

      // A product never seen: said so, with what is saved offered instead.
      await page.goto(env.shop.url + '/products/product-details/6');
      await h1Is(page, say(lang,
        "You're offline, and this product hasn't been saved on this phone yet.",
        'أنت غير متصل بالإنترنت، ولم يُحفَظ هذا المنتج على هذا الهاتف بعد.'));
      const saved = page.getByRole('region', { name: say(lang, 'Saved on this phone', 'محفوظة على هذا الهاتف'), exact: true });
      const savedCard = saved.getByRole('link').filter({ has: page.getByRole('heading', { level: 3, name: kept, exact: true }) });
      await savedCard.waitFor();
      await axeClean(page);
      // It opens offline, and the focus goes to its name.
      await savedCard.click();
      await h1Is(page, kept);
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      // The cart's code, prefetched online, opens offline.
      await openCart(page, lang);
      await page.goBack();
      await page.goBack();
      await page.getByRole('region', { name: say(lang, 'Saved on this phone', 'محفوظة على هذا الهاتف'), exact: true }).waitFor();
      // Nothing was prefetched offline: no failed request for a file, no error in the console.
      expect(failedFiles).toEqual([]);
      expect(problems.unexpected()).toEqual([]);

      // Back online, the product comes by itself.
      await context.setOffline(false);
      await h1Is(page, unseen);
      expect(problems.pageErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);
});

const eastern = (digits: string) => digits.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);

const smellSelect = (page: Page, lang: Lang, unit: number, name: string) =>
  page.getByRole('combobox', {
    name: say(lang, `Smell for unit ${unit} of ${name}`, `رائحة القطعة ${eastern(String(unit))} من ${name}`), exact: true,
  });

const waitingList = (page: Page) => page.getByTestId('waiting-changes').getByRole('listitem');

const waitingHeading = (page: Page, lang: Lang) =>
  page.getByRole('heading', { level: 2, name: say(lang, 'Waiting for connection', 'في انتظار الاتصال'), exact: true });

describe.each(['en', 'ar'] as const)('offline cart changes, in %s', (lang) => {
  it('an add and a smell made offline wait across a reload, then reach the server once each', async () => {
    const { context, page } = await visit(env.browser, lang);
    const problems = watchProblems(page);
    const network = trackRequests(page);
    try {
      const [oud, amber] = await Promise.all([productName(1, lang), productName(4, lang)]);
      const token = await signInWithCart(page, lang, [1]);
      const cartNow = () => apiGet<CartData>(env.shop.url, '/showCard', token, lang);
      await waitForServiceWorker(page);

      // Online: the product to add later, then the cart with product 1 (no smell yet).
      await page.goto(env.shop.url + '/products/product-details/4');
      await h1Is(page, amber);
      await network.quiet();
      await openCart(page, lang);
      const smell = smellSelect(page, lang, 1, oud);
      await smell.waitFor();
      expect(await smell.evaluate((el: HTMLSelectElement) => el.value)).toBe('');
      const chosen = plain(await smell.getByRole('option').nth(2).textContent()).trim();
      await waitForPersistedQueries(page, [['cart', lang, token], ['products', 'detail', 4, lang]]);

      // Offline: back to the product (in the app, no reload), add it; then the smell in the cart.
      await context.setOffline(true);
      await offlineBar(page, lang).waitFor();
      await page.goBack();
      await h1Is(page, amber);
      await page.getByRole('main').getByRole('button', { name: say(lang, 'Add to cart', 'أضف إلى السلة'), exact: true }).click();
      await page.getByText(say(lang,
        'You are offline. This change will be sent when you are back online.',
        'أنت غير متصل بالإنترنت. سيُرسل هذا التغيير عند عودة الاتصال.'), { exact: true }).waitFor();
      await expectBadge(page, 2);
      await openCart(page, lang);
      await waitingHeading(page, lang).waitFor();
      await smell.selectOption({ label: chosen });
      // Each waiting change is named, in order.
      const expected = [
        say(lang, `Add ${amber}`, `إضافة ${amber}`),
        say(lang, `Smell for unit 1 of ${oud}`, `رائحة القطعة ١ من ${oud}`),
      ];
      await expect.poll(() => waitingList(page).allTextContents()).toEqual(expected);
      // Kept on disk as they were made, not sent.
      await expect.poll(async () => (await persisted(page))?.mutations.map((m) => [m.mutationKey.join(' '), m.status, m.isPaused]).sort())
        .toEqual([['cart add', 'pending', true], ['cart smell', 'pending', true]]);
      let server = await cartNow();
      expect(server.product_in_card.map((l) => [l.product_id, l.product_qty, l.smell])).toEqual([[1, 1, [null]]]);

      // A reload offline: both still waiting, the choice still shown, the badge still counting the add.
      await page.reload();
      await h1Is(page, say(lang, 'Cart', 'السلة'));
      await offlineBar(page, lang).waitFor();
      await waitingHeading(page, lang).waitFor();
      await expect.poll(() => waitingList(page).allTextContents()).toEqual(expected);
      expect(await smell.evaluate((el: HTMLSelectElement) => el.selectedOptions[0].textContent)).toBe(chosen);
      await expectBadge(page, 2);
      await axeClean(page);

      // Online: each change is sent with its own key, and the server has each once.
      const sent: { path: string; key: string }[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === 'POST' && /^\/api\/(addToCard|add\/smell\/\d+)$/.test(path)) sent.push({ path, key: r.headers()['idempotency-key'] ?? '' });
      });
      await context.setOffline(false);
      await page.getByText(say(lang, 'Back online', 'عاد الاتصال'), { exact: true }).waitFor();
      await expect.poll(() => waitingList(page).count()).toBe(0);
      await cartLine(page, amber).waitFor();
      server = await cartNow();
      expect(server.product_in_card.map((l) => [l.product_id, l.product_qty, l.smell]).sort()).toEqual([[1, 1, [chosen]], [4, 1, [null]]]);
      expect(server.card_count).toBe(2);
      await expectBadge(page, 2);
      expect(sent.map((s) => s.path.replace(/\d+$/, 'N'))).toEqual(['/api/addToCard', '/api/add/smell/N']);
      expect(sent.every((s) => s.key.length > 0) && new Set(sent.map((s) => s.key)).size === 2).toBe(true);
      // Nothing left to send after another reload, once the answers are on disk.
      await expect.poll(async () => (await persistedData<CartData>(page, ['cart', lang, token]))?.product_in_card.map((l) => [l.product_id, l.smell]).sort())
        .toEqual([[1, [chosen]], [4, [null]]]);
      await page.reload();
      await cartLine(page, amber).waitFor();
      expect(await waitingList(page).count()).toBe(0);
      expect((await cartNow()).card_count).toBe(2);
      expect(sent).toHaveLength(2);
      expect(problems.unexpected()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

const confirmOrder = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: say(lang, 'Confirm Order', 'تأكيد الطلب'), exact: true });

describe.each(['en', 'ar'] as const)('offline checkout, in %s', (lang) => {
  it('offline, Confirm is disabled and says so with a Retry; back online the order is placed once', async () => {
    const { context, page } = await visit(env.browser, lang);
    const problems = watchProblems(page);
    try {
      const token = await signInWithCart(page, lang, [1], ['Oud']);
      await waitForServiceWorker(page);
      await page.goto(env.shop.url + '/cart');
      await cartLine(page, await productName(1, lang)).waitFor();
      await checkoutToPayment(page, lang);
      const before = (await apiGet<Orders>(env.shop.url, '/orders', token)).meta.total;
      const checkouts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkout') checkouts.push(r.headers()['idempotency-key'] ?? '');
      });

      await context.setOffline(true);
      await offlineBar(page, lang).waitFor();
      await expect.poll(() => confirmOrder(page, lang).isDisabled()).toBe(true);
      const retryName = { name: say(lang, 'Retry', 'إعادة المحاولة'), exact: true };
      const retry = page.getByRole('main').getByRole('button', retryName);
      await retry.waitFor();
      const said = page.getByRole('main').getByRole('alert').filter({ has: page.getByRole('button', retryName) });
      expect(plain(await said.textContent())).toContain(say(lang,
        'You are offline. Connect and try again.', 'أنت غير متصل بالإنترنت. اتصل ثم حاول مرة أخرى.'));
      // Retry while still offline sends nothing.
      await retry.click();
      expect(await confirmOrder(page, lang).isDisabled()).toBe(true);
      expect(checkouts).toEqual([]);
      await axeClean(page);

      await context.setOffline(false);
      await said.waitFor({ state: 'detached' });
      await expect.poll(() => confirmOrder(page, lang).isEnabled()).toBe(true);
      await confirmOrder(page, lang).click();
      await page.waitForURL((url) => url.pathname === '/order-is-done');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Thank you for your order!', 'شكرًا لطلبك!'), exact: true }).waitFor();
      expect((await apiGet<Orders>(env.shop.url, '/orders', token)).meta.total).toBe(before + 1);
      expect(checkouts).toHaveLength(1);
      expect(problems.unexpected()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

/** FNV-1a: a request's name as a number, to seed its roll. */
function fnv1a(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Fixed; FLAKY_SEED=<n> tries another run of failures. */
const SEED = Number(process.env.FLAKY_SEED || 20261121);

/**
 * About 30 % of API calls fail, whoever makes them (page or service
 * worker): half never reach the shop, half reach it and their answer is
 * lost. The roll of a call depends on the seed, its method and path and how
 * many times that call was made before, not on the order in which parallel
 * calls happen to arrive, so every run fails the same calls.
 */
async function flakyApi(page: Page) {
  const made = new Map<string, number>();
  const log: string[] = [];
  await page.context().route('**/api/**', async (route: Route) => {
    const request = route.request();
    const call = `${request.method()} ${new URL(request.url()).pathname}`;
    const n = (made.get(call) ?? 0) + 1;
    made.set(call, n);
    const roll = seededRandom(SEED ^ fnv1a(`${call} #${n}`))();
    if (roll < 0.15) {
      log.push(`${call} #${n}: lost on the way`);
      return route.abort('failed');
    }
    if (roll < 0.3) {
      log.push(`${call} #${n}: answer lost`);
      await route.fetch().catch(() => {});
      return route.abort('failed');
    }
    log.push(`${call} #${n}: ok`);
    return route.continue();
  });
  return log;
}

/** Resolves when the next `method path` call from the page has its answer or has failed. */
function callSettled(page: Page, method: string, path: string) {
  return new Promise<void>((resolve) => {
    const settled = (request: Request) => {
      if (request.method() !== method || new URL(request.url()).pathname !== path) return;
      page.off('requestfinished', settled);
      page.off('requestfailed', settled);
      resolve();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
  });
}

/**
 * Waits for `done`; whenever a screen offers Retry instead (shown, enabled,
 * not busy), presses it, as a shopper would. Nothing else is clicked again.
 */
async function throughRetries(page: Page, done: Locator, timeout = 120_000) {
  const retry = page.getByRole('main').getByRole('button', { name: 'Retry', exact: true })
    .and(page.locator(':not([disabled]):not([aria-busy="true"]):not(.MuiButton-loading)')).first();
  const deadline = Date.now() + timeout;
  const left = () => Math.max(1, deadline - Date.now());
  for (;;) {
    await done.or(retry).first().waitFor({ timeout: left() });
    if (await done.first().isVisible()) return;
    // The screen may have moved on meanwhile (the app asking again by itself): then look again.
    const [button] = await retry.elementHandles();
    if (!button) continue;
    if (!await button.click({ timeout: 2_000 }).then(() => true, () => false)) continue;
    // The screen takes the press (the button goes, or turns busy) before another is considered.
    await page.waitForFunction((node) => {
      const el = node as HTMLButtonElement;
      return !el.isConnected || el.disabled || el.getAttribute('aria-busy') === 'true' || el.classList.contains('MuiButton-loading');
    }, button, { timeout: 2_000 }).catch(() => {});
    await button.dispose();
  }
}

describe('flaky network', () => {
  it('with about 30 % of API calls failing (fixed seed), sign-in → product → cart → checkout places one order', async () => {
    const { context, page } = await visit(env.browser, 'en');
    const problems = watchProblems(page);
    try {
      const setup = await prepareCart();
      const before = (await apiGet<Orders>(env.shop.url, '/orders', setup)).meta.total;
      const oud = await productName(1, 'en');
      const log = await flakyApi(page);
      const checkouts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkout') checkouts.push(r.headers()['idempotency-key'] ?? '');
      });

      // Sign in: a failed attempt shows the form's error; the shopper reads it and presses Sign in again.
      await page.goto(env.shop.url + '/sign-in');
      await field(page, 'Email or phone').fill('demo@attar.eg');
      await field(page, 'Password').fill('attar123');
      for (let attempt = 0; new URL(page.url()).pathname === '/sign-in'; attempt += 1) {
        expect(attempt, log.join('\n')).toBeLessThan(5);
        const answered = callSettled(page, 'POST', '/api/user/login');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await answered;
        // Signed in and gone, or the form's error (a new submit clears the old one).
        await page.waitForFunction(() => location.pathname !== '/sign-in' || document.querySelector('main [role="alert"]') !== null);
      }
      const token = await storedToken(page);

      // The product, and one unit of it (the app retries a lost add with the same key).
      await page.goto(env.shop.url + '/products/product-details/1');
      await throughRetries(page, page.getByRole('heading', { level: 1, name: oud, exact: true }));
      await page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true }).click();
      await expectBadge(page, 1);
      const cartNow = () => apiGet<CartData>(env.shop.url, '/showCard', token);
      await expect.poll(async () => (await cartNow()).card_count).toBe(1);

      // The cart, and the smell.
      await mainNav(page, 'en').getByRole('link', { name: /^Cart/ }).click();
      await page.waitForURL((url) => url.pathname === '/cart');
      const smell = smellSelect(page, 'en', 1, oud);
      await throughRetries(page, smell);
      await smell.selectOption({ label: 'Saffron' });
      await expect.poll(async () => (await cartNow()).product_in_card[0]?.smell).toEqual(['Saffron']);

      // Checkout: info, the saved address, free shipping, cash on delivery.
      const proceed = page.getByRole('button', { name: 'Proceed to checkout', exact: true });
      await expect.poll(() => proceed.isEnabled()).toBe(true);
      await proceed.click();
      await page.waitForURL((url) => url.pathname === '/payment-session/info');
      await field(page, 'Full name').fill('Laila Hassan');
      await field(page, 'Phone').fill('01012345678');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment-session/address');
      const home = page.getByRole('radio', { name: /^Home/ });
      await throughRetries(page, home);
      await home.check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment-session/shipping');
      const free = page.getByRole('radio', { name: /^Free delivery/ });
      await throughRetries(page, free);
      await free.check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment-session/payment');
      const payment = field(page, 'Payment method');
      await throughRetries(page, payment);
      await payment.selectOption({ label: 'Cash on delivery' });
      await confirmOrder(page, 'en').click();

      // A lost checkout offers Retry, which sends the same key.
      await throughRetries(page, page.getByRole('heading', { level: 1, name: 'Thank you for your order!', exact: true }));
      expect(new URL(page.url()).pathname).toBe('/order-is-done');
      const { orders, meta } = await apiGet<Orders>(env.shop.url, '/orders', token);
      expect(meta.total, log.join('\n')).toBe(before + 1);
      expect(orders[0].total).toBeGreaterThan(0);
      expect(new Set(checkouts).size).toBe(1);
      // The fixed seed does fail calls, both ways (an add's and the checkout's answers among them).
      if (!process.env.FLAKY_SEED) {
        expect(log.filter((l) => l.endsWith('lost on the way')).length).toBeGreaterThan(0);
        expect(log).toEqual(expect.arrayContaining(['POST /api/addToCard #1: answer lost', 'POST /api/checkout #1: answer lost']));
      }
      // Failed calls log console errors by design; the app itself never throws.
      expect(problems.pageErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
