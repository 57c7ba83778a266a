// Where the keyboard's focus goes when the shopper moves to another page:
// the new screen's heading, so a screen reader says where they arrived.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { Layout } from '@/app/shell/layout';
import { fakeApi } from './render';
import { json, ok } from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const shellRoutes = {
  '/home': () => ok({ Data_home_page: { message_nav: 'Hello' } }),
  '/products/bestseller': () => json({ status: 200, message: 'OK', data: [], footer: { description: '' }, linkfooter: {} }),
};

/** A wide screen: the bar shows its links (nav.tsx). */
const wideScreen = () => vi.stubGlobal('matchMedia', (query: string) => ({
  matches: true, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
}));

/** A list whose page is in its query string, as the product lists keep theirs. */
function List({ title }: { title: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <h1>{title}</h1>
      <button type="button" onClick={() => navigate('?page=2')}>Page 2</button>
      {/* Gone once used, as the pages' bar is while the next page loads. */}
      {search === '' && <button type="button" onClick={() => navigate('?page=3')}>Page 3</button>}
      <Link to="/">Home link</Link>
    </>
  );
}

/** A screen whose heading comes with its data, after a moment: `arrive` brings it. */
let arrive: () => void = () => {};
function Late() {
  const [here, setHere] = useState(false);
  arrive = () => setHere(true);
  return here ? <h1>Arrived</h1> : <p>Loading…</p>;
}

function renderShell(lang: 'en' | 'ar', at = '/') {
  localStorage.setItem('lang', lang);
  wideScreen();
  fakeApi(shellRoutes);
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{
    element: <Layout />,
    children: [
      { path: '/', element: <><h1>Home</h1><Link to="/products">Into the list</Link><Link to="/late">Later</Link></> },
      { path: '/products', element: <List title="Products" /> },
      { path: '/offers', element: <List title="Offers" /> },
      { path: '/late', element: <Late /> },
      { path: '/payment-session/info', element: <h1>Checkout</h1> },
    ],
  }], { initialEntries: [at] });
  render(<AppProvider queryClient={queryClient}><RouterProvider router={router} /></AppProvider>);
  return router;
}

/** Follows a link as a keyboard does: focus on it, then Enter (a click). */
function follow(link: HTMLElement) {
  link.focus();
  fireEvent.click(link);
}

const say = (lang: 'en' | 'ar', en: string, ar: string) => (lang === 'ar' ? ar : en);

describe.each(['en', 'ar'] as const)('the focus after a navigation, in %s', (lang) => {
  it('stays where the browser put it on the first page', async () => {
    renderShell(lang);
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(document.activeElement).toBe(document.body);
  });

  it('goes from a link in the bar (which stays on the page) to the new screen\'s h1, focusable by script only', async () => {
    renderShell(lang);
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const bar = screen.getByRole('navigation', { name: say(lang, 'Main', 'القائمة الرئيسية') });
    follow(within(bar).getByRole('link', { name: say(lang, 'Offers', 'العروض') }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('goes from a link inside the old screen (gone with it) to the new screen\'s h1, and back with Back', async () => {
    const router = renderShell(lang);
    follow(await screen.findByRole('link', { name: 'Into the list' }));
    const list = await screen.findByRole('heading', { level: 1, name: 'Products' });
    await waitFor(() => expect(document.activeElement).toBe(list));
    await act(() => router.navigate(-1));
    const home = await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(home));
  });

  it('waits for a heading that comes later, and then takes it there', async () => {
    renderShell(lang);
    follow(await screen.findByRole('link', { name: 'Later' }));
    await screen.findByText('Loading…');
    expect(document.activeElement).toBe(document.body);
    act(() => arrive());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Arrived' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus where the shopper moved it before the heading came', async () => {
    renderShell(lang);
    follow(await screen.findByRole('link', { name: 'Later' }));
    await screen.findByText('Loading…');
    const toggle = screen.getByTestId('language-toggle');
    toggle.focus();
    act(() => arrive());
    await screen.findByRole('heading', { level: 1, name: 'Arrived' });
    // Given a moment to move it, which it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(toggle);
  });

  it('stays on the control when only the query string changes (a filter, a page of the same list)', async () => {
    const router = renderShell(lang, '/products');
    const page2 = await screen.findByRole('button', { name: 'Page 2' });
    follow(page2);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(page2);
  });

  it('goes to the heading when the control used for the query string went with the change', async () => {
    const router = renderShell(lang, '/products');
    follow(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Products' })));
  });

  it('leaves checkout\'s steps to place the focus on their own headings', async () => {
    const router = renderShell(lang, '/products');
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    await act(() => router.navigate('/payment-session/info'));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);
  });
});
