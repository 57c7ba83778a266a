// Buy again from My orders and from an order's page (docs/rules.md, "Buy again"): one keyed
// POST, the cart taking its answer, and the shopper told what was added and what was not, by
// name. Offline it waits in the cart's queue like an add, is sent once when the connection
// returns, and its result is told then.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import MyOrders from '@/app/routes/my-orders';
import TrackOrder from '@/app/routes/track-order';
import { cartQuery } from '@/features/cart/api/get-cart';
import { cartLine, cartOf, json, ok, TOKEN } from './fixtures';
import { fakeApi } from './render';

afterEach(() => {
  cleanup();
  act(() => onlineManager.setOnline(true));
  vi.unstubAllGlobals();
});

const order = {
  id: 7, number: 'ATR-10007', created_at: '2026-05-01T08:30:00.000Z', status: 'delivered', total: 1500,
  items_count: 3, payment: 'delivery', payment_status: 'paid', shiping: 'free', delivery_date: '2026-05-08',
};
const orders = () => ok({ orders: [order], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } });

const oud = cartLine({ product_qty: 2, smell: ['Rose', 'Amber'] });
const answer = (lines: unknown[], message = 'Some of the order\'s products are back in your cart; some could not be added.') =>
  json({ status: 200, message, data: { cart: cartOf([oud]), lines } });
const mixed = [
  { product_id: 5, name: 'Oud Royal', ordered: 2, added: 2, reason: null, smells: [] },
  { product_id: 6, name: 'Bleu Horizon', ordered: 1, added: 0, reason: 'out_of_stock', smells: [] },
  { product_id: 8, name: 'Musk Tahara', ordered: 1, added: 0, reason: 'smell_gone', smells: ['Vanilla'] },
  { product_id: 9, name: 'Amber Nights', ordered: 3, added: 1, reason: 'stock_limit', smells: [] },
  { product_id: 10, name: 'Old Rose', ordered: 1, added: 0, reason: 'unavailable', smells: [] },
];

function serve(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem('userToken', TOKEN);
  const api = fakeApi(routes);
  const sends = () => api.fetchMock.mock.calls
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, ''),
      method: init?.method,
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    }))
    .filter((call) => call.path.endsWith('/buy-again'));
  return { ...api, sends };
}

function renderAt(entry: string): QueryClient {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/myOrders" element={<MyOrders />} />
          <Route path="/trackOrders/:id/:num" element={<TrackOrder />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return queryClient;
}

describe('buy again', () => {
  it('from My orders: one keyed POST, the cart takes the answer, and the shopper hears what was added and what was not, by name', async () => {
    const { sends } = serve({ '/orders': orders, '/orders/7/buy-again': () => answer(mixed) });
    const queryClient = renderAt('/myOrders');
    const item = await screen.findByRole('listitem', { name: 'Order ATR-10007' });
    fireEvent.click(within(item).getByRole('button', { name: 'Buy again, order ATR-10007' }));

    expect(await screen.findByText('Added to your cart: Oud Royal (×2) and Amber Nights.')).toBeTruthy();
    expect(screen.getByText('Bleu Horizon is out of stock.')).toBeTruthy();
    expect(screen.getByText('Musk Tahara no longer comes in Vanilla.')).toBeTruthy();
    expect(screen.getByText('Only 1 of the 3 units of Amber Nights could be added: that is all we have.')).toBeTruthy();
    expect(screen.getByText('Old Rose is no longer sold.')).toBeTruthy();
    expect(sends()).toEqual([{ path: '/orders/7/buy-again', method: 'POST', key: expect.any(String) }]);
    expect(queryClient.getQueryData(cartQuery('en', TOKEN).queryKey)).toEqual(cartOf([oud]));
  });

  it('says plainly when nothing could be added', async () => {
    serve({
      '/orders': orders,
      '/orders/7/buy-again': () => answer([mixed[1]], 'Nothing from this order could be added to your cart.'),
    });
    renderAt('/myOrders');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again, order ATR-10007' }));
    expect(await screen.findByText('Nothing from order ATR-10007 could be added to your cart.')).toBeTruthy();
    expect(screen.getByText('Bleu Horizon is out of stock.')).toBeTruthy();
  });

  it('in Arabic, from the order\'s page', async () => {
    localStorage.setItem('lang', 'ar');
    const detail = {
      ...order, items: [], address: { title: 'البيت', address: '٥ شارع النيل', phone: '01012345678', city: 'المعادي', government: 'القاهرة' },
      governorate: 'cairo', username: 'سلمى نبيل', phone: '01012345678', subtotal: 1500, coupon: null, coupon_discount: 0, points_used: 0,
      points_discount: 0, points_earned: 15, shipping_fee: 0, wallet_phone: '01000000000', payment_sender_phone: null, payment_reference: null,
      status_history: [{ status: 'pending', at: order.created_at, reason: null }],
    };
    serve({
      '/orders/7': () => ok({ order: detail }),
      '/orders/7/buy-again': () => answer([
        { product_id: 5, name: 'عود ملكي', ordered: 2, added: 2, reason: null, smells: [] },
        { product_id: 6, name: 'أفق أزرق', ordered: 1, added: 0, reason: 'out_of_stock', smells: [] },
      ]),
    });
    renderAt('/trackOrders/7/ATR-10007');
    fireEvent.click(await screen.findByRole('button', { name: 'اطلبه تاني، الطلب ATR-10007' }));
    expect(await screen.findByText('أضفنا إلى سلتك: عود ملكي (×٢).')).toBeTruthy();
    expect(screen.getByText('نفدت كمية أفق أزرق.')).toBeTruthy();
  });

  it('offline: waits in the cart\'s queue, says so, queues nothing more on a second press, and is sent once when back online', async () => {
    const { sends } = serve({ '/orders': orders, '/orders/7/buy-again': () => answer(mixed.slice(0, 1), 'The order\'s products are back in your cart.') });
    renderAt('/myOrders');
    const button = await screen.findByRole('button', { name: 'Buy again, order ATR-10007' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(button);
    expect(await screen.findByText('You are offline. This change will be sent when you are back online.')).toBeTruthy();
    const waiting = await screen.findByRole('button', { name: 'Waiting for a connection, order ATR-10007' });
    expect(waiting.textContent).toBe('Waiting for a connection');
    fireEvent.click(waiting);
    expect(sends()).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Added to your cart: Oud Royal (×2).')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy again, order ATR-10007' }).textContent).toBe('Buy again'));
    expect(sends()).toHaveLength(1);
  });
});
