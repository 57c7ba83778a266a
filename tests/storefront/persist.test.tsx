// The query cache kept in IndexedDB (idb-keyval, here an in-memory
// map), what goes in it, a reload that restores and resumes the changes left
// waiting, two tabs that share it, and a log-out that leaves nothing of the
// shopper on the device.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { dehydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { AppProvider, makeQueryClient, PERSISTED_QUERIES, restoreQueries, SHOPPERS_QUERIES } from '@/app/provider';
import { Layout } from '@/app/shell/layout';
import { UnauthorizedHandler } from '@/app/unauthorized';
import { LOG_OUT_SIGNAL } from '@/app/sign-out';
import Cart from '@/app/routes/cart';
import { buildId, CHANGE_PREFIX, makeIdbPersister, persistOptions, PERSIST_KEY, PERSIST_MAX_AGE, type AppPersister } from '@/lib/persist';
import { CHANGE_MAX_AGE, stampChange, type Stamp } from '@/lib/offline-changes';
import { cartChangeKeys } from '@/features/cart/api/cart-change-keys';
import { TOKEN, cartLine, cartOf, json, ok, type CartLine } from './fixtures';
import { fakeApi } from './render';

const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  // IndexedDB keeps a structured clone, not the object itself.
  get: vi.fn(async (key: string) => structuredClone(idb.get(key))),
  getMany: vi.fn(async (keys: string[]) => keys.map((key) => structuredClone(idb.get(key)))),
  keys: vi.fn(async () => [...idb.keys()]),
  set: vi.fn(async (key: string, value: unknown) => { idb.set(key, structuredClone(value)); }),
  del: vi.fn(async (key: string) => { idb.delete(key); }),
  delMany: vi.fn(async (keys: string[]) => { for (const key of keys) idb.delete(key); }),
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
type StoredChange = PersistedClient['clientState']['mutations'][number];
/** The changes kept in IndexedDB, each in its own entry, oldest first. */
const storedChanges = () => [...idb.entries()]
  .filter(([key]) => key.startsWith(CHANGE_PREFIX))
  .map(([, value]) => value as StoredChange)
  .sort((a, b) => stampOf(a).at - stampOf(b).at || stampOf(a).n - stampOf(b).n);
const stampOf = (change: StoredChange) => (change.state.variables as { stamp: Stamp }).stamp;

/** A page load: a new query client, restored from the (mocked) IndexedDB. */
function loadCartPage(persister: AppPersister = makeIdbPersister(0)) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProvider queryClient={queryClient} persister={persister}>
      <MemoryRouter initialEntries={['/cart']}>
        <UnauthorizedHandler />
        <Routes><Route path="/cart" element={<Cart />} /></Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return { queryClient, view };
}

/** A page load as main.tsx does it: the client restored from the (mocked) IndexedDB before the first render. */
async function loadCartPageRestoredFirst(persister: AppPersister = makeIdbPersister(0)) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const restored = await restoreQueries(queryClient, persister);
  const view = render(
    <AppProvider queryClient={queryClient} persister={persister} restored={restored}>
      <MemoryRouter initialEntries={['/cart']}>
        <UnauthorizedHandler />
        <Routes><Route path="/cart" element={<Cart />} /></Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return { queryClient, view, restored };
}

const day = 24 * 60 * 60 * 1000;

