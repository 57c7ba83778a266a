import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, screen, waitFor, fireEvent, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { Nav } from '@/app/shell/nav';
import { Footer } from '@/app/shell/footer';
import { Price } from '@/components/price';
import { badgeText } from '@/lib/session';
import { fakeApi, renderApp } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => onlineManager.setOnline(true));
});

/** Intl's output without its invisible marks (Arabic's direction marks) and no-break spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200f\u200e\u061c]/g, '').replace(/\u00a0/g, ' ');

const footerBody = (lang: string) => ({
  status: 200,
  message: 'OK',
  data: [],
  footer: { description: lang === 'ar' ? '<p>عطور أصلية</p><script>alert(1)</script>' : '<p>Genuine perfumes</p><img src=x onerror="alert(1)">' },
  linkfooter: { link_twitter: 'https://www.tiktok.com/@attar.eg', link_instegram: 'https://instagram.com/attar.eg', link_facebook: 'https://facebook.com/attar.eg' },
});

describe('the cart badge', () => {
  it.each([[0, null], [1, '1'], [99, '99'], [100, '99+'], [1500, '99+']])('shows %i as %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it('writes the badge in Eastern Arabic digits in Arabic', () => {
    expect(badgeText(7, 'ar')).toBe('٧');
    expect(badgeText(150, 'ar')).toBe('٩٩+');
  });

  it('follows the cart fetched for a signed-in shopper, and names it for screen readers', async () => {
    localStorage.setItem('userToken', 'token-123456789012345');
    localStorage.setItem('cart count', '120');
    fakeApi({});
    renderApp(<Nav />);
    const cart = screen.getByRole('link', { name: 'Cart, more than 99 items' });
    expect(within(cart).getByText('99+')).toBeTruthy();
  });
});

describe('the language switch', () => {
  /** A screen as wide as `width` px, as MUI's useMediaQuery asks it (min-width queries). */
  const screenWidth = (width: number) => vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity) <= width,
    media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
  }));

  it('shows the links in the bar from md up; a phone has them in its drawer only', async () => {
    fakeApi({});
    screenWidth(1280);
    const wide = renderApp(<Nav />);
    expect(screen.getByRole('link', { name: 'Offers' })).toBeTruthy();
    wide.unmount();
    screenWidth(412);
    renderApp(<Nav />);
    expect(screen.queryByRole('link', { name: 'Offers' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('link', { name: 'Offers' })).toBeTruthy();
  });

  it('flips direction, labels, stored choice and digits at once, without a reload', async () => {
    fakeApi({});
    screenWidth(1280);
    renderApp(<><Nav /><Price price={1500} priceAfterSale={1234.5} /></>);
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByTestId('language-toggle').textContent).toBe('العربية');
    expect(screen.getByRole('link', { name: 'Products' })).toBeTruthy();
    expect(plain(screen.getByTestId('price').textContent)).toBe('EGP 1,234.50');

    fireEvent.click(screen.getByTestId('language-toggle'));

    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('lang')).toBe('ar');
    expect(screen.getByTestId('language-toggle').textContent).toBe('English');
    expect(screen.getByRole('link', { name: 'المنتجات' })).toBeTruthy();
    expect(plain(screen.getByTestId('price').textContent)).toBe('١٬٢٣٤٫٥٠ ج.م.');
  });

  it('keeps an address that names its language (?lang=) in step with the choice', async () => {
    fakeApi({});
    screenWidth(1280);
    function Address() {
      const { search } = useLocation();
      return <output data-testid="search">{search}</output>;
    }
    renderApp(<><Nav /><Address /></>, { route: '/products?page=2&lang=en' });
    fireEvent.click(screen.getByTestId('language-toggle'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?page=2&lang=ar'));
    expect(localStorage.getItem('lang')).toBe('ar');
  });

  it('starts in the stored language', () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({});
    renderApp(<Nav />);
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('language-toggle').textContent).toBe('English');
  });
});

