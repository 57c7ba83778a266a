// The search box (src/features/search): suggestions as the shopper types,
// the combobox's keys, recent searches kept on the device, and offline
// suggestions from products already seen.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import SearchDialog, { SUGGEST_DEBOUNCE_MS } from '@/features/search/components/search-dialog';
import { recentSearches } from '@/features/search/recent-searches';
import type { ProductCard } from '@/lib/contract';
import { fakeApi, renderApp } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => onlineManager.setOnline(true));
});
beforeEach(() => localStorage.clear());

const suggestion = (id: number, name: string) => ({ id, name, price: 500, price_after_sale: 450, image: `/media/products/${id}.svg` });

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The dialog behind a button, as the bar has it; `seen` puts a product list in the cache first. */
function Harness({ seen = [] }: { seen?: ProductCard[] }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  if (seen.length && !client.getQueryData(['products', 'list', {}, 'en'])) {
    client.setQueryData(['products', 'list', {}, 'en'], { products: seen, meta: { page: 1, per_page: 12, total: seen.length, last_page: 1 } });
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open search</button>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
      <Routes><Route path="*" element={<Where />} /></Routes>
    </>
  );
}

const where = () => screen.getByTestId('location').textContent;
const box = () => screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement;

function open() {
  fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
  return box();
}

describe('the search box', () => {
  it('suggests products and categories from two characters, with the typed words marked', async () => {
    const { calls } = fakeApi({
      '/products/suggest': (_lang, url) => ({
        body: {
          status: 200, message: 'OK',
          data: url.searchParams.get('q') === 'musk t'
            ? { products: [suggestion(7, 'White Musk Tahara')], categories: [{ id: 3, name: 'Musk & More', image: '/media/c.svg' }], closest_category: null }
            : { products: [], categories: [], closest_category: null },
        },
      }),
    });
    renderApp(<Harness />);
    const input = open();
    // One character: no call, however long the typing rests.
    vi.useFakeTimers();
    try {
      fireEvent.change(input, { target: { value: 'm' } });
      act(() => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS * 5));
    } finally {
      vi.useRealTimers();
    }
    expect(calls.filter((c) => c.path === '/products/suggest')).toEqual([]);
    fireEvent.change(input, { target: { value: 'Musk T' } });
    const option = await screen.findByRole('option', { name: /White Musk Tahara/ });
    expect(within(option).getAllByText((_, el) => el?.tagName === 'MARK').map((m) => m.textContent)).toEqual(['Musk', 'Tahara']);
    expect(screen.getByRole('group', { name: 'Products' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Categories' })).getByRole('option', { name: 'Musk & More' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'See all results for “Musk T”' })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through the options with the arrows, and Enter opens the chosen one', async () => {
    fakeApi({
      '/products/suggest': () => ({ body: { status: 200, message: 'OK', data: { products: [suggestion(7, 'Oud One'), suggestion(8, 'Oud Two')], categories: [], closest_category: null } } }),
    });
    renderApp(<Harness />);
    const input = open();
    fireEvent.change(input, { target: { value: 'oud' } });
    await screen.findByRole('option', { name: /Oud Two/ });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getByRole('option', { name: /Oud Two/ });
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    // Up from the first wraps to the last ("see all").
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'See all results for “oud”' }).id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(where()).toBe('/products/product-details/8'));
    expect(recentSearches()).toEqual(['oud']);
  });

  it('goes to the full results on Enter with no option chosen, and keeps the search on the device', async () => {
    fakeApi({ '/products/suggest': () => ({ body: { status: 200, message: 'OK', data: { products: [], categories: [], closest_category: null } } }) });
    renderApp(<Harness />);
    let input = open();
    fireEvent.change(input, { target: { value: 'مسك الطهاره' } });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(where()).toBe(`/products?q=${encodeURIComponent('مسك الطهاره')}`));
    // Opened again: the recent search is offered, and choosing it types it.
    input = open();
    const recent = within(screen.getByRole('group', { name: 'Recent searches' })).getByRole('option', { name: 'مسك الطهاره' });
    fireEvent.click(recent);
    expect(input.value).toBe('مسك الطهاره');
    expect(recentSearches()).toEqual(['مسك الطهاره']);
  });

  it('clears the recent searches', () => {
    localStorage.setItem('recent searches', JSON.stringify(['oud', 'musk']));
    renderApp(<Harness />);
    open();
    expect(within(screen.getByRole('group', { name: 'Recent searches' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['oud', 'musk']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull();
    expect(recentSearches()).toEqual([]);
  });

  it('offline, suggests the products already seen and says so instead of an error', async () => {
    const { calls } = fakeApi({});
    const card = (id: number, name: string): ProductCard => ({
      ...suggestion(id, name), overview: '', category_id: 1, category_name: 'Musk', rate: 0, reviews_count: 0, typesale_name: 'normal', in_stock: true, is_fav: false,
    });
    renderApp(<Harness seen={[card(5, 'مسك الطهارة الأبيض'), card(6, 'عود ملكي')]} />);
    act(() => onlineManager.setOnline(false));
    const input = open();
    fireEvent.change(input, { target: { value: 'طهاره' } });
    expect(await screen.findByText('You are offline. These are products you have already seen.')).toBeTruthy();
    expect(screen.getByRole('option', { name: /مسك الطهارة الأبيض/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /عود ملكي/ })).toBeNull();
    expect(calls.filter((c) => c.path === '/products/suggest')).toEqual([]);
  });

  it('suggests the products already seen when suggestions cannot load, and says so', async () => {
    fakeApi({ '/products/suggest': () => ({ status: 500, body: { status: 500, message: 'Something went wrong on our side.' } }) });
    const card = (id: number, name: string): ProductCard => ({
      ...suggestion(id, name), overview: '', category_id: 1, category_name: 'Oud', rate: 0, reviews_count: 0, typesale_name: 'normal', in_stock: true, is_fav: false,
    });
    renderApp(<Harness seen={[card(6, 'Royal Oud')]} />);
    fireEvent.change(open(), { target: { value: 'oud' } });
    expect(await screen.findByText('Suggestions could not load. These are products you have already seen.')).toBeTruthy();
    expect(screen.getByRole('option', { name: /Royal Oud/ })).toBeTruthy();
    expect(screen.queryByText('Something went wrong on our side.')).toBeNull();
  });

  it('closes with its button and Escape', () => {
    renderApp(<Harness />);
    const input = open();
    const dialog = input.closest('dialog')!;
    expect(dialog.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(dialog.open).toBe(false);
    open();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog.open).toBe(false);
  });
});
