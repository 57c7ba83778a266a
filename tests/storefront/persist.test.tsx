// Issue 5: the query cache kept in IndexedDB (idb-keyval, here an in-memory
// map), what goes in it, a reload that restores and resumes the changes left
// waiting, and a log-out that leaves nothing of the shopper on the device.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { dehydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { AppProvider, makeQueryClient, PERSISTED_QUERIES } from '@/app/provider';
import { Layout } from '@/app/shell/layout';
import Cart from '@/app/routes/cart';
import { buildId, keepingChanges, makeIdbPersister, persistOptions, PERSIST_KEY, PERSIST_MAX_AGE } from '@/lib/persist';
import { stampChange } from '@/lib/offline-changes';
import { cartChangeKeys } from '@/features/cart/api/cart-change-keys';
import { TOKEN, cartLine, cartOf, json, ok, type CartLine } from './fixtures';
import { fakeApi } from './render';

const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: vi.fn(async (key: string) => idb.get(key)),
  set: vi.fn(async (key: string, value: unknown) => { idb.set(key, value); }),
  del: vi.fn(async (key: string) => { idb.delete(key); }),
}));

afterEach(() => {
  cleanup();
  act(() => onlineManager.setOnline(true));
  idb.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Line = CartLine;
/** Every smell chosen, unless told otherwise. */
const line = (over: Partial<Line> = {}): Line => cartLine({ smell: ['Rose'], ...over });

const stored = () => idb.get(PERSIST_KEY) === undefined ? undefined : JSON.parse(String(idb.get(PERSIST_KEY))) as PersistedClient;
const storedKeys = () => stored()?.clientState.queries.map((q) => q.queryKey) ?? [];

/** A page load: a new query client, restored from the (mocked) IndexedDB. */
function loadCartPage(persister: Persister = makeIdbPersister(0)) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProvider queryClient={queryClient} persister={persister}>
      <MemoryRouter initialEntries={['/cart']}>
        <Routes><Route path="/cart" element={<Cart />} /></Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return { queryClient, view };
}

const waitingTexts = () => within(screen.getByTestId('waiting-changes')).queryAllByRole('listitem').map((li) => li.textContent);
const offlineFromTheStart = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('what is persisted', () => {
  function filled(): QueryClient {
    const queryClient = makeQueryClient();
    const data: [readonly unknown[], unknown][] = [
      [['cart', 'en', TOKEN], cartOf([line()])],
      [['wishlist', 'en', TOKEN], []],
      [['products', 'detail', 5, 'ar'], { id: 5 }],
      [['home', 'en'], { slider: [] }],
      [['products', 'bestseller', 'en'], { footer: {} }],
      [['orders', 'list', 1, 'en', TOKEN], { orders: [] }],
      [['orders', 'detail', 9, 'en', TOKEN], { id: 9 }],
      [['profile', 'en', TOKEN], { name: 'Mona' }],
      [['addresses', 'en', TOKEN], []],
      [['products', 'list', {}, 'en'], { products: [] }],
      [['points-value', 'en', TOKEN], { price: 60 }],
    ];
    for (const [key, value] of data) queryClient.setQueryData(key, value);
    return queryClient;
  }

  it('keeps the cart, wishlist, product details, home, footer and orders; not the profile, addresses or lists', () => {
    const queryClient = filled();
    const options = persistOptions(makeIdbPersister(), PERSISTED_QUERIES);
    const keys = dehydrate(queryClient, options.dehydrateOptions).queries.map((q) => q.queryKey);
    expect(keys).toEqual([
      ['cart', 'en', TOKEN],
      ['wishlist', 'en', TOKEN],
      ['products', 'detail', 5, 'ar'],
      ['home', 'en'],
      ['products', 'bestseller', 'en'],
      ['orders', 'list', 1, 'en', TOKEN],
      ['orders', 'detail', 9, 'en', TOKEN],
    ]);
  });

  it('keeps only answers, not failures or loads in progress', async () => {
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    await queryClient.fetchQuery({ queryKey: ['home', 'ar'], queryFn: () => Promise.reject(new Error('down')) }).catch(() => {});
    void queryClient.prefetchQuery({ queryKey: ['home', 'en'], queryFn: () => new Promise(() => {}) });
    const options = persistOptions(makeIdbPersister(), PERSISTED_QUERIES);
    expect(dehydrate(queryClient, options.dehydrateOptions).queries).toEqual([]);
  });

  it('expires after 7 days and with another build; the kept queries live in memory as long', () => {
    const options = persistOptions(makeIdbPersister(), PERSISTED_QUERIES);
    expect(options.maxAge).toBe(7 * 24 * 60 * 60 * 1000);
    expect(options.buster).toBe(buildId());
    expect(options.buster).not.toBe('');
    const queryClient = filled();
    expect(queryClient.getQueryCache().find({ queryKey: ['cart', 'en', TOKEN] })!.gcTime).toBe(PERSIST_MAX_AGE);
    expect(queryClient.getQueryCache().find({ queryKey: ['orders', 'detail', 9, 'en', TOKEN] })!.gcTime).toBe(PERSIST_MAX_AGE);
    expect(queryClient.getQueryCache().find({ queryKey: ['profile', 'en', TOKEN] })!.gcTime).toBe(5 * 60 * 1000);
  });

  it('the build id follows the entry script, which the build names by its content', () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = '/assets/index-Ab12Cd.js';
    document.head.append(script);
    try {
      expect(buildId()).toContain('/assets/index-Ab12Cd.js');
    } finally {
      script.remove();
    }
  });
});