describe('the footer', () => {
  it('shows Loading... and then the sanitized description and the three social links', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    fakeApi({ '/products/bestseller': async (lang) => { await gate; return { body: footerBody(lang) }; } });
    renderApp(<Footer />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    release();
    await screen.findByText('Genuine perfumes');
    expect(document.querySelector('footer img[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'TikTok' }).getAttribute('href')).toBe('https://www.tiktok.com/@attar.eg');
    expect(screen.getByRole('link', { name: 'Instagram' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeTruthy();
    expect(screen.getByText(/2024/)).toBeTruthy();
  });

  it('shows "Error: " and the message when loading fails', async () => {
    fakeApi({ '/products/bestseller': () => ({ status: 500, body: { status: 500, message: 'Something went wrong on our side.' } }) });
    renderApp(<Footer />);
    // (After its one retry.)
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error: Something went wrong on our side.');
  });

  it('offline with no copy on this device, says so quietly instead of loading forever, and asks nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = fakeApi({ '/products/bestseller': (lang) => ({ body: footerBody(lang) }) });
    renderApp(<Footer />);
    expect(await screen.findByText('You are offline. The rest of the footer will show once you reconnect.')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // Its links still work.
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
    // Back online, it loads.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Genuine perfumes')).toBeTruthy();
  });

  it('reloads in the new language when the language changes', async () => {
    const { calls } = fakeApi({ '/products/bestseller': (lang) => ({ body: footerBody(lang) }) });
    renderApp(<><Nav /><Footer /></>);
    await screen.findByText('Genuine perfumes');
    fireEvent.click(screen.getByTestId('language-toggle'));
    await screen.findByText('عطور أصلية');
    expect(document.querySelector('footer script')).toBeNull();
    expect(calls.filter((c) => c.path === '/products/bestseller').map((c) => c.lang)).toEqual(['en', 'ar']);
  });
});

describe('page titles', () => {
  it('name the screen and the shop in the active language', async () => {
    const { usePageTitle } = await import('@/lib/page-title');
    function Screen({ title }: { title?: string }) {
      usePageTitle(title);
      return null;
    }
    fakeApi({});
    const { rerender } = renderApp(<Screen title="Offers" />);
    expect(document.title).toBe('Offers | Attar');
    rerender(<Screen />);
    expect(document.title).toBe('Attar');
  });

  it('keep the description as the server wrote it, in plain text cut at a word', async () => {
    const { plainDescription, usePageTitle } = await import('@/lib/page-title');
    document.head.innerHTML = '<meta name="description" content="from the server">';
    function Screen({ description }: { description?: string }) {
      usePageTitle('Offers', description);
      return null;
    }
    fakeApi({});
    const { rerender } = renderApp(<Screen />);
    // None of its own: the page's stays.
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('from the server');
    rerender(<Screen description="Perfumes on sale" />);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Perfumes on sale');
    expect(plainDescription('<p>Oud &amp; amber</p><p>For <b>evenings</b></p><img src=x onerror="alert(1)">')).toBe('Oud & amber. For evenings');
    // A list reads as sentences, not run together.
    expect(plainDescription('<ul><li>Top: saffron</li><li>Heart: rose،</li><li>Base: musk</li></ul>')).toBe('Top: saffron. Heart: rose، Base: musk');
    const long = plainDescription(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });

  it('keep the canonical address and the other language\'s as the shopper navigates, from the server\'s origin', async () => {
    const { usePageAddresses } = await import('@/app/shell/use-page-addresses');
    const { useNavigate } = await import('react-router-dom');
    document.head.innerHTML = '<link rel="canonical" href="https://attar.example/offers?page=3&lang=en">';
    function Shell() {
      usePageAddresses();
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => navigate('/products/product-details/7?sort=x')}>product</button>
          <button type="button" onClick={() => navigate('/cart')}>cart</button>
          <button type="button" onClick={() => navigate('/products?page=2&q=oud&lang=en')}>list</button>
        </>
      );
    }
    fakeApi({});
    renderApp(<Shell />, { route: '/offers?page=3&lang=en' });
    const links = () => Object.fromEntries([...document.head.querySelectorAll('link')].map((l) => [`${l.rel}${l.hreflang ? ` ${l.hreflang}` : ''}`, l.getAttribute('href')]));
    expect(links()).toEqual({
      canonical: 'https://attar.example/offers?page=3&lang=en',
      'alternate en': 'https://attar.example/offers?page=3&lang=en',
      'alternate ar': 'https://attar.example/offers?page=3&lang=ar',
      'alternate x-default': 'https://attar.example/offers?page=3',
    });
    fireEvent.click(screen.getByRole('button', { name: 'product' }));
    // A bare address is its own canonical page (x-default); one with ?lang= is its language's.
    expect(links().canonical).toBe('https://attar.example/products/product-details/7');
    expect(links()['alternate ar']).toBe('https://attar.example/products/product-details/7?lang=ar');
    fireEvent.click(screen.getByRole('button', { name: 'cart' }));
    expect(links()).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'list' }));
    expect(links().canonical).toBe('https://attar.example/products?page=2&lang=en');
    expect(links()['alternate x-default']).toBe('https://attar.example/products?page=2');
  });

  it('leave the server\'s "noindex" page without addresses, and drop its noindex past it', async () => {
    const { usePageAddresses } = await import('@/app/shell/use-page-addresses');
    const { useNavigate } = await import('react-router-dom');
    document.head.innerHTML = '<meta name="robots" content="noindex">';
    function Shell() {
      usePageAddresses();
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate('/products/product-details/1')}>product</button>;
    }
    fakeApi({});
    renderApp(<Shell />, { route: '/products/product-details/999999' });
    expect(document.head.querySelector('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'product' }));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${location.origin}/products/product-details/1`);
  });
});

describe('the cart fetched on mount', () => {
  it('sets the badge and keeps the points in localStorage when nonzero', async () => {
    const { Layout } = await import('@/app/shell/layout');
    localStorage.setItem('userToken', 'token-123456789012345');
    const cart = { card_count: 3, points: 1200 };
    fakeApi({
      '/showCard': () => ({ body: { status: 200, message: 'OK', data: cart } }),
      '/home': () => ({ body: { status: 200, message: 'OK', data: { Data_home_page: { message_nav: 'Hello' } } } }),
      '/products/bestseller': (lang) => ({ body: footerBody(lang) }),
    });
    const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
    const { render } = await import('@testing-library/react');
    const { AppProvider, makeQueryClient } = await import('@/app/provider');
    // A memory router lets the test read where the shell navigated.
    const router = createMemoryRouter([{ element: <Layout />, children: [{ index: true, element: <p>home</p> }] }]);
    render(<AppProvider queryClient={makeQueryClient()}><RouterProvider router={router} /></AppProvider>);
    await waitFor(() => expect(localStorage.getItem('cart count')).toBe('3'));
    expect(localStorage.getItem('points')).toBe('1200');
    // The count is stored as the answer arrives; the bar shows it in the render that follows.
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });
});

describe('an expired token on a public page', () => {
  it('signs the shopper out quietly and leaves them where they were', async () => {
    const { Layout } = await import('@/app/shell/layout');
    const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
    const { render } = await import('@testing-library/react');
    const { AppProvider, makeQueryClient } = await import('@/app/provider');
    localStorage.setItem('userToken', 'expired-token-1234567');
    localStorage.setItem('cart count', '4');
    localStorage.setItem('points', '1200');
    fakeApi({
      '/showCard': () => ({ status: 401, body: { status: 401, message: 'Please log in first.' } }),
      '/home': () => ({ body: { status: 200, message: 'OK', data: { Data_home_page: { message_nav: 'Hello' } } } }),
      '/products/bestseller': (lang) => ({ body: footerBody(lang) }),
    });
    const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '/products/product-details/2', element: <p>the product</p> }] }], {
      initialEntries: ['/products/product-details/2'],
    });
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(<AppProvider queryClient={queryClient}><RouterProvider router={router} /></AppProvider>);
    await waitFor(() => expect(localStorage.getItem('userToken')).toBeNull());
    expect(localStorage.getItem('cart count')).toBe('0');
    expect(localStorage.getItem('points')).toBeNull();
    expect(router.state.location.pathname).toBe('/products/product-details/2');
    expect(screen.getByText('the product')).toBeTruthy();
  });
});