/** A waiting change as another page left it in IndexedDB: a quantity of Oud Royal, made `age` ago. */
function leftWaiting(qty: number, age: number) {
  const stamp = { ...stampChange(TOKEN, 'en'), at: Date.now() - age };
  const change: StoredChange = {
    mutationKey: [...cartChangeKeys.line],
    scope: { id: 'cart' },
    state: {
      variables: { cardId: 3, productId: 5, productName: 'Oud Royal', qty, stamp },
      status: 'pending', isPaused: true, submittedAt: stamp.at,
      context: undefined, data: undefined, error: null, failureCount: 0, failureReason: null,
    },
  };
  idb.set(CHANGE_PREFIX + stamp.key, change);
  return stamp;
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
      [['about', 'ar'], { title: 'عن عطّار' }],
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

  it('keeps the cart, wishlist, product details, home, about, footer and orders; not the profile, addresses or lists', () => {
    localStorage.setItem('userToken', TOKEN);
    const queryClient = filled();
    const options = persistOptions(makeIdbPersister(), PERSISTED_QUERIES, SHOPPERS_QUERIES);
    const keys = dehydrate(queryClient, options.dehydrateOptions).queries.map((q) => q.queryKey);
    expect(keys).toEqual([
      ['cart', 'en', TOKEN],
      ['wishlist', 'en', TOKEN],
      ['products', 'detail', 5, 'ar'],
      ['home', 'en'],
      ['about', 'ar'],
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
    await waitFor(() => expect(storedChanges()).toHaveLength(1));
    expect(storedKeys()).toEqual([['cart', 'en', TOKEN]]);
    const { key } = stampOf(storedChanges()[0]);
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
    await waitFor(() => expect(storedChanges()).toEqual([]));
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
    fireEvent.click(screen.getByRole('switch', { name: 'Same smell for every unit of Oud Royal' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Smell for unit 2 of Oud Royal' }), { target: { value: 'Amber' } });
    await waitFor(() => expect(storedChanges()).toHaveLength(2));
    first.view.unmount();
    act(() => onlineManager.setOnline(true));

    loadCartPage();
    await waitFor(() => expect(api.calls.filter((c) => c.path !== '/showCard').map((c) => c.path)).toEqual(['/changeSummaryCard/3', '/add/smell/11']));
    const bodies = api.fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/showCard')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ product_id: 5, qty: 2 }, { smell: ['Rose', 'Amber'] }]);
    await waitFor(() => expect(storedChanges()).toEqual([]));
    expect(api.calls.filter((c) => c.path !== '/showCard')).toHaveLength(2);
  });

  it('a change being sent when the page goes is kept as waiting, so that a reload sends it again', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line()])), '/changeSummaryCard/3': () => new Promise(() => {}) });
    const first = loadCartPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/changeSummaryCard/3'));
    await waitFor(() => expect(storedChanges()).toHaveLength(1));
    expect(storedChanges()[0].state).toMatchObject({ status: 'pending', isPaused: true });
    first.view.unmount();

    offlineFromTheStart();
    loadCartPage();
    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
  });

  it('after an update, the old build\'s queries go but the changes left waiting stay; one this build cannot read goes', async () => {
    localStorage.setItem('userToken', TOKEN);
    makeQueryClient(); // registers the kinds of change
    idb.set(PERSIST_KEY, JSON.stringify({
      timestamp: Date.now(), buster: 'old build',
      clientState: { queries: [{ queryKey: ['cart', 'en', TOKEN], queryHash: 'x', state: {} }], mutations: [] },
    }));
    const kept = leftWaiting(2, 0);
    const old = { mutationKey: ['cart', 'add'], state: { status: 'pending', isPaused: true, variables: { productId: 5, stamp: { key: 'k-12345678', token: TOKEN, v: 1 } } } };
    idb.set(`${CHANGE_PREFIX}k-12345678`, old);
    const restored = await makeIdbPersister(0, 'new build').restoreClient();
    expect(restored?.buster).toBe('new build');
    expect(restored?.clientState.queries).toEqual([]);
    expect(restored?.clientState.mutations.map((m) => stampOf(m).key)).toEqual([kept.key]);
    expect(idb.has(`${CHANGE_PREFIX}k-12345678`)).toBe(false);
    // The same build gets its queries back.
    const same = await makeIdbPersister(0, 'old build').restoreClient();
    expect(same?.clientState.queries).toHaveLength(1);
  });
});

describe('what the device kept', () => {
  it('shows at once, and is asked again however fresh it was when saved', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line({ product_name: 'From the server' })])) });
    // Saved a moment ago, so within the queries' minute of freshness.
    const queryClient = makeQueryClient();
    queryClient.setQueryData(['wishlist', 'en', TOKEN], [{ id: 5, name: 'Kept on the device' }]);
    idb.set(PERSIST_KEY, JSON.stringify({ timestamp: Date.now(), buster: buildId(), clientState: dehydrate(queryClient) }));
    const { queryClient: restored } = loadCartPage();
    await waitFor(() => expect(restored.getQueryData(['wishlist', 'en', TOKEN])).toEqual([{ id: 5, name: 'Kept on the device' }]));
    // Restored as stale: the next screen to use it asks the server rather than trusting it.
    await waitFor(() => expect(restored.getQueryState(['wishlist', 'en', TOKEN])?.isInvalidated).toBe(true));
    expect(await screen.findByRole('link', { name: 'From the server' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/showCard')).toHaveLength(1);
  });
});

