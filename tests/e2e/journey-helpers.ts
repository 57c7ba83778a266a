// Small helpers shared by the journeys (not a test file itself).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import sharp from 'sharp';
import { OWNER_PASSWORD, plain, seriousViolations } from './harness.ts';
import type { CartData } from '../../src/lib/contract.ts';
import { formatMoney } from '../../src/lib/money.ts';

export type Lang = 'en' | 'ar';

/** The English text or its Arabic msgstr from locales/ar/messages.po. */
export const say = (lang: Lang, en: string, ar: string) => (lang === 'ar' ? ar : en);

/** Eastern Arabic digits → 0-9. */
/** Latin digits written in Arabic-Indic ones, as an Arabic phone keyboard types them. */
export const eastern = (digits: string) => digits.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);

export const latin = (text: string) => text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));

/** `EGP 1,234.50` or `١٬٢٣٤٫٥٠ ج.م.` → 1234.5 */
export function money(text: string | null): number {
  const match = latin(plain(text)).match(/\d[\d٬,]*(?:[٫.]\d+)?/);
  if (!match) throw new Error(`not a price: ${JSON.stringify(text)}`);
  return Number(match[0].replace(/[٬,]/g, '').replace('٫', '.'));
}

/** The first number in a text, in either script (`13 products`, `١٣ منتجًا`, `75%`, `٧٥٪`). */
export function firstNumber(text: string | null): number {
  const match = latin(plain(text)).replace(/[٬,]/g, '').match(/\d+/);
  if (!match) throw new Error(`no number in ${JSON.stringify(text)}`);
  return Number(match[0]);
}

/** Chromium's console line for a failed fetch with this status, the only error a journey may expect. */
export const failedLoad = (status: number) => new RegExp(`^console: Failed to load resource: the server responded with a status of ${status}\\b`);

/**
 * A form control by its label, exactly: MUI appends a ` *` (aria-hidden) to a
 * required field's label, which getByLabel still reads.
 */
export function field(scope: Page | Locator, label: string) {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s*\\*)?$`));
}

/**
 * The items of an ordered list that draw a list marker ("1." or "١."), as `index: list-style-type`:
 * a step bar's circles carry their own numbers, so its items must draw none, in either direction.
 * The list stays an <ol> of <li>s (it is read as a list of steps).
 */
export async function listMarkers(list: Locator): Promise<string[]> {
  expect(await list.evaluate((el) => el.tagName)).toBe('OL');
  return list.locator(':scope > li').evaluateAll((items) => items.flatMap((li, i) => {
    const style = getComputedStyle(li);
    const drawn = style.display === 'list-item' && (style.listStyleType !== 'none' || style.listStyleImage !== 'none');
    return drawn ? [`${i}: ${style.listStyleType}`] : [];
  }));
}

/** Signs in through the sign-in form (the page must be on /sign-in). */
export async function signInWithForm(page: Page, lang: Lang, login: string, password: string) {
  await page.getByRole('heading', { level: 1, name: say(lang, 'Sign in', 'تسجيل الدخول') }).waitFor();
  await field(page, say(lang, 'Email or phone', 'البريد الإلكتروني أو رقم الهاتف')).fill(login);
  await field(page, say(lang, 'Password', 'كلمة المرور')).fill(password);
  await page.getByRole('button', { name: say(lang, 'Sign in', 'تسجيل الدخول'), exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

/**
 * From the cart, Proceed and 'Your Info' (two names, an 11-digit phone in the page's digits),
 * confirmed: the shopper is on the address step.
 */
export async function proceedToAddress(page: Page, lang: Lang) {
  await page.getByRole('button', { name: say(lang, 'Proceed to checkout', 'المتابعة لإتمام الطلب'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/info');
  await field(page, say(lang, 'Full name', 'الاسم الكامل')).fill(say(lang, 'Laila Hassan', 'ليلى حسان'));
  await field(page, say(lang, 'Phone', 'رقم الهاتف')).fill(lang === 'ar' ? '٠١٠١٢٣٤٥٦٧٨' : '01012345678');
  await page.getByRole('button', { name: say(lang, 'Confirm', 'تأكيد'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/address');
}

/** The cart badge's number (0 when it shows nothing). */
export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('cart-badge').locator('.attar-badge__count');
  if ((await badge.count()) === 0) return 0;
  const text = plain(await badge.textContent()).trim();
  return text ? Number(latin(text)) : 0;
}

/** Waits for the app to take the server's page over (it is inert until then, and a visitor's). */
export async function takenOver(page: Page) {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
}

export async function expectBadge(page: Page, count: number) {
  await expect.poll(() => badgeCount(page)).toBe(count);
}

/**
 * Waits for the badge to show the signed-in shopper's cart as the server counts it, and answers
 * that count. Taken over is not yet counted: until the shell's /showCard answers, the badge shows
 * what localStorage remembered (none on a first visit), so a count read then is not a 'before'.
 */
export async function settledBadge(page: Page, shopUrl: string, lang: Lang): Promise<number> {
  const cart = await apiGet<{ card_count: number }>(shopUrl, '/showCard', await storedToken(page), lang);
  await expectBadge(page, cart.card_count);
  return cart.card_count;
}

/**
 * Waits until no finite animation or transition runs (a snackbar sliding in,
 * a menu fading out), so axe judges what the shopper sees once it has
 * settled: mid-animation, axe leaves colour contrast undecided. The banner's
 * endless scroll is not waited for.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => {
    const end = a.effect?.getComputedTiming().endTime;
    return a.playState !== 'running' || end === Infinity;
  }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The description (`<dd>`) that follows the term (`<dt>`) reading exactly `term`, inside `scope`. */
export function definition(scope: Page | Locator, term: string): Locator {
  return scope.getByRole('term').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(term)}\\s*$`) })
    .locator('xpath=following-sibling::*[1]');
}

