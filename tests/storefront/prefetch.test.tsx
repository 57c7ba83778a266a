// Prefetching the next likely screen's code: what is next from
// where, what is asked, and when nothing is.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { likelyNext, PREFETCH_META, PREFETCHED_PARTS, PREFETCHED_SCREENS } from '@/pwa/prefetch-plan';
import { screensOf } from '@/app/route-manifest';
import { mayPrefetch, prefetchScreens, PrefetchNext, PREFETCH_DELAY_MS } from '@/pwa/prefetch';
import { setDataSaver } from '@/lib/data-saver';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = {
  'product-details': ['/assets/product-details-a.js', '/assets/catalog-b.js', '/assets/catalog-c.css'],
  products: ['/assets/products-d.js', '/assets/catalog-b.js'],
  cart: ['/assets/cart-e.js'],
};

const prefetched = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((l) => [l.getAttribute('href'), l.crossOrigin]);

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = PREFETCH_META;
  meta.content = JSON.stringify(FILES);
  document.head.appendChild(meta);
});

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${PREFETCH_META}"], link[rel=prefetch]`).forEach((n) => n.remove());
  delete (navigator as Navigator & { connection?: unknown }).connection;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.restoreAllMocks();
  // The connection back: a failed prefetch of one test does not hold back the next.
  window.dispatchEvent(new Event('online'));
  onlineManager.setOnline(true);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the plan', () => {
  it('names the next screen from each page', () => {
    expect(likelyNext('/')).toEqual(['product-details']);
    for (const list of ['/products', '/products/category/3', '/offers', '/bestSeller', '/wishlist']) expect(likelyNext(list), list).toEqual(['product-details']);
    expect(likelyNext('/products/product-details/7')).toEqual(['swiper', 'cart']);
    expect(likelyNext('/cart')).toEqual(['payment-session/layout', 'payment-session/info']);
    expect(likelyNext('/carts')).toEqual(['payment-session/layout', 'payment-session/info']);
    for (const none of ['/myAccount', '/sign-in', '/payment-session/info', '/order-is-done']) expect(likelyNext(none), none).toEqual([]);
  });

  it('names only screens the router loads lazily, by the router\'s own names, and parts by the module loaded lazily', () => {
    // The router loads the manifest's screens lazily, by these names (route-manifest.test.tsx).
    const screens = screensOf();
    for (const screen of PREFETCHED_SCREENS) {
      const part = PREFETCHED_PARTS[screen];
      if (part) {
        expect(fs.existsSync(path.join(ROOT, part)), screen).toBe(true);
        continue;
      }
      expect(screens, screen).toContain(screen);
      expect(fs.existsSync(path.join(ROOT, `src/app/routes/${screen}.tsx`)), screen).toBe(true);
    }
    // Swiper: the carousel imports it lazily, the module the build finds its files from.
    expect(fs.readFileSync(path.join(ROOT, 'src/features/product/components/carousel.tsx'), 'utf8')).toContain("import('./swiper-carousel')");
    expect(PREFETCHED_PARTS.swiper).toBe('src/features/product/components/swiper-carousel.tsx');
  });
});

describe('prefetchScreens', () => {
  it('asks each file of the screens once, in CORS mode, and not what the page has fetched already', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: `${location.origin}/assets/catalog-c.css` } as PerformanceEntry]);
    // Two screens sharing a file: it is asked once.
    expect(prefetchScreens(['product-details', 'products'])).toEqual(['/assets/product-details-a.js', '/assets/catalog-b.js', '/assets/products-d.js']);
    expect(prefetched()).toEqual([
      ['/assets/product-details-a.js', ''], ['/assets/catalog-b.js', ''], ['/assets/products-d.js', ''],
    ]);
    // Asked already: nothing more.
    expect(prefetchScreens(['products'])).toEqual([]);
    expect(prefetched()).toHaveLength(3);
  });

  it('asks nothing where the build wrote no list (the dev server)', () => {
    document.head.querySelector(`meta[name="${PREFETCH_META}"]`)!.remove();
    expect(prefetchScreens(['cart'])).toEqual([]);
    expect(prefetched()).toEqual([]);
  });
});

