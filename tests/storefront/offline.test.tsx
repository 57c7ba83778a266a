// Changes made offline wait (shown as waiting), are sent once each,
// in order, with their Idempotency-Key when the connection returns, and a
// failed one is named; the shell says when the shopper is offline.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { UnauthorizedHandler } from '@/app/unauthorized';
import { Layout } from '@/app/shell/layout';
import Cart from '@/app/routes/cart';
import Wishlist from '@/app/routes/wishlist';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { WishButton } from '@/features/wishlist/components/wish-button';
import { useLanguage } from '@/lib/language';
import type { ProductCard } from '@/lib/contract';
import { TOKEN, cartLine, cartOf, json, ok, type CartLine } from './fixtures';
import { fakeApi } from './render';

afterEach(() => {
  // Unmounted first: a test that failed offline must not send its changes into the next one's fake API.
  cleanup();
  act(() => onlineManager.setOnline(true));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Line = CartLine;

/** Every smell chosen, unless told otherwise. */
const line = (over: Partial<Line> = {}): Line => cartLine({ smell: ['Rose'], ...over });
const bleu = line({ id: 12, product_id: 6, product_name: 'Bleu Horizon', product_qty: 2, smell: [null, null] });
const card = (id: number, name: string): ProductCard => ({
  id, name, image: `/media/${id}.webp`, price: 500, price_after_sale: 500, in_stock: true, is_fav: true, sale_type: 'normal',
} as unknown as ProductCard);

/** Signs in; serves the routes; tells what was sent where, with which Idempotency-Key. */
function serve(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem('userToken', TOKEN);
  const api = fakeApi(routes);
  const sends = () => api.fetchMock.mock.calls
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, ''),
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }))
    .filter((call) => call.key !== undefined);
  return { ...api, sends };
}

const goOffline = () => act(() => onlineManager.setOnline(false));
const goOnline = () => act(() => onlineManager.setOnline(true));
const waitingList = () => screen.getByTestId('waiting-changes');
const waitingTexts = () => within(waitingList()).queryAllByRole('listitem').map((li) => li.textContent);

function renderCart() {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={['/cart']}>
        <UnauthorizedHandler />
        <Routes>
          <Route path="/cart" element={<Cart />} />
          <Route path="/sign-in" element={<h1>Sign-in page</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return queryClient;
}

/** The shell around a page, as the app has it. */
function renderShell(page: React.ReactNode) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '*', element: page }] }], { initialEntries: ['/products'] });
  render(<AppProvider queryClient={queryClient}><RouterProvider router={router} /></AppProvider>);
  return queryClient;
}

const shellRoutes = {
  '/home': () => ok({ Data_home_page: { message_nav: 'Hello' } }),
  '/products/bestseller': () => json({ status: 200, message: 'OK', data: [], footer: { description: '' }, linkfooter: {} }),
};