describe('restored before the first render (main.tsx)', () => {
  /** A signed-in shopper whose quantity change (Oud Royal: 4) waits in IndexedDB; the server agrees with it. */
  function quantityLeftWaiting() {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({
      '/showCard': () => ok(cartOf([line({ product_qty: 4 })])),
      '/changeSummaryCard/3': () => ok(cartOf([line({ product_qty: 4 })])),
    });
    leftWaiting(4, 1000);
    return api;
  }

  it('the first render shows the kept cart; it is asked again once, and saved from then on', async () => {
    localStorage.setItem('userToken', TOKEN);
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const api = fakeApi({ '/showCard': async () => { await gate; return ok(cartOf([line({ product_name: 'From the server' })])); } });
    const saved = makeQueryClient();
    saved.setQueryData(['cart', 'en', TOKEN], cartOf([line({ product_name: 'Kept on the device' })]));
    idb.set(PERSIST_KEY, JSON.stringify({ timestamp: Date.now(), buster: buildId(), clientState: dehydrate(saved) }));

    const { queryClient, restored } = await loadCartPageRestoredFirst();
    expect(restored).toBe(true);
    // In the very first render: no loading state in between.
    expect(screen.getByRole('link', { name: 'Kept on the device' })).toBeTruthy();
    release();
    expect(await screen.findByRole('link', { name: 'From the server' })).toBeTruthy();
    // Asked once: marked stale before the render, so the mount asks and nothing asks again.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.calls.filter((c) => c.path === '/showCard')).toHaveLength(1);
    // Saved: the server's answer reaches IndexedDB.
    await waitFor(() => expect(JSON.stringify(stored()?.clientState.queries)).toContain('From the server'));
    expect(queryClient.getQueryData<{ product_in_card: { product_name: string }[] }>(['cart', 'en', TOKEN])?.product_in_card[0].product_name).toBe('From the server');
  });

  it('sends the changes left waiting, once each', async () => {
    const api = quantityLeftWaiting();
    await loadCartPageRestoredFirst();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toHaveLength(1);
    await waitFor(() => expect(storedChanges()).toEqual([]));
  });

  it('a waiting change answered before the first render would have been drawn still leaves IndexedDB', async () => {
    const api = quantityLeftWaiting();
    const persister = makeIdbPersister(0);
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    const restored = await restoreQueries(queryClient, persister);
    // The catalog is slow: the app draws a while after the restore. Nothing is sent before it keeps changes.
    await new Promise((r) => setTimeout(r, 30));
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);
    render(
      <AppProvider queryClient={queryClient} persister={persister} restored={restored}>
        <MemoryRouter initialEntries={['/cart']}><Routes><Route path="/cart" element={<Cart />} /></Routes></MemoryRouter>
      </AppProvider>,
    );
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toHaveLength(1));
    await waitFor(() => expect(storedChanges()).toEqual([]));
  });

  it('an IndexedDB that fails leaves an empty client, and the page asks the server', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line({ product_name: 'From the server' })])) });
    const broken = makeIdbPersister(0);
    broken.restoreClient = () => Promise.reject(new Error('IndexedDB is gone'));
    const { restored } = await loadCartPageRestoredFirst(broken);
    expect(restored).toBe(false);
    expect(await screen.findByRole('link', { name: 'From the server' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/showCard').length).toBeGreaterThanOrEqual(1);
  });
});

describe('what is saved', () => {
  it('keeps a query whose last refresh failed (offline) with the data it showed; not one that never had data', async () => {
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    queryClient.setQueryData(['home', 'en'], { kept: true });
    await queryClient.fetchQuery({ queryKey: ['home', 'en'], queryFn: () => Promise.reject(new Error('offline')), staleTime: 0 }).catch(() => {});
    await queryClient.fetchQuery({ queryKey: ['home', 'ar'], queryFn: () => Promise.reject(new Error('offline')) }).catch(() => {});
    expect(queryClient.getQueryState(['home', 'en'])?.status).toBe('error');
    const { dehydrateOptions } = persistOptions(makeIdbPersister(0), PERSISTED_QUERIES, SHOPPERS_QUERIES);
    const saved = dehydrate(queryClient, dehydrateOptions).queries.map((q) => q.queryKey);
    expect(saved).toEqual([['home', 'en']]);
  });
});