/** The signed-in shopper's token, as the storefront keeps it. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** Signs in through the API (the seeded demo shopper by default), for a journey's set-up: the token. */
export async function apiSignIn(shopUrl: string, login = 'demo@attar.eg', password = 'attar123'): Promise<string> {
  return (await apiSession(shopUrl, login, password)).token;
}

async function apiSession(shopUrl: string, login: string, password: string): Promise<{ token: string; role: string }> {
  const response = await fetch(`${shopUrl}/api/user/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }),
  });
  if (!response.ok) throw new Error(`sign-in for the set-up: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { role: string } } };
  return { token: data.token, role: data.user.role };
}

/**
 * Signs in for a journey's set-up, where the sign-in form is not what the journey is about: the
 * API's token and role, stored in the page's origin as the sign-in form stores them
 * (src/lib/storage.ts), without loading the storefront for the form first. The page is left on
 * an empty document of the shop's origin that the test itself answers (the server is not asked,
 * and no favicon is fetched); the journey goes on with its own page load. The form itself is
 * walked by account.test.ts, sessions.test.ts, admin.test.ts (the owner) and the shoppers'
 * journeys that start there. Answers the token.
 */
export async function signInForSetUp(page: Page, shopUrl: string, login: string, password: string): Promise<string> {
  const { token, role } = await apiSession(shopUrl, login, password);
  const blank = `${shopUrl}/api/e2e-set-up`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>set-up</title><link rel="icon" href="data:,">' }));
  try {
    await page.goto(blank);
    await page.evaluate(([t, r]) => {
      localStorage.setItem('userToken', t);
      localStorage.setItem('user role', r);
    }, [token, role] as const);
  } finally {
    await page.unroute(blank);
  }
  return token;
}

async function getData<T>(shopUrl: string, path: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(`${shopUrl}/api${path}`, { headers });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A signed-in GET of the API, as the storefront makes it: the envelope's `data`. */
export function apiGet<T>(shopUrl: string, path: string, token: string, lang: Lang = 'en'): Promise<T> {
  return getData<T>(shopUrl, path, { authorization: `Bearer ${token}`, lang });
}

/** A visitor's GET of the API (the catalog), in `lang`: the envelope's `data`. */
export function catalogGet<T>(shopUrl: string, path: string, lang: Lang): Promise<T> {
  return getData<T>(shopUrl, path, { lang });
}

/** A signed-in POST of the API (JSON body), as the storefront makes it: the envelope's `data`. */
export function apiPost<T>(shopUrl: string, path: string, token: string, body: unknown, lang: Lang = 'en'): Promise<T> {
  return apiSend<T>('POST', shopUrl, path, token, body, lang);
}

/** A signed-in write of the API with a JSON body (POST, or PUT as the back office's replacements): the envelope's `data`. */
export async function apiSend<T>(method: 'POST' | 'PUT', shopUrl: string, path: string, token: string, body: unknown, lang: Lang = 'en'): Promise<T> {
  const response = await fetch(`${shopUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, lang, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Checks the shopper's cart out through the API, as checkout does, for a journey's set-up (the
 * journeys of checkout.test.ts walk the screens): a new address in Cairo, free delivery. Answers
 * the placed order's id and number.
 */
export async function checkoutForSetUp(shopUrl: string, token: string, lang: Lang, payment: 'cach' | 'delivery' = 'delivery') {
  const cart = await apiGet<CartData>(shopUrl, '/showCard', token, lang);
  const address = await apiPost<{ id: number }>(shopUrl, '/user/add/address', token, {
    title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government: 'cairo',
  });
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, lang, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      card_id: cart.card_id, username: 'Laila Hassan', phone: '01012345678', address_id: address.id, shiping: 'free', date: null, payment, point: 0,
    }),
  });
  if (!response.ok) throw new Error(`checkout for the set-up: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { order: { id: number; number: string } } }).data.order;
}

