import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileBoot } from '../../scripts/vite/inline-boot';
import { request } from '@/lib/api-client';
import { EARLY_ANSWER_MAX_AGE_MS } from '@/lib/early-data';
import { QueryClient } from '@tanstack/react-query';
import { pathsOf, ROUTES, SHELL_CALLS } from '@/app/route-manifest';
import { homeQuery } from '@/features/catalog/api/get-home';
import { productsQuery } from '@/features/catalog/api/get-products';
import { productQuery } from '@/features/product/api/get-product';
import { cartQuery } from '@/features/cart/api/get-cart';
import { footerQuery } from '@/features/content/api/get-footer';
import { fakeApi } from './render';
import { PRODUCT_PAGE_SIZES } from '@/lib/image-sources';

const TOKEN = 'token-123456789012345';
const answer = (message: string) => Promise.resolve(new Response(JSON.stringify({ status: 200, message, data: { from: message } }), { status: 200 }));

/** The boot script as the build writes it into index.html: src/boot.ts compiled, with the route manifest's calls. */
let BOOT = '';
beforeAll(async () => {
  BOOT = await compileBoot();
});

afterEach(() => {
  delete window.__attarEarly;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The boot script (inlined in index.html) as the page runs it, at `url`, with what localStorage holds; returns what it asked. */
function runBoot(url: string, data: Record<string, unknown> = {}) {
  document.head.querySelectorAll('link[rel=modulepreload], link[rel=preload]').forEach((l) => l.remove());
  const tag = document.createElement('script');
  tag.setAttribute('data-catalog-en', '/assets/messages-en.js');
  tag.setAttribute('data-catalog-ar', '/assets/messages-ar.js');
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  const asked: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', vi.fn((input: string, init: { headers: Record<string, string> }) => {
    asked.push({ url: input, headers: init.headers });
    if (input in data) return Promise.resolve(new Response(JSON.stringify({ status: 200, message: `early ${input}`, data: data[input] }), { status: 200 }));
    return answer(`early ${input}`);
  }));
  window.history.replaceState({}, '', url);
  new Function(BOOT)();
  window.history.replaceState({}, '', '/');
  return asked;
}