describe('a quick reload', () => {
  it('keeps a change made a moment before, although the queries are saved at most every half second', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line()])) });
    const throttled = makeIdbPersister(500);
    const first = loadCartPage(throttled);
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(plus);
    // Reloaded at once: no time for a throttled save.
    await act(() => Promise.resolve());
    first.view.unmount();

    offlineFromTheStart();
    loadCartPage();
    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);
    // The first page's throttled save outlives it here (a real reload would kill its timer): landing in the next test, it would fail it.
    await throttled.flush();
  });

  it('saves the queries at once when the page is hidden or left', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/showCard': () => ok(cartOf([line()])) });
    const persister = makeIdbPersister(60_000);
    const { queryClient } = loadCartPage(persister);
    await screen.findByRole('link', { name: 'Oud Royal' });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(stored()).toBeUndefined();
    act(() => { window.dispatchEvent(new Event('pagehide')); });
    await waitFor(() => expect(storedKeys()).toEqual([['cart', 'en', TOKEN]]));

    act(() => queryClient.setQueryData(['home', 'en'], { slider: [] }));
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => { document.dispatchEvent(new Event('visibilitychange')); });
    await waitFor(() => expect(storedKeys()).toContainEqual(['home', 'en']));
    hidden.mockRestore();
  });
});

describe('how long a change may wait', () => {
  it('a change made more than a week ago is not restored nor sent, and is named; saving the cache since did not make it younger', async () => {
    localStorage.setItem('userToken', TOKEN);
    expect(CHANGE_MAX_AGE).toBe(7 * day);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line()])), '/changeSummaryCard/3': () => ok(cartOf([line()])) });
    // The cache was saved a moment ago, by a page that still had both changes.
    idb.set(PERSIST_KEY, JSON.stringify({ timestamp: Date.now(), buster: buildId(), clientState: { queries: [], mutations: [] } }));
    const old = leftWaiting(3, 8 * day);
    const recent = leftWaiting(2, 6 * day);
    offlineFromTheStart();
    loadCartPage();
    expect(await screen.findByText("Couldn't change the quantity of Oud Royal: It waited more than a week for a connection.")).toBeTruthy();
    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
    expect(idb.has(CHANGE_PREFIX + old.key)).toBe(false);
    expect(idb.has(CHANGE_PREFIX + recent.key)).toBe(true);
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);
  });

  it('a page left open offline for more than a week does not send its change when the connection returns, and names it', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line()])), '/changeSummaryCard/3': () => ok(cartOf([line({ product_qty: 2, smell: ['Rose', null] })])) });
    loadCartPage();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(plus);
    await waitFor(() => expect(storedChanges()).toHaveLength(1));
    const later = Date.now() + 7 * day + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText("Couldn't change the quantity of Oud Royal: It waited more than a week for a connection.")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);
    await waitFor(() => expect(storedChanges()).toEqual([]));
  });
});