/** A product's stock now, as the cart says it: one unit into the shopper's cart, read, and taken out again. */
export async function stockNow(shopUrl: string, token: string, productId: number): Promise<number> {
  await apiPost(shopUrl, '/addToCard', token, { product_id: productId });
  const cart = await apiGet<CartData>(shopUrl, '/showCard', token);
  const line = cart.product_in_card.find((l) => l.product_id === productId)!;
  await apiPost(shopUrl, '/remove', token, { product_id: productId, qty: line.product_qty });
  return line.stock;
}

/** What the storefront keeps in IndexedDB (src/lib/persist.ts): the queries and the changes not yet sent. */
export interface Persisted {
  queries: unknown[][];
  /** each query's data, in the order of `queries` */
  data: unknown[];
  mutations: { mutationKey: unknown[]; status: string; isPaused: boolean }[];
}

/**
 * What is on disk now (idb-keyval's default store): the persisted client's
 * queries, and the changes waiting, whether kept in the client or each in
 * its own `attar-change:` entry. Null when nothing was saved yet.
 */
export function persisted(page: Page): Promise<Persisted | null> {
  return page.evaluate(() => new Promise<Persisted | null>((resolve, reject) => {
    type Mutation = { mutationKey: unknown[]; state: { status: string; isPaused: boolean } };
    const open = indexedDB.open('keyval-store');
    open.onerror = () => reject(open.error);
    open.onupgradeneeded = () => open.result.createObjectStore('keyval');
    open.onsuccess = () => {
      const db = open.result;
      const store = db.transaction('keyval').objectStore('keyval');
      const all = { keys: store.getAllKeys(), values: store.getAll() };
      all.values.onerror = () => reject(all.values.error);
      all.values.onsuccess = () => {
        db.close();
        const entries = new Map((all.keys.result as IDBValidKey[]).map((key, i) => [String(key), all.values.result[i] as unknown]));
        const raw = entries.get('attar-query-cache');
        const client = typeof raw === 'string'
          ? JSON.parse(raw) as { clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[]; mutations: Mutation[] } }
          : null;
        const changes = [...entries].filter(([key]) => key.startsWith('attar-change:')).map(([, value]) => value as Mutation);
        if (!client && changes.length === 0) return resolve(null);
        resolve({
          queries: client?.clientState.queries.map((q) => q.queryKey) ?? [],
          data: client?.clientState.queries.map((q) => q.state.data) ?? [],
          mutations: [...(client?.clientState.mutations ?? []), ...changes]
            .map((m) => ({ mutationKey: m.mutationKey, status: m.state.status, isPaused: m.state.isPaused })),
        });
      };
    };
  }));
}

const startsWithKey = (key: unknown[], prefix: unknown[]) => prefix.every((part, i) => key[i] === part);

/** The data of the first persisted query under `prefix`, or undefined. */
export async function persistedData<T>(page: Page, prefix: unknown[]): Promise<T | undefined> {
  const saved = await persisted(page);
  const i = saved?.queries.findIndex((key) => startsWithKey(key, prefix)) ?? -1;
  return i < 0 ? undefined : saved!.data[i] as T;
}

/** Waits until the persister has saved a query under each of `prefixes` (it writes at most every half second). */
export async function waitForPersistedQueries(page: Page, prefixes: unknown[][]) {
  await expect.poll(async () => {
    const saved = (await persisted(page))?.queries ?? [];
    return prefixes.filter((prefix) => !saved.some((key) => startsWithKey(key, prefix)));
  }).toEqual([]);
}

/**
 * From the cart (smells chosen) through info (the phone in the page's digits), the saved address and
 * free shipping, to the payment step with the method chosen (cash on delivery unless told).
 */