describe('forgetting the shopper on this device', () => {
  async function renderLayout(start: string) {
    const { Layout } = await import('@/app/shell/layout');
    const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
    const { render } = await import('@testing-library/react');
    const { AppProvider, makeQueryClient } = await import('@/app/provider');
    const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '*', element: <p>a page</p> }] }], { initialEntries: [start] });
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    queryClient.setQueryData(['orders', 'list', 1, 'en', 'token-123456789012345'], { orders: [], meta: {} });
    render(<AppProvider queryClient={queryClient}><RouterProvider router={router} /></AppProvider>);
    return { router, queryClient };
  }

  function signedInMidCheckout() {
    localStorage.setItem('lang', 'en');
    localStorage.setItem('userToken', 'token-123456789012345');
    localStorage.setItem('cart count', '3');
    localStorage.setItem('points', '1200');
    localStorage.setItem('user role', 'staff');
    for (const [k, v] of Object.entries({ userName: 'Mona Adel', userPhone: '01012345678', userAddress: '5', userShipping: 'free', cartId: '7', cartPoints: '0' })) {
      localStorage.setItem(k, v);
    }
    sessionStorage.setItem('attar earlier navigation', JSON.stringify(['payment-session', 'order-is-done']));
    sessionStorage.setItem('attar placed order', JSON.stringify({ id: 1, number: 'ATR-10001', total: 100, payment: 'cach', wallet_phone: '010', delivery_date: '2026-11-28' }));
  }

  const shell = () => ({
    '/home': () => ({ body: { status: 200, message: 'OK', data: { Data_home_page: { message_nav: 'Hello' } } } }),
    '/products/bestseller': (lang: string) => ({ body: footerBody(lang) }),
  });

  it('log-out leaves nothing of the shopper in localStorage, sessionStorage or the query cache but the language', async () => {
    signedInMidCheckout();
    const { fetchMock } = fakeApi({
      ...shell(),
      '/showCard': () => ({ body: { status: 200, message: 'OK', data: { card_count: 3, points: 1200 } } }),
      '/user/logout': () => ({ body: { status: 200, message: 'Logged out.', data: null } }),
    });
    const { router, queryClient } = await renderLayout('/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    // No badge count is left behind: the next visitor's badge starts from nothing, not from this shopper's 0.
    expect(Object.keys(localStorage).sort()).toEqual(['lang']);
    expect(sessionStorage.getItem('attar placed order')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('attar earlier navigation') ?? '[]')).toEqual([]);
    expect(queryClient.getQueryCache().findAll().filter((q) => q.queryKey.includes('token-123456789012345'))).toEqual([]);
    // The server was told, with the token the shopper had.
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/logout'));
    expect((logout?.[1]?.headers as Record<string, string>).authorization).toBe('Bearer token-123456789012345');
  });

  /** Another tab of the shop changed localStorage: this one hears a `storage` event per key. */
  function elsewhere(key: string, newValue: string | null) {
    const oldValue = localStorage.getItem(key);
    if (newValue === null) localStorage.removeItem(key);
    else localStorage.setItem(key, newValue);
    act(() => { window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue })); });
  }

  it('a log-out in another tab signs this one out too: its menu, badge, tab\'s own memory and queries, writing nothing', async () => {
    signedInMidCheckout();
    fakeApi({ ...shell(), '/showCard': () => ({ body: { status: 200, message: 'OK', data: { card_count: 3, points: 1200 } } }) });
    const { queryClient } = await renderLayout('/products');
    await screen.findByRole('link', { name: 'Cart, 3 items' });
    // The other tab: its signal, then everything but the device's settings, then the badge at 0.
    elsewhere('logging out', '1');
    for (const key of Object.keys(localStorage)) if (key !== 'lang') elsewhere(key, null);
    elsewhere('cart count', '0');
    const left = JSON.stringify(localStorage);

    expect(await screen.findByRole('link', { name: 'Cart' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem('attar placed order')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('attar earlier navigation') ?? '[]')).toEqual([]);
    expect(queryClient.getQueryCache().findAll().filter((q) => q.queryKey.includes('token-123456789012345'))).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(JSON.stringify(localStorage)).toBe(left);
  });

  it('a 401 in another tab signs this one out too, keeping the checkout in progress there as that tab did', async () => {
    signedInMidCheckout();
    fakeApi({ ...shell(), '/showCard': () => ({ body: { status: 200, message: 'OK', data: { card_count: 3, points: 1200 } } }) });
    const { queryClient } = await renderLayout('/products');
    await screen.findByRole('link', { name: 'Cart, 3 items' });
    elsewhere('userToken', null);
    elsewhere('cart count', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign in' })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('attar earlier navigation') ?? '[]')).toEqual(['payment-session']);
    expect(localStorage.getItem('cartId')).toBe('7');
    expect(queryClient.getQueryCache().findAll().filter((q) => q.queryKey.includes('token-123456789012345'))).toEqual([]);
  });

  it('an expired token keeps a checkout in progress for when the shopper signs in again, and nothing else', async () => {
    signedInMidCheckout();
    fakeApi({ ...shell(), '/showCard': () => ({ status: 401, body: { status: 401, message: 'Please log in first.' } }) });
    const { queryClient } = await renderLayout('/products');
    await waitFor(() => expect(localStorage.getItem('userToken')).toBeNull());
    expect(localStorage.getItem('userName')).toBe('Mona Adel');
    expect(localStorage.getItem('cartId')).toBe('7');
    expect(JSON.parse(sessionStorage.getItem('attar earlier navigation') ?? '[]')).toEqual(['payment-session']);
    expect(sessionStorage.getItem('attar placed order')).toBeNull();
    expect(queryClient.getQueryCache().findAll().filter((q) => q.queryKey.includes('token-123456789012345'))).toEqual([]);
  });
});