describe('two tabs', () => {
  /** Another tab of the shop: its own query client and persister over the same IndexedDB. */
  async function otherTab() {
    const queryClient = makeQueryClient();
    const view = render(<AppProvider queryClient={queryClient} persister={makeIdbPersister(0)}><p>another tab</p></AppProvider>);
    // Restored: from now on it saves.
    await act(() => new Promise((r) => setTimeout(r, 10)));
    return { queryClient, view };
  }

  it('a change made offline in one tab survives a save by the other', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/showCard': () => ok(cartOf([line()])) });
    const b = await otherTab();
    const a = loadCartPage();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(plus);
    await waitFor(() => expect(waitingTexts()).toHaveLength(1));
    // Tab B, which never saw A's change, saves its cache.
    act(() => b.queryClient.setQueryData(['home', 'en'], { slider: [] }));
    await waitFor(() => expect(storedKeys()).toEqual([['home', 'en']]));
    a.view.unmount();
    b.view.unmount();

    offlineFromTheStart();
    loadCartPage();
    await waitFor(() => expect(waitingTexts()).toEqual(['Quantity of Oud Royal: 2']));
  });

  it('a tab never saves the data of a shopper who is no longer the one signed in', async () => {
    localStorage.setItem('userToken', TOKEN);
    const b = await otherTab();
    act(() => b.queryClient.setQueryData(['cart', 'en', TOKEN], cartOf([line()])));
    await waitFor(() => expect(storedKeys()).toEqual([['cart', 'en', TOKEN]]));
    // Someone else signed in elsewhere; this tab has not heard of it yet and saves again.
    localStorage.setItem('userToken', 'token-of-someone-else-1');
    act(() => b.queryClient.setQueryData(['home', 'en'], { slider: [] }));
    await waitFor(() => expect(storedKeys()).toEqual([['home', 'en']]));
    expect(JSON.stringify(stored())).not.toContain(TOKEN);
  });

  it('a log-out in another tab: this one forgets the shopper and their waiting changes, and writes none of it back', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line()])), '/changeSummaryCard/3': () => ok(cartOf([line()])) });
    const { queryClient } = loadCartPage();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(plus);
    await waitFor(() => expect(storedChanges()).toHaveLength(1));

    // The other tab logs out: its signal, then it clears localStorage and IndexedDB.
    localStorage.setItem(LOG_OUT_SIGNAL, '1');
    const signal = new StorageEvent('storage', { key: LOG_OUT_SIGNAL, oldValue: null, newValue: '1' });
    localStorage.removeItem(LOG_OUT_SIGNAL);
    localStorage.removeItem('userToken');
    idb.clear();
    act(() => { window.dispatchEvent(signal); });
    act(() => { window.dispatchEvent(new StorageEvent('storage', { key: 'userToken', oldValue: TOKEN, newValue: null })); });

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    expect(queryClient.getQueryCache().findAll().filter((q) => q.queryKey.includes(TOKEN))).toEqual([]);
    act(() => onlineManager.setOnline(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(JSON.stringify([...idb.values()])).not.toContain(TOKEN);
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);
  });

  it('a 401 in another tab: this one forgets the shopper, and its waiting change is named as not done, not sent', async () => {
    localStorage.setItem('userToken', TOKEN);
    const api = fakeApi({ '/showCard': () => ok(cartOf([line()])), '/changeSummaryCard/3': () => ok(cartOf([line()])) });
    const { queryClient } = loadCartPage();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(plus);
    await waitFor(() => expect(waitingTexts()).toHaveLength(1));
    localStorage.removeItem('userToken');
    act(() => { window.dispatchEvent(new StorageEvent('storage', { key: 'userToken', oldValue: TOKEN, newValue: null })); });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(queryClient.getQueryCache().findAll().filter((q) => q.queryKey.includes(TOKEN))).toEqual([]);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText("Couldn't change the quantity of Oud Royal: You were signed out.")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/changeSummaryCard/3')).toEqual([]);
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
    act(() => { queryClient.getMutationCache().build(queryClient, { mutationKey: cartChangeKeys.add }).execute({ productId: 5, productName: 'Oud Royal', stamp: stampChange(TOKEN, 'en') }).catch(() => {}); });
    await waitFor(() => expect(storedChanges()).toHaveLength(1));

    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(deleted.sort()).toEqual(['attar-api']));
    expect(Object.keys(localStorage).sort()).toEqual(['data saver', 'lang']);
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    // Whatever is saved again holds nothing of the shopper.
    await waitFor(() => expect(storedChanges()).toEqual([]));
    expect(JSON.stringify([...idb.values()])).not.toContain(TOKEN);
    act(() => onlineManager.setOnline(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.path === '/addToCard')).toEqual([]);
  });
});

describe('waiting changes and the server keys', () => {
  it('the server replays a key longer than a change may wait on this device, so a resent change never runs twice', async () => {
    const { DEFAULT_SETTINGS } = await import('../../server/settings');
    expect(DEFAULT_SETTINGS.idempotencyTtlMs).toBeGreaterThan(CHANGE_MAX_AGE);
  });
});