describe('mayPrefetch', () => {
  const connection = (value: object) => Object.defineProperty(navigator, 'connection', { configurable: true, value: Object.assign(new EventTarget(), value) });

  it('yes online on a usual connection', () => {
    expect(mayPrefetch()).toBe(true);
    connection({ effectiveType: '4g' });
    expect(mayPrefetch()).toBe(true);
  });

  it('no with data saver on, by the shopper or by the browser', () => {
    setDataSaver(true);
    expect(mayPrefetch()).toBe(false);
    localStorage.clear();
    connection({ saveData: true });
    expect(mayPrefetch()).toBe(false);
  });

  it('no offline, or on 2G', () => {
    onlineManager.setOnline(false);
    expect(mayPrefetch()).toBe(false);
    onlineManager.setOnline(true);
    // The browser's own word, though nothing has told TanStack Query yet (a page opened offline).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(mayPrefetch()).toBe(false);
    vi.restoreAllMocks();
    for (const effectiveType of ['2g', 'slow-2g']) {
      connection({ effectiveType });
      expect(mayPrefetch(), effectiveType).toBe(false);
    }
  });
});

describe('PrefetchNext', () => {
  const mount = (at: string) => render(<MemoryRouter initialEntries={[at]}><PrefetchNext /></MemoryRouter>);

  it('asks for the next screen\'s code a moment after the page has loaded, not before', () => {
    vi.useFakeTimers();
    mount('/products/product-details/3');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS - 1));
    expect(prefetched()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(prefetched()).toEqual([['/assets/cart-e.js', '']]);
  });

  it('asks nothing with data saver on, and nothing from a page with no likely next', () => {
    vi.useFakeTimers();
    setDataSaver(true);
    const { unmount } = mount('/');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS * 3));
    expect(prefetched()).toEqual([]);
    unmount();
    localStorage.clear();
    mount('/myAccount');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS * 3));
    expect(prefetched()).toEqual([]);
  });

  it('asks nothing once the shopper has left the page before the moment came', () => {
    vi.useFakeTimers();
    const { unmount } = mount('/');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS / 2));
    unmount();
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS * 3));
    expect(prefetched()).toEqual([]);
  });
});

describe('offline', () => {
  const mount = (at: string) => render(<MemoryRouter initialEntries={[at]}><PrefetchNext /></MemoryRouter>);
  const browserOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  const link = (href: string) => document.head.querySelector<HTMLLinkElement>(`link[rel=prefetch][href="${href}"]`)!;

  it('asks nothing while the browser is offline, and asks once it is back online', () => {
    vi.useFakeTimers();
    browserOnline(false);
    mount('/products/product-details/3');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS * 3));
    expect(prefetched()).toEqual([]);

    browserOnline(true);
    act(() => { window.dispatchEvent(new Event('online')); });
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS));
    expect(prefetched()).toEqual([['/assets/cart-e.js', '']]);
  });

  it('after a prefetch fails, asks nothing more, on any page, until the browser says it is online; then asks the failed file again', () => {
    vi.useFakeTimers();
    // The browser still believes it is online: a network that lets nothing through.
    const product = mount('/products/product-details/3');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS));
    expect(prefetched()).toEqual([['/assets/cart-e.js', '']]);
    act(() => { link('/assets/cart-e.js').dispatchEvent(new Event('error')); });
    expect(prefetched()).toEqual([]);
    expect(mayPrefetch()).toBe(false);

    product.unmount();
    const home = mount('/');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS * 3));
    expect(prefetched()).toEqual([]);
    home.unmount();
    mount('/products/product-details/3');
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS * 3));
    expect(prefetched()).toEqual([]);

    act(() => { window.dispatchEvent(new Event('online')); });
    act(() => vi.advanceTimersByTime(PREFETCH_DELAY_MS));
    expect(prefetched()).toEqual([['/assets/cart-e.js', '']]);
  });

  it('hands each prefetched file that arrived to the service worker to keep, so it opens offline later', () => {
    const postMessage = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
    prefetchScreens(['cart', 'products']);
    act(() => { link('/assets/cart-e.js').dispatchEvent(new Event('load')); });
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: [`${location.origin}/assets/cart-e.js`] } });
    // One that failed is not handed over.
    act(() => { link('/assets/products-d.js').dispatchEvent(new Event('error')); });
    expect(postMessage).toHaveBeenCalledTimes(1);
  });
});