describe('the offline indicator', () => {
  it('says "You are offline" in a status region while offline, and "Back online" when the connection returns', async () => {
    fakeApi(shellRoutes);
    renderShell(<p>a page</p>);
    const status = screen.getByTestId('offline-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    goOffline();
    expect(within(status).getByText('You are offline')).toBeTruthy();
    expect(screen.queryByText('Back online')).toBeNull();
    goOnline();
    expect(await screen.findByText('Back online')).toBeTruthy();
    expect(status.textContent).toBe('');
  });
});

describe('a cart change made offline', () => {
  it('is not sent, is listed as waiting and shown on its line; back online it is sent once with its key', async () => {
    let cart = cartOf([line()]);
    const api = serve({
      '/showCard': () => ok(cart),
      '/changeSummaryCard/3': () => {
        cart = cartOf([line({ product_qty: 2, smell: ['Rose', null] })], { summary: { total: 1500, totalAfterShiping: 1560, Estimated_Delivery_by: '2026-06-22' } });
        return ok(cart, 'Cart updated.');
      },
    });
    renderCart();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    goOffline();
    fireEvent.click(plus);

    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
    expect(within(waitingList()).getByRole('heading', { name: 'Waiting for connection' })).toBeTruthy();
    expect(screen.getByTestId('qty').textContent).toBe('2');
    // Two smell slots for two units, the new one not chosen yet (with "Same smell for every unit" off).
    fireEvent.click(screen.getByRole('switch', { name: 'Same smell for every unit of Oud Royal' }));
    expect(screen.getAllByRole('combobox', { name: /^Smell for unit \d of Oud Royal$/ })).toHaveLength(2);
    // The money stays the server's, said to be waiting; checkout waits too.
    expect(screen.getByTestId('summary-total').textContent).toContain('750');
    expect(screen.getByTestId('totals-waiting').textContent).toBe('Totals will update when your changes are sent.');
    expect((screen.getByRole('button', { name: 'Proceed to checkout' }) as HTMLButtonElement).disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.sends()).toEqual([]);

    goOnline();
    await waitFor(() => expect(waitingTexts()).toEqual([]));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toContain('1,500'));
    const sent = api.sends();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: '/changeSummaryCard/3', body: { product_id: 5, qty: 2 } });
    expect(sent[0].key).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(screen.queryByTestId('totals-waiting')).toBeNull();
  });

  it('several are sent in the order they were made, each with its own key, each starting from the one before', async () => {
    let cart = cartOf([line(), bleu]);
    const api = serve({
      '/showCard': () => ok(cart),
      '/add/smell/12': () => ok(cart, 'Smells saved.'),
      '/changeSummaryCard/3': () => ok(cart, 'Cart updated.'),
    });
    renderCart();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    goOffline();
    fireEvent.click(screen.getByRole('switch', { name: 'Same smell for every unit of Bleu Horizon' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Smell for unit 1 of Bleu Horizon' }), { target: { value: 'Amber' } });
    await waitFor(() => expect(waitingTexts()).toHaveLength(1));
    fireEvent.click(plus);
    await waitFor(() => expect(waitingTexts()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(waitingTexts()).toEqual([
      'Smell for unit 1 of Bleu Horizon',
      'Quantity of Oud Royal: 2',
      'Quantity of Oud Royal: 3',
    ]));
    expect((screen.getByRole('combobox', { name: 'Smell for unit 1 of Bleu Horizon' }) as HTMLSelectElement).value).toBe('Amber');
    const oud = screen.getByRole('group', { name: 'Quantity of Oud Royal' });
    expect(within(oud).getByTestId('qty').textContent).toBe('3');

    cart = cartOf([line({ product_qty: 3, smell: ['Rose', null, null] }), bleu]);
    goOnline();
    await waitFor(() => expect(api.sends()).toHaveLength(3));
    const sent = api.sends();
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      ['/add/smell/12', { smell: ['Amber', null] }],
      ['/changeSummaryCard/3', { product_id: 5, qty: 2 }],
      ['/changeSummaryCard/3', { product_id: 5, qty: 3 }],
    ]);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    await waitFor(() => expect(waitingTexts()).toEqual([]));
  });

  it('a removal waits with its line marked, then takes the line away', async () => {
    let cart = cartOf([line(), bleu]);
    const api = serve({
      '/showCard': () => ok(cart),
      '/remove': () => {
        cart = cartOf([bleu]);
        return ok({ card_count: 2 }, 'Removed from your cart.');
      },
    });
    renderCart();
    const remove = await screen.findByRole('button', { name: 'Remove: Oud Royal' });
    goOffline();
    fireEvent.click(remove);
    expect(await screen.findByText('Will be removed when you are back online.')).toBeTruthy();
    expect(waitingTexts()).toEqual(['Remove Oud Royal']);
    expect((screen.getByRole('button', { name: 'Increase quantity of Oud Royal' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.sends()).toEqual([]);

    goOnline();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Oud Royal' })).toBeNull());
    expect(api.sends().map((s) => [s.path, s.body])).toEqual([['/remove', { product_id: 5, qty: 1 }]]);
    expect(screen.getByRole('link', { name: 'Bleu Horizon' })).toBeTruthy();
  });

  it('a network failure is sent again with the same key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const cart = cartOf([line()]);
    let failOnce = true;
    const api = serve({ '/showCard': () => ok(cart), '/changeSummaryCard/3': () => ok(cartOf([line({ product_qty: 2, smell: ['Rose', null] })])) });
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/changeSummaryCard') && failOnce) {
        failOnce = false;
        throw new TypeError('Failed to fetch');
      }
      return answer(input, init);
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(api.sends()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(screen.getByTestId('qty').textContent).toBe('2'));
    const sent = api.sends();
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
  });
});

describe('an add waiting for the connection', () => {
  it('counts on its line: a quantity chosen after it includes it, and the server ends where the shopper left it', async () => {
    let qty = 3;
    const cartNow = () => cartOf([line({ product_qty: qty, smell: Array(qty).fill('Rose') })]);
    const api = serve({
      '/showCard': () => ok(cartNow()),
      '/addToCard': () => { qty += 1; return ok({ count: qty }, 'Added to your cart.'); },
      '/changeSummaryCard/3': () => json({ status: 200, message: 'Cart updated.', data: cartNow() }),
    });
    const change = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/changeSummaryCard')) qty = JSON.parse(String(init?.body)).qty;
      return change(input, init);
    });
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<><AddToCartButton productId={5} productName="Oud Royal" /><Cart /></>} />
          </Routes>
        </MemoryRouter>
      </AppProvider>,
    );
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    expect(screen.getByTestId('qty').textContent).toBe('3');
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Oud Royal' }));
    await waitFor(() => expect(waitingTexts()).toEqual(['Add Oud Royal']));
    expect(screen.getByTestId('qty').textContent).toBe('4');
    // One smell slot more, not chosen yet (with "Same smell for every unit" off).
    fireEvent.click(screen.getByRole('switch', { name: 'Same smell for every unit of Oud Royal' }));
    expect(screen.getAllByRole('combobox', { name: /^Smell for unit \d of Oud Royal$/ })).toHaveLength(4);
    fireEvent.click(plus);
    await waitFor(() => expect(waitingTexts()).toEqual(['Add Oud Royal', 'Quantity of Oud Royal: 5']));
    expect(screen.getByTestId('qty').textContent).toBe('5');

    goOnline();
    await waitFor(() => expect(waitingTexts()).toEqual([]));
    expect(api.sends().map((s) => [s.path, s.body])).toEqual([['/addToCard', { product_id: 5 }], ['/changeSummaryCard/3', { product_id: 5, qty: 5 }]]);
    expect(qty).toBe(5);
    await waitFor(() => expect(screen.getByTestId('qty').textContent).toBe('5'));
  });
});