describe('the first screen\'s data, asked by the boot script before the app\'s code arrives', () => {
  it('asks, for each first screen, exactly the calls the app will make, with the same headers', () => {
    localStorage.setItem('userToken', TOKEN);
    localStorage.setItem('lang', 'ar');
    const auth = `Bearer ${TOKEN}`;
    // Every page: the footer's best sellers and the banner's home data.
    expect(runBoot('/')).toEqual([
      { url: '/api/products/bestseller', headers: { lang: 'ar', authorization: auth } },
      { url: '/api/home', headers: { lang: 'ar', authorization: auth } },
    ]);
    // Product details are asked without the token (api/get-product.ts).
    expect(runBoot('/products/product-details/7').slice(2)).toEqual([{ url: '/api/products/details/7', headers: { lang: 'ar' } }]);
    expect(runBoot('/cart').slice(2)).toEqual([{ url: '/api/showCard', headers: { lang: 'ar', authorization: auth } }]);
    expect(runBoot('/products').slice(2)).toEqual([{ url: '/api/products', headers: { lang: 'ar', authorization: auth } }]);
    // A filtered list's call depends on the page's own reading of the URL: left to the app.
    expect(runBoot('/products?sort=price').slice(2)).toEqual([]);
    localStorage.removeItem('userToken');
    expect(runBoot('/cart').slice(2)).toEqual([]);
    expect(runBoot('/about-us')).toEqual([
      { url: '/api/products/bestseller', headers: { lang: 'ar' } },
      { url: '/api/home', headers: { lang: 'ar' } },
    ]);
  });

  it('is one small script: no library, no route table beyond the calls it makes', () => {
    // It runs before the first paint on slow phones (3.2 KiB when written; 4.1 KiB once it also took
    // the language a link names, ?lang=ar, so such a page is right-to-left from its first paint).
    expect(BOOT.length).toBeLessThan(4352);
    expect(BOOT).not.toMatch(/\bimport\b|<\/script/);
    expect(BOOT).not.toContain('my-account');
    expect(BOOT).not.toContain('serverRendered');
  });

  it('asks at each of a route\'s paths the call the route manifest gives it, and the shell\'s on every page', () => {
    localStorage.setItem('userToken', TOKEN);
    localStorage.setItem('lang', 'en');
    const shell = SHELL_CALLS.map((call) => `/api${call.api}`);
    const routes = ROUTES.filter((route) => route.early);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const call = route.early!;
      for (const declared of pathsOf(route)) {
        const asked = runBoot(declared.replace(/:\w+/g, '7')).map((a) => a.url);
        const own = `/api${call.api.replace(/:\w+/g, '7')}`;
        expect(asked, declared).toEqual(shell.includes(own) ? shell : [...shell, own]);
      }
    }
  });

  it('preloads the shopper\'s catalog, and only it, online or not (the worker has the files)', () => {
    const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.getAttribute('href'));
    localStorage.setItem('lang', 'ar');
    runBoot('/');
    expect(preloaded()).toEqual(['/assets/messages-ar.js']);
    localStorage.setItem('lang', 'en');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    runBoot('/products/product-details/7');
    expect(preloaded()).toEqual(['/assets/messages-en.js']);
  });

  it('preloads the image the first screen paints largest once its answer names it, and the app still reads that answer', async () => {
    const images = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')].map((l) => [l.getAttribute('href'), l.getAttribute('fetchpriority')]);
    localStorage.setItem('lang', 'en');
    runBoot('/products/product-details/7', { '/api/products/details/7': { OverView_Product: { main_image: '/media/products/oud.svg' } } });
    await vi.waitFor(() => expect(images()).toEqual([['/media/products/oud.svg', 'high']]));
    // The answer's body is still the app's to read.
    const api = fakeApi({});
    expect((await request<{ OverView_Product: { main_image: string } }>('/products/details/7', { lang: 'en' })).data.OverView_Product.main_image).toBe('/media/products/oud.svg');
    expect(api.calls).toEqual([]);

    runBoot('/', { '/api/home': { Data_home_page: { hero_image: '/media/hero.svg' } } });
    await vi.waitFor(() => expect(images()).toEqual([['/media/hero.svg', 'high']]));
    runBoot('/products', { '/api/products': { products: [{ image: '/media/a.svg' }, { image: '/media/b.svg' }, { image: '/media/c.svg' }] } });
    await vi.waitFor(() => expect(images()).toEqual([['/media/a.svg', 'high'], ['/media/b.svg', 'high']]));
    // Nothing but the shop's own paths; an answer without the image preloads nothing.
    for (const elsewhere of ['https://elsewhere.example/x.svg', '//elsewhere.example/x.svg']) {
      runBoot('/', { '/api/home': { Data_home_page: { hero_image: elsewhere } } });
      await new Promise((r) => setTimeout(r, 20));
      expect(images()).toEqual([]);
    }
    runBoot('/products/product-details/8');
    await new Promise((r) => setTimeout(r, 20));
    expect(images()).toEqual([]);
  });

  it('preloads a photo with widths as its <img> will ask for it: srcset and the screen\'s sizes, or with data saver the smallest alone', async () => {
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')]
      .map((l) => [l.getAttribute('href'), l.getAttribute('imagesrcset'), l.getAttribute('imagesizes')]);
    const variants = [
      { width: 320, height: 240, url: '/media/products/aaaaaaaaaaaaaaaa-320.webp', type: 'image/webp' },
      { width: 1024, height: 768, url: '/media/products/bbbbbbbbbbbbbbbb-1024.webp', type: 'image/webp' },
    ];
    const details = { '/api/products/details/7': { OverView_Product: { main_image: variants[1].url, main_image_width: 4000, main_image_height: 3000, main_image_variants: variants } } };
    localStorage.setItem('lang', 'en');
    runBoot('/products/product-details/7', details);
    await vi.waitFor(() => expect(preloads()).toEqual([[
      variants[1].url, '/media/products/aaaaaaaaaaaaaaaa-320.webp 320w, /media/products/bbbbbbbbbbbbbbbb-1024.webp 1024w', PRODUCT_PAGE_SIZES,
    ]]));
    localStorage.setItem('data saver', 'on');
    try {
      runBoot('/products/product-details/7', details);
      await vi.waitFor(() => expect(preloads()).toEqual([[variants[0].url, null, null]]));
      runBoot('/products', { '/api/products': { products: [{ image: variants[1].url, image_width: 4000, image_height: 3000, image_variants: variants }] } });
      await vi.waitFor(() => expect(preloads()).toEqual([[variants[0].url, null, null]]));
    } finally {
      localStorage.removeItem('data saver');
    }
  });

  it('asks nothing on a page the server rendered in the shopper\'s language, and hides one rendered in the other', () => {
    const meta = document.createElement('meta');
    meta.name = 'attar-server-render';
    meta.content = 'en';
    meta.setAttribute('data-screen', '');
    document.head.prepend(meta);
    try {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('userToken', TOKEN);
      // The page holds the first screen's data and its images: nothing to ask twice.
      expect(runBoot('/products')).toEqual([]);
      expect(document.documentElement.classList.contains('attar-render-stale')).toBe(false);
      expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(1);
      // A page rendered as its shell alone (the cart): the shell's data is in it, the screen's is asked.
      meta.removeAttribute('data-screen');
      expect(runBoot('/cart')).toEqual([{ url: '/api/showCard', headers: { lang: 'en', authorization: `Bearer ${TOKEN}` } }]);
      localStorage.removeItem('userToken');
      // Rendered in English for a shopper who reads Arabic: hidden until the app draws it in Arabic, which asks as usual.
      localStorage.setItem('lang', 'ar');
      expect(runBoot('/products').map((a) => a.url)).toEqual(['/api/products/bestseller', '/api/home', '/api/products']);
      expect(document.documentElement.classList.contains('attar-render-stale')).toBe(true);
    } finally {
      meta.remove();
      document.documentElement.classList.remove('attar-render-stale');
    }
  });

  it('runs the app\'s code once the page has loaded and painted, not before', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const tag = document.createElement('script');
    tag.setAttribute('data-entry', '/assets/index-abc.js');
    // The steps the entry runs (src/main.tsx); the page already preloads one of them.
    tag.setAttribute('data-code', '/assets/react-dom-abc.js /assets/shell-abc.js');
    const already = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: '/assets/shell-abc.js' });
    document.head.append(already);
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
    vi.stubGlobal('fetch', vi.fn(() => answer('early')));
    new Function(BOOT)();
    const entry = () => document.head.querySelector('script[src="/assets/index-abc.js"]');
    const preloads = () => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')).filter((href) => href?.endsWith('-abc.js'));
    expect(entry()).toBeNull();
    window.dispatchEvent(new Event('load'));
    expect(entry()).toBeNull();
    // The frame after load, then a task after it.
    frames.forEach((frame) => frame(0));
    expect(entry()).toBeNull();
    expect(preloads()).toEqual(['/assets/shell-abc.js']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(entry()).toMatchObject({ type: 'module', crossOrigin: '' });
    // Each step asked with the entry, once, so none waits for its file after the one before it.
    expect(preloads()).toEqual(['/assets/shell-abc.js', '/assets/react-dom-abc.js']);
    const added = document.head.querySelector<HTMLLinkElement>('link[href="/assets/react-dom-abc.js"]')!;
    expect(added.crossOrigin).toBe('');
    expect(added.compareDocumentPosition(entry()!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    entry()!.remove();
  });

  it('runs the app\'s code 2.5 s after the document if a picture holds the load back, and frees the page if it fails', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => { callback(0); return 0; });
      vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
      const tag = document.createElement('script');
      tag.setAttribute('data-entry', '/assets/index-late.js');
      vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
      vi.stubGlobal('fetch', vi.fn(() => answer('early')));
      const page = document.createElement('div');
      page.id = 'root';
      page.setAttribute('inert', '');
      document.body.append(page);
      document.documentElement.classList.add('attar-render-stale');
      new Function(BOOT)();
      const entry = () => document.head.querySelector<HTMLScriptElement>('script[src="/assets/index-late.js"]');
      document.dispatchEvent(new Event('DOMContentLoaded'));
      vi.advanceTimersByTime(2400);
      expect(entry()).toBeNull();
      vi.advanceTimersByTime(200);
      expect(entry()).not.toBeNull();
      // Its file failed: the server's page works as a page (links), visible in any language.
      entry()!.onerror!(new Event('error'));
      expect(page.hasAttribute('inert')).toBe(false);
      expect(document.documentElement.classList.contains('attar-render-stale')).toBe(false);
      entry()!.remove();
      page.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the shopper\'s language in a cookie, for the server\'s render of the next page', () => {
    localStorage.setItem('lang', 'ar');
    runBoot('/');
    expect(document.cookie).toMatch(/(^|; )lang=ar(;|$)/);
    localStorage.setItem('lang', 'en');
    runBoot('/');
    expect(document.cookie).toMatch(/(^|; )lang=en(;|$)/);
  });

  it('asks nothing offline: the app asks only what the service worker keeps', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(runBoot('/')).toEqual([]);
    expect(window.__attarEarly).toBeUndefined();
  });

  it('the app takes that answer instead of asking again, once', async () => {
    localStorage.setItem('lang', 'en');
    runBoot('/');
    const api = fakeApi({ '/home': () => ({ body: { status: 200, message: 'from the network', data: {} } }) });
    expect((await request('/home', { lang: 'en' })).message).toBe('early /api/home');
    expect(api.calls).toEqual([]);
    // Taken once: the next call goes to the network.
    expect((await request('/home', { lang: 'en' })).message).toBe('from the network');
  });

  it('is what each first screen\'s own query takes: the manifest\'s calls are the app\'s', async () => {
    localStorage.setItem('userToken', TOKEN);
    localStorage.setItem('lang', 'ar');
    // The query each screen with an early call makes first, and the shell's.
    const queries: Record<string, (client: QueryClient) => Promise<unknown>> = {
      home: (client) => client.fetchQuery(homeQuery('ar')),
      products: (client) => client.fetchQuery(productsQuery({}, 'ar')),
      'product-details': (client) => client.fetchQuery(productQuery(7, 'ar')),
      cart: (client) => client.fetchQuery(cartQuery('ar', TOKEN)),
    };
    const routes = ROUTES.filter((route) => route.early);
    expect(routes.map((route) => route.screen).sort()).toEqual(Object.keys(queries).sort());
    for (const route of routes) {
      runBoot(route.path.replace(/:\w+/g, '7'));
      const api = fakeApi({});
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await queries[route.screen](client);
      await client.fetchQuery(footerQuery('ar'));
      if (route.early!.api !== '/home') await client.fetchQuery(homeQuery('ar'));
      expect(api.calls, route.path).toEqual([]);
    }
  });

  it('is not taken for another language or shopper, nor when too old', async () => {
    const api = fakeApi({ '/home': () => ({ body: { status: 200, message: 'from the network', data: {} } }) });
    window.__attarEarly = { at: Date.now(), answers: { '/home|ar|': answer('early, in Arabic') } };
    expect((await request('/home', { lang: 'en' })).message).toBe('from the network');

    localStorage.setItem('userToken', TOKEN);
    window.__attarEarly = { at: Date.now(), answers: { '/home|en|': answer('early, for a visitor') } };
    expect((await request('/home', { lang: 'en' })).message).toBe('from the network');

    localStorage.removeItem('userToken');
    window.__attarEarly = { at: Date.now() - EARLY_ANSWER_MAX_AGE_MS - 1, answers: { '/home|en|': answer('early, stale') } };
    expect((await request('/home', { lang: 'en' })).message).toBe('from the network');
    expect(api.calls).toHaveLength(3);
  });

  it('an early call lost on the network is made again; POSTs never take one', async () => {
    const api = fakeApi({ '/home': () => ({ body: { status: 200, message: 'from the network', data: {} } }), '/addToCard': () => ({ body: { status: 200, message: 'added', data: {} } }) });
    window.__attarEarly = { at: Date.now(), answers: { '/home|en|': Promise.reject(new TypeError('Failed to fetch')), '/addToCard|en|': answer('early') } };
    expect((await request('/home', { lang: 'en' })).message).toBe('from the network');
    expect((await request('/addToCard', { method: 'POST', body: {}, lang: 'en' })).message).toBe('added');
    expect(api.calls.map((c) => c.path)).toEqual(['/home', '/addToCard']);
  });
});