describe('a reload', () => {
  it('offline shows the cart and the change left waiting; online, the change is sent once, with its key', async () => {
    localStorage.setItem('userToken', TOKEN);
    let cart = cartOf([line()]);
    const api = fakeApi({
      '/showCard': () => ok(cart),
      '/changeSummaryCard/3': () => { cart = cartOf([line({ product_qty: 2, smell: ['Rose', null] })]); return ok(cart); },
    });
    const first = loadCartPage();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(plus);
    await waitFor(() => expect(stored()?.clientState.mutations).toHaveLength(1));
    expect(storedKeys()).toEqual([['cart', 'en', TOKEN]]);
    const key = (stored()!.clientState.mutations[0].state.variables as { stamp: { key: string } }).stamp.key;
    first.view.unmount();

    // The page is loaded again, still offline: everything comes from IndexedDB.
    offlineFromTheStart();
    loadCartPage();
    expect(await screen.findByRole('link', { name: 'Oud Royal' })).toBeTruthy();
    expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']);
    expect(screen.getByTestId('qty').textContent).toBe('2');
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(waitingTexts()).toEqual([]));
    const sends = api.fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/changeSummaryCard/3'));
    expect(sends).toHaveLength(1);
    expect((sends[0][1]?.headers as Record<string, string>)['Idempotency-Key']).toBe(key);
    // Done: nothing waits in IndexedDB any more.
    await waitFor(() => expect(stored()?.clientState.mutations).toEqual([]));
  });

  it('online sends the changes left waiting at once, in order, each once', async () => {
    localStorage.setItem('userToken', TOKEN);
    const cart = cartOf([line()]);
    const api = fakeApi({ '/showCard': () => ok(cart), '/changeSummaryCard/3': () => ok(cart), '/add/smell/11': () => ok(cart), '/addToCard': () => ok({ count: 2 }) });
    const first = loadCartPage();
    await screen.findByRole('link', { name: 'Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(waitingTexts()).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: 'Smell for unit 2 of Oud Royal' }), { target: { value: 'Amber' } });
    await waitFor(() => expect(stored()?.clientState.mutations).toHaveLength(2));
    first.view.unmount();
    act(() => onlineManager.setOnline(true));

    loadCartPage();
    await waitFor(() => expect(api.calls.filter((c) => c.path !== '/showCard').map((c) => c.path)).toEqual(['/changeSummaryCard/3', '/add/smell/11']));
    const bodies = api.fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/showCard')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ product_id: 5, qty: 2 }, { smell: ['Rose', 'Amber'] }]);
    await waitFor(() => expect(stored()?.clientState.mutations).toEqual([]));
    expect(api.calls.filter((c) => c.path !== '/showCard')).toHaveLength(2);
  });

  it('a change being sent when the cache is saved is saved as waiting, so that a reload sends it again', async () => {
    const saved: PersistedClient[] = [];
    const inner: Persister = { persistClient: (c) => { saved.push(c); }, restoreClient: () => undefined, removeClient: () => {} };
    const state = { status: 'pending', isPaused: false, variables: { productId: 5, productName: 'Oud Royal', stamp: stampChange(TOKEN) } };
    await keepingChanges(inner, 'b1').persistClient({
      timestamp: Date.now(),
      buster: 'b1',
      clientState: { queries: [], mutations: [{ mutationKey: cartChangeKeys.add, scope: { id: 'cart' }, state } as never] },
    });
    expect(saved[0].clientState.mutations[0].state.isPaused).toBe(true);
    // The live mutation's own state is left alone.
    expect(state.isPaused).toBe(false);
  });

  it('after an update, the old build\'s queries go but the changes left waiting stay', async () => {
    makeQueryClient(); // registers the kinds of change
    const change = { mutationKey: cartChangeKeys.add, scope: { id: 'cart' }, state: { status: 'pending', isPaused: true, variables: { productId: 5, productName: 'Oud Royal', stamp: stampChange(TOKEN) } } };
    const old = { mutationKey: cartChangeKeys.add, state: { status: 'pending', isPaused: true, variables: { productId: 5, stamp: { key: 'k-12345678', token: TOKEN, v: 0 } } } };
    const persisted: PersistedClient = {
      timestamp: Date.now(),
      buster: 'old build',
      clientState: { queries: [{ queryKey: ['cart', 'en', TOKEN], queryHash: 'x', state: {} } as never], mutations: [change as never, old as never] },
    };
    const inner: Persister = { persistClient: () => {}, restoreClient: () => persisted, removeClient: () => {} };
    const restored = await keepingChanges(inner, 'new build').restoreClient();
    expect(restored?.buster).toBe('new build');
    expect(restored?.clientState.queries).toEqual([]);
    // The one this build can still read is kept; one of an older shape is not.
    expect(restored?.clientState.mutations).toEqual([change]);
    const same = await keepingChanges(inner, 'old build').restoreClient();
    expect(same).toBe(persisted);
  });
});

describe('log-out', () => {
  it('clears IndexedDB, the service worker\'s API cache and localStorage but the device\'s settings, and drops the waiting changes', async () => {
    localStorage.setItem('userToken', TOKEN);
    localStorage.setItem('lang', 'en');
    localStorage.setItem('data saver', 'on');
    localStorage.setItem('cart count', '1');
    localStorage.setItem('some new key of the shopper', 'x');
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache-v2-http://localhost/', 'attar-api', 'attar-media', 'attar-assets'],
      delete: async (name: string) => { deleted.push(name); return true; },
    });
    const api = fakeApi({
      '/home': () => ok({ Data_home_page: { message_nav: 'Hello' } }),
      '/products/bestseller': () => json({ status: 200, message: 'OK', data: [], footer: { description: '' }, linkfooter: {} }),
      '/showCard': () => ok(cartOf([line()])),
      '/user/logout': () => ok(null, 'Logged out.'),
      '/addToCard': () => ok({ count: 2 }),
    });
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '*', element: <p>a page</p> }] }], { initialEntries: ['/products'] });
    render(<AppProvider queryClient={queryClient} persister={makeIdbPersister(0)}><RouterProvider router={router} /></AppProvider>);
    await waitFor(() => expect(storedKeys()).toContainEqual(['cart', 'en', TOKEN]));

    // A change left waiting for the connection.
    act(() => onlineManager.setOnline(false));
    act(() => { queryClient.getMutationCache().build(queryClient, { mutationKey: cartChangeKeys.add }).execute({ productId: 5, productName: 'Oud Royal', stamp: stampChange(TOKEN) }).catch(() => {}); });
    await waitFor(() => expect(stored()?.clientState.mutations).toHaveLength(1));

    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(deleted.sort()).toEqual(['attar-api']));
    expect(Object.keys(localStorage).sort()).toEqual(['cart count', 'data saver', 'lang']);
    expect(localStorage.getItem('cart count')).toBe('0');
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    // Whatever is saved again holds nothing of the shopper.
    await waitFor(() => expect(stored()?.clientState.mutations ?? []).toEqual([]));
    expect(JSON.stringify(stored() ?? {})).not.toContain(TOKEN);
    act(() => onlineManager.setOnline(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.path === '/addToCard')).toEqual([]);
  });
});