describe('a change whose answer is lost on the network', () => {
  it('is sent again, with the same key, for as long as the network fails, and never dropped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failures = 0;
    const api = serve({ '/showCard': () => ok(cartOf([line()])), '/changeSummaryCard/3': () => ok(cartOf([line({ product_qty: 2, smell: ['Rose', null] })])) });
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/changeSummaryCard') && failures < 6) {
        failures += 1;
        throw new TypeError('Failed to fetch');
      }
      return answer(input, init);
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(api.sends()).toHaveLength(1));
    // Listed as being sent, not as a failure.
    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
    expect(within(waitingList()).getByRole('heading', { name: 'Sending your changes…' })).toBeTruthy();
    // 1, 2, 4, 8, 16 and 30 s between the sends.
    for (let i = 0; i < 6; i += 1) await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(waitingTexts()).toEqual([]));
    const sent = api.sends();
    expect(sent).toHaveLength(7);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(screen.getByTestId('qty').textContent).toBe('2');
    expect(screen.queryByText(/No connection|Couldn't/)).toBeNull();
  });

  it('no longer holds the line: the next change queues behind it and starts from it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failures = 0;
    let cart = cartOf([line()]);
    const api = serve({ '/showCard': () => ok(cart), '/changeSummaryCard/3': () => ok(cart) });
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/changeSummaryCard')) {
        if (failures < 2) {
          failures += 1;
          throw new TypeError('Failed to fetch');
        }
        const qty = JSON.parse(String(init?.body)).qty as number;
        cart = cartOf([line({ product_qty: qty, smell: ['Rose', ...Array(qty - 1).fill(null)] })]);
      }
      return answer(input, init);
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Oud Royal' }));
    expect(screen.getByTestId('qty').textContent).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.getByTestId('qty').textContent).toBe('3'));
    expect(api.sends().map((s) => s.body.qty)).toEqual([2, 2, 2, 3]);
  });
});

