// Renders storefront pieces inside the app's real providers and a memory router.
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';

export function renderApp(ui: ReactNode, { route = '/' } = {}) {
  const queryClient = makeQueryClient();
  // The app's own query defaults, only without retries: a test sees a failure at once.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProvider>,
  );
}

/** A fake API: answers by path (the query string is the handler's to read), records the `lang` header of each call. */
type FakeAnswer = { status?: number; body: unknown };

export function fakeApi(routes: Record<string, (lang: string, url: URL) => FakeAnswer | Promise<FakeAnswer>>) {
  const calls: { path: string; lang: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const lang = String((init?.headers as Record<string, string> | undefined)?.lang ?? '');
    calls.push({ path, lang });
    const handler = routes[path];
    if (!handler) return new Response(JSON.stringify({ status: 404, message: 'Not found' }), { status: 404 });
    const answer = await handler(lang, url);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The carousel of that name once Swiper has taken it over (until then it shows its first slides: carousel.tsx). */
export const swiperRegion = (name: string) => waitFor(() => {
  const region = screen.getByRole('region', { name });
  expect(region.querySelector('.swiper')).not.toBeNull();
  return region;
});

/** A matchMedia that matches nothing, where jsdom has none (Swiper's breakpoints ask for it). */
export function stubMatchMedia() {
  if (typeof window.matchMedia === 'function') return;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false, media: query, onchange: null,
      addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
    }),
  });
}
