// The app's side of the server's first render (src/app/server-render.ts, src/main.tsx):
// what it takes from the page, and the screen drawn over it without a loading view.
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { serverRender, tookOver } from '@/app/server-render';
import { SERVER_STATE_ID, serverRenderedScreen } from '@/app/server-rendered';
import { lazyScreen, preloadScreen } from '@/pwa/chunk-load';

function page(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVER_STATE_ID;
  script.textContent = json;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(SERVER_STATE_ID)?.remove();
  document.getElementById('root')?.remove();
  document.documentElement.classList.remove('attar-render-stale');
});

describe('the server\'s first render, taken over by the app', () => {
  const state = { mutations: [], queries: [{ queryKey: ['home', 'en'], queryHash: '["home","en"]', state: { data: { x: 1 }, status: 'success' } }] };

  it('takes the answers of a page rendered in the shopper\'s language, once', () => {
    page(JSON.stringify({ lang: 'en', screen: 'home', state }));
    expect(serverRender('en')).toEqual({ lang: 'en', screen: 'home', state });
    // Read once: the element leaves the page, so a second read (or a later page) finds nothing.
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
    expect(serverRender('en')).toBeNull();
  });

  it('takes nothing rendered in the other language, nor what does not parse', () => {
    page(JSON.stringify({ lang: 'en', screen: 'home', state }));
    expect(serverRender('ar')).toBeNull();
    page('{"lang":"en",');
    expect(serverRender('en')).toBeNull();
    page(JSON.stringify({ lang: 'en', screen: 'home', state: null }));
    expect(serverRender('en')).toBeNull();
    expect(serverRender('en')).toBeNull();
  });

  it('once taken over, the page answers input and a page hidden for its language shows', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('inert', '');
    document.body.append(root);
    document.documentElement.classList.add('attar-render-stale');
    tookOver();
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.documentElement.classList.contains('attar-render-stale')).toBe(false);
  });

  it('renders the catalog\'s screens, and none that is a shopper\'s own or holds a form', () => {
    expect(['/', '/products', '/products/', '/products/category/3', '/products/product-details/12', '/offers', '/bestSeller', '/about-us'].map(serverRenderedScreen))
      .toEqual(['home', 'products', 'products', 'category', 'product-details', 'offers', 'best-seller', 'about']);
    for (const path of ['/cart', '/carts', '/wishlist', '/myAccount', '/payment-session/info', '/sign-in', '/contact-us', '/products/product-details/x', '/nowhere']) {
      expect(serverRenderedScreen(path), path).toBeUndefined();
    }
  });

  it('a screen whose code is preloaded draws at once, with no loading view in its place', async () => {
    const Screen = lazyScreen('test-screen', async () => ({ default: () => <p>the screen</p> }));
    await preloadScreen('test-screen');
    render(<Suspense fallback={<p>loading</p>}><Screen /></Suspense>);
    // Synchronously, in the first commit: no fallback was ever shown.
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a screen not yet loaded shows the loading view, then itself', async () => {
    let arrive!: () => void;
    const Screen = lazyScreen('test-late', () => new Promise<{ default: ComponentType }>((resolve) => { arrive = () => resolve({ default: () => <p>late screen</p> }); }));
    render(<Suspense fallback={<p>loading</p>}><Screen /></Suspense>);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('late screen')).toBeTruthy();
    // An unknown name preloads nothing, and does not fail.
    await expect(preloadScreen('no-such-screen')).resolves.toBeUndefined();
  });
});
