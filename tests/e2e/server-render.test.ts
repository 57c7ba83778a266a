// The first screen rendered on the server (docs/decisions.md, "The server renders the first
// screen"; server/plugins/external/storefront-render.ts, src/entry-server.tsx): the page a shopper
// sees before the app's code has arrived, then the app's own drawing of it, against the real server
// and its built render.
import { describe, expect, it } from 'vitest';
import { plain, seriousViolations, useShopAndBrowser, visit } from './harness.ts';
import { apiSignIn, catalogGet, failedLoad } from './journey-helpers.ts';

const env = useShopAndBrowser();

interface Listed { products: { id: number; name: string }[] }

async function page(path: string, cookie?: string) {
  const res = await fetch(env.shop.url + path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text(), vary: res.headers.get('vary') };
}

async function firstProducts(lang: 'en' | 'ar') {
  return (await catalogGet<Listed>(env.shop.url, '/products', lang)).products;
}

const STATE = /<script type="application\/json" id="attar-server-state">([\s\S]*?)<\/script>/;

describe('pages the server renders', () => {
  it('sends the product list with its products, in the language of the cookie, for reading until the app takes it', async () => {
    const [en, ar] = await Promise.all([firstProducts('en'), firstProducts('ar')]);
    const english = await page('/products');
    expect(english.status).toBe(200);
    expect(english.vary).toMatch(/cookie/i);
    expect(english.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(english.html).toContain('<div id="root" inert>');
    expect(english.html).toContain('>Products</h1>');
    for (const product of en.slice(0, 4)) expect(english.html).toContain(product.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    // The style rules its markup uses (its own stylesheets: the list is plain CSS, with nothing of
    // MUI's or Emotion's), and the answers it was made from, for the app to start from.
    expect(english.html).toMatch(/<style>[^<]*\.attar-filters\{/);
    expect(english.html).not.toContain('data-emotion');
    const state = JSON.parse(STATE.exec(english.html)![1]) as { lang: string; screen: string; state: { queries: { queryKey: unknown[] }[] } };
    expect(state.lang).toBe('en');
    expect(state.screen).toBe('products');
    expect(state.state.queries.map((q) => q.queryKey[0])).toEqual(expect.arrayContaining(['products', 'home']));

    const arabic = await page('/products', 'lang=ar');
    expect(arabic.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic.html).toContain('>المنتجات</h1>');
    expect(arabic.html).toContain(ar[0].name);
    expect(arabic.html).not.toContain('data-emotion');
  });

  it('renders home and a product; of the cart, sign-in, contact and the account, the shell alone', async () => {
    const [product] = await firstProducts('en');
    const details = await page(`/products/product-details/${product.id}`);
    expect(details.html).toContain(`<h1`);
    expect(details.html).toContain(product.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    expect(JSON.parse(STATE.exec((await page('/')).html)![1]).screen).toBe('home');
    for (const path of ['/cart', '/sign-in', '/contact-us', '/myAccount']) {
      const shell = await page(path);
      expect(shell.status, path).toBe(200);
      // The banner, the bar and the loading view: a shopper's own screen, or a form whose typed
      // text the app's drawing would lose, is the app's to draw.
      expect(JSON.parse(STATE.exec(shell.html)![1]).screen, path).toBeNull();
      expect(shell.html, path).toMatch(/<nav[^>]*aria-label="Main"/);
      expect(shell.html, path).toContain('class="attar-loading"');
      expect(shell.html, path).not.toMatch(/<input|<form|Sign in to see your cart/);
    }
  });

  it('renders each page in its own language when pages in both are asked at once', async () => {
    const names = { en: (await firstProducts('en'))[0].name, ar: (await firstProducts('ar'))[0].name };
    const pages = await Promise.all(Array.from({ length: 16 }, (_, i) => page(i % 3 === 0 ? '/' : '/products', i % 2 ? 'lang=ar' : 'lang=en')));
    const rendered = new Set<string>();
    let shells = 0;
    pages.forEach(({ html }, i) => {
      const lang = i % 2 ? 'ar' : 'en';
      const found = STATE.exec(html);
      // Past the renders the server runs at once (MAX_RENDERS), the plain shell: the app draws that page.
      if (!found) {
        expect(html, `page ${i}`).toContain('boot-shell-bar');
        shells += 1;
        return;
      }
      rendered.add(lang);
      const state = JSON.parse(found[1]) as { lang: string; state: { queries: { queryKey: unknown[] }[] } };
      expect(state.lang, `page ${i}`).toBe(lang);
      // Every answer was asked in the page's language, and the text is in it.
      expect(state.state.queries.map((q) => q.queryKey.at(-1)), `page ${i}`).toEqual(state.state.queries.map(() => lang));
      if (i % 3 !== 0) {
        expect(html, `page ${i}`).toContain(lang === 'en' ? '>Products</h1>' : '>المنتجات</h1>');
        // The products themselves, as the API answers in that language (not only the app's own words).
        expect(html, `page ${i}`).toContain(names[lang].replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      }
    });
    expect([...rendered].sort()).toEqual(['ar', 'en']);
    // How many went as the shell depends on timing here; tests/server/storefront-render.test.ts holds the limit.
    expect(shells).toBeLessThan(16);
  });

  it('keeps what the URL carries inside the page\'s data, where it cannot end the script', async () => {
    const hostile = encodeURIComponent('</script><script>alert(1)</script>');
    const { html } = await page(`/products?q=${hostile}`);
    expect(html).not.toContain('<script>alert(1)');
    const state = JSON.parse(STATE.exec(html)![1]) as { state: { queries: { queryKey: unknown[] }[] } };
    expect(JSON.stringify(state.state.queries.map((q) => q.queryKey))).toContain('</script><script>alert(1)</script>');
  });

  it('never serves the render\'s own files', async () => {
    for (const path of ['/ssr/entry-server.js', '/.vite/manifest.json']) expect((await page(path)).status, path).toBe(404);
  });

  it('shows the products with JavaScript off', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 900 } });
    const tab = await context.newPage();
    await tab.goto(`${env.shop.url}/products`);
    const [first] = await firstProducts('en');
    await expect(tab.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Products');
    // inert: readable, not yet usable (text typed into it would be lost when the app draws the page).
    expect(await tab.locator('main').getByText(first.name, { exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a step of the app\'s code that fails to load frees the page: readable and its links followed', async () => {
    const { context, page: tab, problems } = await visit(env.browser, 'en', { serviceWorkers: 'block' });
    // The last of the steps src/main.tsx runs: the app itself.
    await tab.route(/\/assets\/shell-[^/]+\.js$/, (route) => route.abort());
    await tab.goto(`${env.shop.url}/products`);
    await tab.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
    expect(problems.some((p) => p.includes('the app\'s code did not load'))).toBe(true);
    const [first] = await firstProducts('en');
    await tab.locator('main').getByRole('link', { name: first.name }).first().click();
    await tab.waitForURL((url) => url.pathname === `/products/product-details/${first.id}`);
    await context.close();
  });

  it('a signed-in shopper\'s page is drawn afresh: their wishlist\'s hearts are full, and a click removes nothing by mistake', async () => {
    const token = await apiSignIn(env.shop.url);
    const [first] = await firstProducts('en');
    const added = await fetch(`${env.shop.url}/api/fav/add/${first.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, lang: 'en' } });
    expect(added.ok).toBe(true);
    const { context, page: tab, problems } = await visit(env.browser, 'en');
    await context.addInitScript((t) => localStorage.setItem('userToken', t), token);
    await tab.goto(`${env.shop.url}/products`);
    await tab.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
    // The server drew the heart empty (it renders as a visitor); the app's drawing of the page is the shopper's.
    const heart = tab.locator(`[data-fav]`).first();
    await expect.poll(() => heart.getAttribute('data-fav')).toBe('true');
    expect(await heart.getAttribute('aria-label')).toMatch(/remove/i);
    expect(problems.filter((p) => !failedLoad(404).test(p))).toEqual([]);
    await context.close();
  });

  it('takes over the shell alone as it stands, with no hydration message: sign-in, sign-up and the cart of a visitor, in both languages', async () => {
    const pages = [
      ['/sign-in', 'Sign in', 'تسجيل الدخول'],
      ['/sign-up', 'Create an account', 'إنشاء حساب جديد'],
      ['/cart', 'Cart', 'السلة'],
    ] as const;
    for (const lang of ['ar', 'en'] as const) {
      for (const [path, en, ar] of pages) {
        const { context, page: tab, problems } = await visit(env.browser, lang);
        // The server renders in the cookie's language: the app takes that page over (a page in the other language is drawn afresh).
        await context.addCookies([{ name: 'lang', value: lang, url: env.shop.url }]);
        await tab.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            // The server's bar, marked: taken over (hydrated), it is the same element once the screen shows.
            const nav = document.querySelector('#root nav');
            if (nav) (nav as HTMLElement & { fromServer?: boolean }).fromServer = true;
          });
        });
        const res = await tab.goto(env.shop.url + path);
        expect(await res!.text(), path).toContain('class="attar-loading"');
        await tab.getByRole('heading', { level: 1, name: lang === 'en' ? en : ar, exact: true }).waitFor();
        await tab.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
        expect(await tab.evaluate(() => (document.querySelector('#root nav') as HTMLElement & { fromServer?: boolean }).fromServer), `${lang} ${path}`).toBe(true);
        expect(await tab.locator('.attar-loading').count(), `${lang} ${path}`).toBe(0);
        expect(problems, `${lang} ${path}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('the app takes it over as it stands, with no loading view, then answers: in English, in Arabic, and in Arabic from an English cookie', async () => {
    for (const [lang, cookie] of [['en', 'en'], ['ar', 'ar'], ['ar', undefined]] as const) {
      const { context, page: tab, problems } = await visit(env.browser, lang);
      if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: env.shop.url }]);
      // Whether the app's loading view or skeletons were ever in the page before it settled.
      await tab.addInitScript(() => {
        const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
        document.addEventListener('DOMContentLoaded', () => {
          const root = document.getElementById('root')!;
          if (getComputedStyle(root).visibility === 'hidden') seen.push('hidden');
          // The server's heading, marked: taken over by the app (hydrated), it is the same element after.
          const heading = root.querySelector('h1');
          if (heading) (heading as HTMLElement & { fromServer?: boolean }).fromServer = true;
          new MutationObserver(() => {
            if (root.querySelector('.attar-loading, .attar-skeleton')) seen.push('loading');
          }).observe(root, { childList: true, subtree: true });
        });
      });
      await tab.goto(`${env.shop.url}/products`);
      const heading = lang === 'en' ? 'Products' : 'المنتجات';
      await tab.getByRole('heading', { level: 1, name: heading }).waitFor();
      await tab.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
      const seen = await tab.evaluate(() => (window as unknown as { seen: string[] }).seen);
      // English: the server's page, then the app's, with nothing between. Arabic from an English
      // cookie: the English page is never shown; the app draws the Arabic one as on any first visit.
      if (cookie) {
        expect(seen).toEqual([]);
        expect(await tab.evaluate(() => (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer)).toBe(true);
      }
      else expect(seen[0]).toBe('hidden');
      expect(await tab.evaluate(() => document.documentElement.className)).not.toContain('attar-render-stale');
      expect(await tab.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(lang === 'en' ? ['en', 'ltr'] : ['ar', 'rtl']);
      // The app's now: a search typed in the box filters the list.
      const [first] = await firstProducts(lang);
      await tab.getByRole('searchbox', { name: lang === 'en' ? 'Search products' : 'ابحث في المنتجات' }).fill(first.name);
      await tab.waitForURL(/[?&]q=/);
      await expect.poll(async () => plain(await tab.locator('main').getByRole('heading', { level: 3 }).first().textContent())).toBe(first.name);
      expect(await seriousViolations(tab)).toEqual([]);
      // An Arabic page from an English cookie: the app fixed the cookie for the next page.
      expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe(lang);
      expect(problems.filter((p) => !failedLoad(404).test(p))).toEqual([]);
      await context.close();
    }
  });
});