describe('the language of a change sent later', () => {
  function LanguageSwitch() {
    const { setLang } = useLanguage();
    return <button type="button" onClick={() => setLang('ar')}>to Arabic</button>;
  }

  it('is the one it was made in, so the server\'s replay of its first answer is filed under that language, and the screen shows its own', async () => {
    const names: Record<string, string> = { en: 'Oud Royal', ar: 'عود ملكي' };
    const cartIn = (lang: string, qty: number) => cartOf([line({ product_name: names[lang], product_qty: qty, smell: ['Rose', ...Array(qty - 1).fill(null)] })]);
    let done = false;
    let firstLang = '';
    const api = serve({
      '/showCard': (lang) => ok(cartIn(lang, done ? 2 : 1)),
      // Done once, in the language of the first request; a resend with its key gets that answer again, byte for byte.
      '/changeSummaryCard/3': (lang) => {
        if (!done) { done = true; firstLang = lang; }
        return ok(cartIn(firstLang, 2));
      },
    });
    const answer = api.fetchMock.getMockImplementation()!;
    let lose = true;
    api.fetchMock.mockImplementation(async (input, init) => {
      const response = await answer(input, init);
      if (String(input).includes('/changeSummaryCard') && lose) {
        lose = false;
        throw new TypeError('Failed to fetch'); // done by the server, the answer lost
      }
      return response;
    });
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/cart']}>
          <LanguageSwitch />
          <Routes><Route path="/cart" element={<Cart />} /></Routes>
        </MemoryRouter>
      </AppProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(api.sends()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'to Arabic' }));
    await screen.findByRole('link', { name: 'عود ملكي' });
    await waitFor(() => expect(api.sends()).toHaveLength(2));
    const langs = api.fetchMock.mock.calls
      .filter(([url]) => String(url).includes('/changeSummaryCard'))
      .map(([, init]) => (init?.headers as Record<string, string>).lang);
    expect(langs).toEqual(['en', 'en']);
    // The English answer went under English; the Arabic cart is the server's Arabic one.
    await waitFor(() => expect(screen.getByTestId('qty').textContent).toBe('٢'));
    expect(screen.getByRole('link', { name: 'عود ملكي' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Oud Royal' })).toBeNull();
    expect(queryClient.getQueryData<{ product_in_card: { product_name: string }[] }>(['cart', 'en', TOKEN])?.product_in_card[0].product_name).toBe('Oud Royal');
  });
});

describe('a change sent later that fails', () => {
  it('is named with the server\'s reason', async () => {
    const api = serve({
      ...shellRoutes,
      '/showCard': () => ok(cartOf([line()])),
      '/addToCard': () => json({ status: 422, message: 'Only 1 of Oud Royal left in stock.' }, 422),
    });
    renderShell(<AddToCartButton productId={5} productName="Oud Royal" />);
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Oud Royal' }));
    expect(await screen.findByText('You are offline. This change will be sent when you are back online.')).toBeTruthy();
    // The badge counts the add at once.
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
    goOnline();
    expect(await screen.findByText("Couldn't add Oud Royal to your cart: Only 1 of Oud Royal left in stock.")).toBeTruthy();
    // Said once, by name: not also as the bare message.
    expect(screen.queryByText('Only 1 of Oud Royal left in stock.')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    expect(api.sends()).toHaveLength(1);
  });

  it('a change made before the shopper was signed out is not sent with another sign-in, and is named', async () => {
    const api = serve({ ...shellRoutes, '/showCard': () => ok(cartOf([line()])), '/addToCard': () => ok({ count: 2 }, 'Added.') });
    renderShell(<AddToCartButton productId={5} productName="Oud Royal" />);
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Oud Royal' }));
    await screen.findByRole('link', { name: 'Cart, 2 items' });
    // Someone else signs in on this device (in another tab, say) before the connection returns.
    localStorage.setItem('userToken', 'token-of-someone-else-1');
    goOnline();
    expect(await screen.findByText("Couldn't add Oud Royal to your cart: You were signed out.")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/addToCard')).toEqual([]);
  });

  it('an add that succeeds later leaves the badge at the server\'s count', async () => {
    let count = 1;
    const api = serve({
      ...shellRoutes,
      '/showCard': () => ok(cartOf([line({ product_qty: count, smell: Array(count).fill('Rose') })])),
      '/addToCard': () => { count += 1; return ok({ count }, 'Added to your cart.'); },
    });
    renderShell(<AddToCartButton productId={5} productName="Oud Royal" />);
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Oud Royal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Oud Royal' }));
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    goOnline();
    await waitFor(() => expect(api.sends()).toHaveLength(2));
    await waitFor(() => expect(localStorage.getItem('cart count')).toBe('3'));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });
});

describe('the wishlist offline', () => {
  it('the heart follows the shopper\'s toggle at once; the change is sent when back online', async () => {
    let list: ProductCard[] = [];
    const api = serve({
      '/fav/show': () => ok(list),
      '/fav/add/5': () => { list = [card(5, 'Royal Oud')]; return ok(null, 'Added to your wishlist.'); },
    });
    const queryClient = makeQueryClient();
    render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={['/products']}>
          <Routes><Route path="/products" element={<WishButton productId={5} productName="Royal Oud" />} /></Routes>
        </MemoryRouter>
      </AppProvider>,
    );
    await waitFor(() => expect(api.calls.some((c) => c.path === '/fav/show')).toBe(true));
    goOffline();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Royal Oud to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove Royal Oud from wishlist' })).toBeTruthy();
    expect(api.sends()).toEqual([]);
    goOnline();
    await waitFor(() => expect(api.sends().map((s) => s.path)).toEqual(['/fav/add/5']));
    expect(screen.getByRole('button', { name: 'Remove Royal Oud from wishlist' })).toBeTruthy();
  });

  it('a removal made offline takes the card off the list and waits', async () => {
    let list = [card(5, 'Royal Oud'), card(6, 'Amber Night')];
    const api = serve({
      '/fav/show': () => ok(list),
      '/fav/remove/5': () => { list = list.filter((p) => p.id !== 5); return ok(null, 'Removed from your wishlist.'); },
    });
    render(
      <AppProvider queryClient={makeQueryClient()}>
        <MemoryRouter initialEntries={['/wishlist']}>
          <Routes><Route path="/wishlist" element={<Wishlist />} /></Routes>
        </MemoryRouter>
      </AppProvider>,
    );
    const remove = await screen.findByRole('button', { name: 'Remove: Royal Oud' });
    goOffline();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Royal Oud' })).toBeNull());
    expect(waitingTexts()).toEqual(['Remove Royal Oud from wishlist']);
    expect(api.sends()).toEqual([]);
    goOnline();
    await waitFor(() => expect(api.sends().map((s) => s.path)).toEqual(['/fav/remove/5']));
    await waitFor(() => expect(waitingTexts()).toEqual([]));
    expect(screen.queryByRole('heading', { name: 'Royal Oud' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Amber Night' })).toBeTruthy();
  });
});