export async function checkoutToPayment(page: Page, lang: Lang, method: 'cash' | 'wallet' = 'cash') {
  const proceed = page.getByRole('button', { name: say(lang, 'Proceed to checkout', 'المتابعة لإتمام الطلب'), exact: true });
  await expect.poll(() => proceed.isEnabled()).toBe(true);
  await proceed.click();
  await page.waitForURL((url) => url.pathname === '/payment-session/info');
  await field(page, say(lang, 'Full name', 'الاسم الكامل')).fill(say(lang, 'Laila Hassan', 'ليلى حسان'));
  await field(page, say(lang, 'Phone', 'رقم الهاتف')).fill(lang === 'ar' ? eastern('01012345678') : '01012345678');
  await page.getByRole('button', { name: say(lang, 'Confirm', 'تأكيد'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/address');
  await page.getByRole('radio', { name: /^Home/ }).check(); // the demo's saved address
  await page.getByRole('button', { name: say(lang, 'Next', 'التالي'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/shipping');
  await page.getByRole('radio', { name: new RegExp(`^${say(lang, 'Free delivery', 'توصيل مجاني')}`) }).check();
  await page.getByRole('button', { name: say(lang, 'Next', 'التالي'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/payment-session/payment');
  const label = method === 'cash' ? say(lang, 'Cash on delivery', 'الدفع عند الاستلام') : say(lang, 'Vodafone Cash', 'فودافون كاش');
  await field(page, say(lang, 'Payment method', 'طريقة الدفع')).selectOption({ label });
}

/** Waits for the page to settle, then expects axe to find nothing serious on it. */
export async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The cart's and checkout's note on a line whose price changed since it was added (src/components/price-changed.tsx). */
export const priceChanged = (lang: Lang, from: number, to: number) => plain(say(lang,
  `Price changed from ${formatMoney(from, lang)} to ${formatMoney(to, lang)}`,
  `تغيّر السعر من ${formatMoney(from, lang)} إلى ${formatMoney(to, lang)}`));

/** A photo as a phone's gallery holds it, `width` × `height`, its colours told apart by `hue`: a JPEG or a PNG by the file's name. */
export async function gradientPhoto(file: string, width: number, height: number, hue: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    data[i * 3] = (x + hue) % 256;
    data[i * 3 + 1] = Math.floor(i / width) % 256;
    data[i * 3 + 2] = 128 + hue / 2;
  }
  const image = sharp(data, { raw: { width, height, channels: 3 } });
  await (file.endsWith('.png') ? image.png() : image.jpeg({ quality: 90 })).toFile(file);
}

/** A back-office menu entry, in English and Arabic: its screen's heading reads the same. */
export interface MenuEntry { en: string; ar: string }

/** From the back office's menu (inline at 1280 px), one of its screens, once its heading is shown. */
export async function ownerMenuTo(page: Page, lang: Lang, entry: MenuEntry) {
  const menu = page.getByRole('navigation', { name: say(lang, 'Back office', 'لوحة الإدارة') });
  await menu.getByRole('link', { name: say(lang, entry.en, entry.ar), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: say(lang, entry.en, entry.ar) }).waitFor();
}

/** Signs the owner in (signInForSetUp), opens the back office and, from its menu, one of the owner's screens. */
export async function openOwnerScreen(page: Page, shopUrl: string, lang: Lang, entry: MenuEntry) {
  await signInForSetUp(page, shopUrl, 'owner@attar.eg', OWNER_PASSWORD);
  await page.goto(`${shopUrl}/admin`);
  await page.getByRole('heading', { level: 1, name: say(lang, 'Dashboard', 'لوحة المتابعة') }).waitFor();
  await ownerMenuTo(page, lang, entry);
}

export const PRODUCTS: MenuEntry = { en: 'Products', ar: 'المنتجات' };
export const COUPONS: MenuEntry = { en: 'Coupons', ar: 'الكوبونات' };

export interface NewProduct {
  name: { en: string; ar: string };
  /** in EGP, typed in the page's digits */
  price: number;
  stock: number;
  code: string;
  /** each smell's English and Arabic names */
  smells: readonly (readonly [string, string])[];
}

/**
 * From the back office's Products screen: "New product", the form filled (in the first category)
 * and added, axe on the empty form and on the product's page it leads to; `beforeAdd` may look at
 * the filled form first. Answers the new product's id.
 */
export async function addProduct(page: Page, lang: Lang, product: NewProduct, beforeAdd?: () => Promise<void>): Promise<number> {
  await page.getByRole('link', { name: say(lang, 'New product', 'منتج جديد'), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: say(lang, 'New product', 'منتج جديد') }).waitFor();
  await axeClean(page);
  await field(page, say(lang, 'Name in English', 'الاسم بالإنجليزية')).fill(product.name.en);
  await field(page, say(lang, 'Name in Arabic', 'الاسم بالعربية')).fill(product.name.ar);
  // Arabic digits in the price, as an owner's phone keyboard types them.
  await field(page, say(lang, 'Price (EGP)', 'السعر (جنيه)')).fill(lang === 'ar' ? eastern(String(product.price)) : String(product.price));
  await field(page, say(lang, 'Stock', 'المخزون')).fill(String(product.stock));
  await field(page, say(lang, 'Product code', 'كود المنتج')).fill(product.code);
  await page.getByRole('combobox', { name: say(lang, 'Category', 'القسم') }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  for (const [i, [en, ar]] of product.smells.entries()) {
    await page.getByRole('button', { name: say(lang, 'Add a smell', 'إضافة رائحة'), exact: true }).click();
    const n = lang === 'ar' ? eastern(String(i + 1)) : String(i + 1);
    await field(page, say(lang, `Smell ${n} in English`, `الرائحة ${n} بالإنجليزية`)).fill(en);
    await field(page, say(lang, `Smell ${n} in Arabic`, `الرائحة ${n} بالعربية`)).fill(ar);
  }
  await beforeAdd?.();
  await page.getByRole('button', { name: say(lang, 'Add the product', 'إضافة المنتج'), exact: true }).click();
  await page.getByText(say(lang, 'The product was added.', 'تمت إضافة المنتج.'), { exact: true }).waitFor();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  await axeClean(page);
  return Number(/\/products\/(\d+)$/.exec(page.url())![1]);
}

/** On the product's back-office page: its price (EGP) changed from `was` to `now`, and saved. */
export async function changePrice(page: Page, lang: Lang, was: number, now: number) {
  const price = field(page, say(lang, 'Price (EGP)', 'السعر (جنيه)'));
  await expect.poll(() => price.inputValue()).toBe(String(was));
  await price.fill(String(now));
  await page.getByRole('button', { name: say(lang, 'Save', 'حفظ'), exact: true }).click();
  await page.getByText(say(lang, 'The product was saved.', 'تم حفظ المنتج.'), { exact: true }).waitFor();
}

/** A coupon's card on the back office's Coupons screen. */
export const couponCard = (page: Page, code: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: code, exact: true }) });

export interface NewCoupon { code: string; percent: number; minimum?: number; oncePerCustomer?: boolean }

/**
 * On the Coupons screen: "New coupon", its dialog filled (the code in lower case, numbers in the
 * page's digits; axe on it) and created; `beforeCreate` may try the filled dialog first, leaving it
 * as it found it. Answers the coupon's card, once the list shows it.
 */
export async function createCoupon(page: Page, lang: Lang, coupon: NewCoupon, beforeCreate?: (dialog: Locator) => Promise<void>) {
  const digits = (n: number) => (lang === 'ar' ? eastern(String(n)) : String(n));
  await page.getByRole('button', { name: say(lang, 'New coupon', 'كوبون جديد'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: say(lang, 'New coupon', 'كوبون جديد') });
  await dialog.waitFor();
  await field(dialog, say(lang, 'Code', 'الرمز')).fill(coupon.code.toLowerCase());
  await field(dialog, say(lang, 'Discount', 'الخصم')).fill(digits(coupon.percent));
  if (coupon.minimum !== undefined) await field(dialog, say(lang, 'Minimum order (EGP)', 'الحد الأدنى للطلب (ج.م.)')).fill(digits(coupon.minimum));
  if (coupon.oncePerCustomer) await dialog.getByRole('switch', { name: say(lang, 'Once per customer', 'مرة واحدة لكل عميل') }).check();
  await axeClean(page);
  await beforeCreate?.(dialog);
  await dialog.getByRole('button', { name: say(lang, 'Create the coupon', 'إنشاء الكوبون'), exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const { code } = coupon;
  await page.getByRole('status').filter({ hasText: say(lang, `The coupon ${code} was created.`, `تم إنشاء الكوبون ${code}.`) }).waitFor();
  const card = couponCard(page, code);
  await card.getByText(say(lang, 'Active now', 'فعّال الآن'), { exact: true }).waitFor();
  return card;
}

/** Signs the demo shopper in for a journey's set-up (signInForSetUp): their token. */
export function signInDemo(page: Page, shopUrl: string): Promise<string> {
  return signInForSetUp(page, shopUrl, 'demo@attar.eg', 'attar123');
}
