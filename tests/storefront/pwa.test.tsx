// The app's side of the service worker: the update prompt (workbox-window
// mocked), and lazy screens whose code does not arrive.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { RouteErrorBoundary } from '@/app/route-error';
import { UpdatePrompt } from '@/pwa/update-prompt';
import { CHUNK_LOAD_TIMEOUT_MS, CHUNK_RELOAD_KEY, ChunkLoadError, isChunkLoadError, lazyScreen, loadChunk } from '@/pwa/chunk-load';
import { reloadPage } from '@/pwa/reload';
import { INSTALL_MS, reloadOntoLatest, TAKEOVER_MS } from '@/pwa/reload-latest';
import { fakeApi, renderApp } from './render';

vi.mock('@/pwa/reload', () => ({ reloadPage: vi.fn() }));

/** workbox-window's Workbox as the prompt uses it: events, register, messageSkipWaiting. */
const workbox = vi.hoisted(() => {
  type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;
  const state = {
    instances: [] as FakeWorkbox[],
    registration: { waiting: {} as object | null, update: () => Promise.resolve() },
  };
  class FakeWorkbox {
    listeners = new Map<string, Listener[]>();
    skipWaitingMessages = 0;
    messages: unknown[] = [];
    constructor(readonly url: string) {
      state.instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    fire(type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
    register() {
      return Promise.resolve(state.registration);
    }
    messageSkipWaiting() {
      this.skipWaitingMessages += 1;
    }
    messageSW(data: unknown) {
      this.messages.push(data);
      return Promise.resolve(true);
    }
  }
  return { state, FakeWorkbox };
});
vi.mock('workbox-window', () => ({ Workbox: workbox.FakeWorkbox }));

const reload = vi.mocked(reloadPage);

beforeEach(() => {
  reload.mockClear();
  workbox.state.instances.length = 0;
  workbox.state.registration.waiting = {};
  // jsdom has no service workers; the prompt only needs to see that the browser has them.
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

async function promptShown() {
  fakeApi({});
  renderApp(<UpdatePrompt />);
  // jsdom's document has loaded: workbox-window's module comes at once, and registers.
  await waitFor(() => expect(workbox.state.instances).toHaveLength(1));
  const wb = workbox.state.instances[0];
  expect(wb.url).toBe('/sw.js');
  // register() has resolved: the registration (and its waiting worker) is known.
  await act(async () => {});
  act(() => wb.fire('waiting'));
  await screen.findByText('New version available');
  return wb;
}

describe('the update prompt', () => {
  it('says a new version is waiting, and lets it in only on Reload, reloading once it controls the page', async () => {
    const wb = await promptShown();
    // Nothing happens behind the shopper's back.
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.skipWaitingMessages).toBe(1);
    // The old page stays until the new worker has taken over.
    expect(reload).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Reload' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => wb.fire('controlling', { isUpdate: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    // A second controllerchange does not reload again.
    act(() => wb.fire('controlling', { isUpdate: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads when the new worker takes over without the shopper asking (another tab)', async () => {
    const wb = await promptShown();
    act(() => wb.fire('controlling', { isUpdate: true, isExternal: true }));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('New version available')).toBeTruthy();
  });

  it('reloads at once when another tab already let the new version in', async () => {
    const wb = await promptShown();
    workbox.state.registration.waiting = null;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows one prompt however often the worker says it waits, and Close dismisses it without reloading', async () => {
    const wb = await promptShown();
    act(() => wb.fire('waiting', { isExternal: true }));
    expect(screen.getAllByText('New version available')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('New version available')).toBeNull());
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads workbox-window and registers only once the page has loaded, not with the first screen', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    fakeApi({});
    renderApp(<UpdatePrompt />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(workbox.state.instances).toHaveLength(0);
    readyState.mockReturnValue('complete');
    act(() => { window.dispatchEvent(new Event('load')); });
    await waitFor(() => expect(workbox.state.instances).toHaveLength(1));
  });

  it('hands the worker what the first page loaded before it took over, never a signed-in answer', async () => {
    localStorage.setItem('userToken', 'token-123456789012345');
    localStorage.setItem('lang', 'ar');
    const origin = window.location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      `${origin}/assets/product-details-Ab12.js`,
      `${origin}/media/products/oud.svg`,
      `${origin}/api/products/details/3`,
      `${origin}/api/home`,
      `${origin}/api/about`,
      `${origin}/api/cart`,
      'https://elsewhere.example/x.js',
    ].map((name) => ({ name })) as PerformanceEntryList);
    fakeApi({});
    renderApp(<UpdatePrompt />);
    await waitFor(() => expect(workbox.state.instances).toHaveLength(1));
    const wb = workbox.state.instances[0];
    act(() => wb.fire('controlling', { isUpdate: false, isExternal: false }));
    expect(wb.messages).toEqual([{
      type: 'CACHE_URLS',
      payload: {
        urlsToCache: [
          `${origin}/assets/product-details-Ab12.js`,
          `${origin}/media/products/oud.svg`,
          // Asked without the token, in the shopper's language; /home carried the token, so it stays out.
          [`${origin}/api/products/details/3`, { headers: { lang: 'ar' } }],
          [`${origin}/api/about`, { headers: { lang: 'ar' } }],
        ],
      },
    }]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    fakeApi({});
    renderApp(<UpdatePrompt />);
    expect(workbox.state.instances).toHaveLength(0);
  });
});

describe('the lazy-screen timeout', () => {
  it('is 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it('fails a screen still loading after 120000 ms with "Loading chunk N failed"', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    loadChunk('track-order', () => new Promise(() => {})).then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = outcome.mock.calls[0][0] as Error;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toBe('Loading chunk track-order failed. (timeout: 120000 ms)');
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('lets a slow screen that arrives in time through, and turns a rejected import into a chunk error', async () => {
    vi.useFakeTimers();
    const slow = loadChunk('cart', () => new Promise((resolve) => setTimeout(() => resolve('cart module'), 119_000)));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS * 2);
    await expect(slow).resolves.toBe('cart module');
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/cart-Ab12.js');
    const failed = loadChunk('cart', () => Promise.reject(cause));
    await expect(failed).rejects.toThrow('Loading chunk cart failed. (Failed to fetch dynamically imported module: /assets/cart-Ab12.js)');
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', cause });
  });

  it('recognises the browsers\' own words for a module that did not load, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 3 failed')).toBe(false);
  });
});

/** A route whose screen's code never arrives, under the app's route error screen. */
function renderFailingScreen(cause: unknown = new TypeError('Failed to fetch dynamically imported module: /assets/about-Ab12.js')) {
  fakeApi({});
  const Screen = lazyScreen<object>('about', () => Promise.reject(cause));
  return render(
    <AppProvider queryClient={makeQueryClient()}>
      <MemoryRouter>
        <RouteErrorBoundary>
          <Suspense fallback={null}><Screen /></Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('a screen whose code does not arrive', () => {
  beforeEach(() => {
    // React and the route screen report the failure to the console, as they should.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('reloads the app by itself the first time in a session, showing the loading view meanwhile', async () => {
    renderFailingScreen();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // Remembered with the screen that failed.
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('about');
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('after that reload, shows the failure with Retry instead of reloading again', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'about');
    renderFailingScreen();
    await screen.findByRole('heading', { level: 1, name: 'This page could not be shown.' });
    expect(screen.getByRole('alert').textContent).toContain('Check your connection, then try again.');
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('never reloads by itself when the tab cannot remember that it did (storage refused)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new DOMException('denied', 'SecurityError'); });
    renderFailingScreen();
    await screen.findByRole('button', { name: 'Retry' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('treats a screen that failed to render as before: shown at once, no reload', async () => {
    fakeApi({});
    const Broken = () => { throw new TypeError('Cannot read properties of undefined'); };
    render(<AppProvider queryClient={makeQueryClient()}><MemoryRouter><RouteErrorBoundary><Broken /></RouteErrorBoundary></MemoryRouter></AppProvider>);
    await screen.findByRole('heading', { level: 1, name: 'This page could not be shown.' });
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});

/**
 * The browser's service workers as reload-latest.ts uses them: a registration
 * with maybe a waiting worker, update(), and controllerchange.
 */
function fakeWorkers({ waiting = false, foundOnUpdate = false } = {}) {
  const posted: unknown[] = [];
  const worker = () => ({ state: 'installed', postMessage: (message: unknown) => posted.push(message), addEventListener() {} });
  const registration = {
    waiting: waiting ? worker() : null as ReturnType<typeof worker> | null,
    installing: null,
    update: vi.fn(async () => {
      if (foundOnUpdate) registration.waiting = worker();
    }),
  };
  const listeners: (() => void)[] = [];
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      addEventListener: (type: string, listener: () => void) => { if (type === 'controllerchange') listeners.push(listener); },
    },
  });
  return { posted, registration, takeOver: () => act(() => { for (const l of listeners.splice(0)) l(); }) };
}

describe('a screen whose code does not arrive, with a new version deployed', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  // After a deploy the old worker serves the old page, whose files are gone: a
  // plain reload lands on it again for as long as the new worker waits.
  it('lets the waiting version in, and reloads once it controls the page (the one automatic reload)', async () => {
    const sw = fakeWorkers({ waiting: true });
    renderFailingScreen();
    await waitFor(() => expect(sw.posted).toEqual([{ type: 'SKIP_WAITING' }]));
    expect(reload).not.toHaveBeenCalled();
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does the same on Retry, once the automatic reload was spent', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'about');
    const sw = fakeWorkers({ waiting: true });
    renderFailingScreen();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(sw.posted).toEqual([]);
    fireEvent.click(retry);
    fireEvent.click(retry);
    await waitFor(() => expect(sw.posted).toEqual([{ type: 'SKIP_WAITING' }]));
    expect(reload).not.toHaveBeenCalled();
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the server for a new version first when none is known yet', async () => {
    const sw = fakeWorkers({ foundOnUpdate: true });
    renderFailingScreen();
    await waitFor(() => expect(sw.posted).toEqual([{ type: 'SKIP_WAITING' }]));
    expect(sw.registration.update).toHaveBeenCalledTimes(1);
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads plainly when there is no new version', async () => {
    const sw = fakeWorkers();
    renderFailingScreen();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sw.registration.update).toHaveBeenCalledTimes(1);
    expect(sw.posted).toEqual([]);
  });

  it('waits for a new version that is still installing, however slowly, rather than reload onto the broken one', async () => {
    vi.useFakeTimers();
    const sw = fakeWorkers();
    // Found installing: its precache comes over weak mobile data, 30 s here.
    const changes: (() => void)[] = [];
    const installing = { state: 'installing', postMessage: (message: unknown) => sw.posted.push(message), addEventListener: (_: string, listener: () => void) => changes.push(listener) };
    (sw.registration as { installing: unknown }).installing = installing;
    const done = reloadOntoLatest();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reload).not.toHaveBeenCalled();
    installing.state = 'installed';
    sw.registration.waiting = installing as never;
    (sw.registration as { installing: unknown }).installing = null;
    for (const listener of changes) listener();
    await done;
    expect(sw.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads plainly when a version found installing has not finished in INSTALL_MS', async () => {
    vi.useFakeTimers();
    const sw = fakeWorkers();
    (sw.registration as { installing: unknown }).installing = { state: 'installing', postMessage() {}, addEventListener() {} };
    const done = reloadOntoLatest();
    await vi.advanceTimersByTimeAsync(INSTALL_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the new version never takes over', async () => {
    vi.useFakeTimers();
    const sw = fakeWorkers({ waiting: true });
    await reloadOntoLatest();
    expect(sw.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    await vi.advanceTimersByTimeAsync(TAKEOVER_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // Taking over late reloads nothing twice.
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the one automatic reload', () => {
  it('is given back once the screen that failed has loaded, so a later deploy in this tab gets its own', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'about');
    // Another screen arriving says nothing about the one that failed.
    await loadChunk('cart', async () => 'cart module');
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('about');
    await expect(loadChunk('about', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('about');
    await loadChunk('about', async () => 'about module');
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('is spent again by a later failure, after being given back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'about');
    await loadChunk('about', async () => 'about module');
    renderFailingScreen();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

// The about screen's file is gone, as after a deploy that removed the old build.
vi.mock('@/app/routes/about', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/about-Ab12.js');
});

describe('the app\'s routes', () => {
  it('show a screen whose code failed inside the shell, with Retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(CHUNK_RELOAD_KEY, new Date().toISOString());
    window.history.pushState({}, '', '/about-us');
    fakeApi({});
    const { AppRoutes } = await import('@/app/router');
    render(<AppProvider queryClient={makeQueryClient()}><BrowserRouter><AppRoutes /></BrowserRouter></AppProvider>);
    await screen.findByRole('heading', { level: 1, name: 'This page could not be shown.' });
    // The banner, navigation and footer stay.
    expect(screen.getAllByRole('link', { name: 'Products' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    window.history.pushState({}, '', '/');
  });
});
