// Sessions: a log-out ends the token on the server and leaves nothing of the shopper on the
// device (localStorage but the language, IndexedDB, Cache Storage); a token that has expired is
// answered 401, and the storefront sends the shopper to sign in and back to the page they were on.
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, useShopAndBrowser, visit, waitForServiceWorker } from './harness.ts';
import { apiSignIn, failedLoad, persisted, say, settled, signInWithForm, waitForPersistedQueries } from './journey-helpers.ts';
import { API_CACHE } from '../../src/lib/cache-names.ts';

const env = useShopAndBrowser();

/** What the device holds: localStorage's keys, IndexedDB's keyval keys, Cache Storage's caches and the API URLs in them. */
function deviceState(page: Page) {
  return page.evaluate(async () => {
    const idbKeys = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => reject(open.error);
      open.onupgradeneeded = () => open.result.createObjectStore('keyval');
      open.onsuccess = () => {
        const request = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
        request.onsuccess = () => { open.result.close(); resolve((request.result as IDBValidKey[]).map(String)); };
        request.onerror = () => reject(request.error);
      };
    });
    const names = await caches.keys();
    const apiUrls = (await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url))))
      .flat().filter((url) => new URL(url).pathname.startsWith('/api/'));
    return { local: Object.keys(localStorage).sort(), idbKeys, caches: names, apiUrls };
  });
}

/** Makes a token expired in the shop's database (tokens are stored as their SHA-256). */
function expire(databaseUrl: string, token: string) {
  const db = new Database(databaseUrl);
  try {
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const changed = db.prepare('UPDATE tokens SET expires_at = ? WHERE token_hash = ?').run(new Date(Date.now() - 60_000).toISOString(), hash).changes;
    if (changed !== 1) throw new Error(`no token row to expire (${changed})`);
  } finally {
    db.close();
  }
}

describe.each(['en', 'ar'] as const)('sessions, in %s', (lang) => {
  it('log-out revokes the token on the server and clears localStorage (not the language), IndexedDB and Cache Storage', async () => {
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      // A visitor first: the worker keeps home's anonymous answer in its API cache.
      await page.goto(env.shop.url + '/');
      await waitForServiceWorker(page);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(async () => (await deviceState(page)).caches).toContain(API_CACHE);

      // Signed in, with a cart: the device keeps the shopper's queries in IndexedDB.
      await page.goto(env.shop.url + '/sign-in');
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      const token = await page.evaluate(() => localStorage.getItem('userToken'));
      expect(token).toBeTruthy();
      await page.goto(env.shop.url + '/cart');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Cart', 'السلة'), exact: true }).waitFor();
      await waitForPersistedQueries(page, [['cart']]);
      const before = await deviceState(page);
      expect(before.local).toContain('userToken');
      expect((await persisted(page))!.queries.some((key) => key.includes(token))).toBe(true);

      await page.getByRole('button', { name: say(lang, 'Account', 'الحساب'), exact: true }).click();
      await page.getByRole('menuitem', { name: say(lang, 'Log out', 'تسجيل الخروج'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');

      // The server no longer takes the token.
      const refused = await fetch(`${env.shop.url}/api/showCard`, { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(401);
      // Nothing of the shopper is left on the device: in localStorage only the language; in IndexedDB
      // no query of theirs (each carries the token in its key, or is the cart, wishlist or orders), no
      // heart of theirs in the catalog kept there, no change waiting; in Cache Storage no answer but
      // the catalog's anonymous ones (the worker never keeps an answer to a signed-in call).
      const shopperData = async () => {
        const after = await deviceState(page);
        const saved = await persisted(page);
        return {
          local: after.local,
          changes: after.idbKeys.filter((key) => key.startsWith('attar-change:')),
          queries: (saved?.queries ?? []).filter((key) => key.includes(token) || ['cart', 'wishlist', 'orders'].includes(String(key[0]))),
          hearts: JSON.stringify(saved?.data ?? []).includes('"is_fav":true'),
          answers: after.apiUrls.filter((url) => !/\/api\/(home|products\/bestseller|products\/details\/\d+)\?__lang=(en|ar)$/.test(url)),
        };
      };
      await expect.poll(shopperData).toEqual({ local: ['lang'], changes: [], queries: [], hearts: false, answers: [] });
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
      expect((await deviceState(page)).caches.some((name) => name.startsWith('workbox-precache'))).toBe(true);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a token that expired is refused with 401, and the shopper signs in again and is back on the page they were on', async () => {
    // A token the server issued and then let expire, before it ever looked it up (a looked-up token
    // is cached for a few seconds: auth-repository.ts).
    const token = await apiSignIn(env.shop.url);
    expire(env.shop.databaseUrl, token);
    expect((await fetch(`${env.shop.url}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const { page, problems, context } = await visit(env.browser, lang);
    try {
      // The device still holds it, as a shopper's phone would the morning after it expired.
      await context.addInitScript((stored) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('userToken', stored);
      }, token);

      await page.goto(env.shop.url + '/myOrders');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByRole('heading', { level: 1, name: say(lang, 'Sign in', 'تسجيل الدخول'), exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();

      // Sign in again: back to the orders, not home.
      await signInWithForm(page, lang, 'demo@attar.eg', 'attar123');
      await page.waitForURL((url) => url.pathname === '/myOrders');
      await page.getByRole('heading', { level: 1, name: say(lang, 'My orders', 'طلباتي'), exact: true }).waitFor();

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      // The refused call is the one error Chromium logs.
      expect(problems.filter((p) => !failedLoad(401).test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
