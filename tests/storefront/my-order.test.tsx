// The shopper's own actions on an order: the payment status in words, reporting
// a Vodafone Cash transfer, cancelling a pending order, buying it again, and the back office
// link for staff (docs/rules.md, "Payment status", "Order statuses", "Buy again").
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { formatMoney } from '@/lib/money';
import { formatPhone } from '@/lib/phone';
import { formatTimestamp } from '@/lib/dates';
import MyOrders from '@/app/routes/my-orders';
import TrackOrder from '@/app/routes/track-order';
import { Nav } from '@/app/shell/nav';
import { cartQuery } from '@/features/cart/api/get-cart';
import { fakeApi, renderApp } from './render';
import { TOKEN, cartLine, cartOf, json, ok } from './fixtures';

beforeEach(() => localStorage.setItem('userToken', TOKEN));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  act(() => onlineManager.setOnline(true));
});

function renderAt(entry: string, extra?: ReactNode) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        {extra}
        <Routes>
          <Route path="/myOrders" element={<MyOrders />} />
          <Route path="/trackOrders/:id/:num" element={<TrackOrder />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return queryClient;
}

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id, number: `ATR-${10000 + id}`, created_at: '2026-11-20T08:30:00.000Z', status: 'pending', total: 1141,
  items_count: 2, payment: 'cach', payment_status: 'awaiting', shiping: 'free', delivery_date: '2026-11-27', ...over,
});

const detail = (over: Record<string, unknown> = {}) => ({
  ...row(7),
  items: [{ product_id: 5, name: 'Royal Oud', image: '/media/5.webp', price: 650, qty: 2, smell: ['Rose', 'Amber'], gift: null }],
  address: { title: 'Home', address: '12 Tahrir St', phone: '01098765432', city: 'Dokki', government: 'Giza' },
  username: 'Mona Adel', phone: '01012345678', subtotal: 1300, coupon: null, coupon_discount: 0,
  points_used: 0, points_discount: 0, points_earned: 1141, shipping_fee: 0, wallet_phone: '01000000000',
  payment_sender_phone: null, payment_reference: null,
  status_history: [{ status: 'pending', at: '2026-11-20T08:30:00.000Z', reason: null }],
  ...over,
});

const TRACK = '/trackOrders/7/ATR-10007';

/** The JSON bodies sent to a path. */
function readFetchCalls(fetchMock: ReturnType<typeof fakeApi>['fetchMock'], path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes(path)).map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
}


describe('payment status in words', () => {
  it.each([
    ['unpaid', 'delivery', 'Pay on delivery'],
    ['awaiting', 'cach', 'Awaiting your transfer'],
    ['reported', 'cach', 'Transfer reported, being checked'],
    ['paid', 'cach', 'Paid'],
  ])('%s reads "%s" on the order and in My orders', async (status, payment, words) => {
    fakeApi({
      '/orders': () => ok({ orders: [row(7, { payment, payment_status: status })], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } }),
      '/orders/7': () => ok({ order: detail({ payment, payment_status: status, payment_sender_phone: status === 'reported' ? '01011112222' : null, payment_reference: status === 'reported' ? 'TX-1' : null }) }),
    });
    renderAt('/myOrders');
    const item = await screen.findByRole('listitem', { name: 'Order ATR-10007' });
    expect(within(item).getByText(words)).toBeTruthy();
  });

  it('says a cancelled order that was never paid owes nothing', async () => {
    fakeApi({
      '/orders': () => ok({
        orders: [row(7, { status: 'cancelled', payment: 'delivery', payment_status: 'unpaid' }), row(6, { status: 'cancelled', payment_status: 'reported' })],
        meta: { page: 1, per_page: 10, total: 2, last_page: 1 },
      }),
    });
    renderAt('/myOrders');
    const item = await screen.findByRole('listitem', { name: 'Order ATR-10007' });
    expect(within(item).getByText('Nothing to pay')).toBeTruthy();
    // A reported transfer stays said: the shop sends the money back.
    expect(within(screen.getByRole('listitem', { name: 'Order ATR-10006' })).getByText('Transfer reported, being checked')).toBeTruthy();
  });

  it('says them in Arabic on the tracking page', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({ '/orders/7': () => ok({ order: detail() }) });
    renderAt(TRACK);
    const payment = await screen.findByRole('region', { name: 'الدفع' });
    expect(within(payment).getByText('في انتظار تحويلك')).toBeTruthy();
    // The shop's wallet in Eastern digits, the amount as the server computed it.
    expect(within(payment).getByText(formatPhone('01000000000', 'ar'))).toBeTruthy();
    expect(within(payment).getByText('المبلغ المطلوب تحويله').nextElementSibling?.textContent).toBe(formatMoney(1141, 'ar'));
    expect(within(payment).getByRole('textbox', { name: /المحفظة التي حوّلت منها/ })).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'أبلغ عن التحويل' })).toBeTruthy();
  });
});

describe('reporting a Vodafone Cash transfer', () => {
  it('sends the sender phone in 11 digits and the reference, then shows what was reported', async () => {
    let reported = false;
    const reportedOrder = detail({ payment_status: 'reported', payment_sender_phone: '01011112222', payment_reference: 'TX-99' });
    const { fetchMock } = fakeApi({
      '/orders/7': () => ok({ order: reported ? reportedOrder : detail() }),
      '/orders/7/payment': () => {
        reported = true;
        return ok({ order: reportedOrder }, 'Thank you: we will check the transfer.');
      },
    });
    renderAt(TRACK);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    fireEvent.change(within(payment).getByRole('textbox', { name: /Wallet you sent from/ }), { target: { value: '٠١٠ ١١١١ ٢٢٢٢' } });
    fireEvent.change(within(payment).getByRole('textbox', { name: /Transfer reference/ }), { target: { value: ' TX-99 ' } });
    fireEvent.click(within(payment).getByRole('button', { name: 'Report transfer' }));
    expect(await screen.findByText('Thank you: we will check the transfer.')).toBeTruthy();
    expect(readFetchCalls(fetchMock, '/orders/7/payment')).toEqual([{ sender_phone: '01011112222', reference: 'TX-99' }]);
    await waitFor(() => expect(within(payment).getByText('Transfer reported, being checked')).toBeTruthy());
    expect(within(payment).getByText('TX-99')).toBeTruthy();
    expect(within(payment).getByText(formatPhone('01011112222', 'en'))).toBeTruthy();
    // They may correct it: the form comes back with what they reported.
    fireEvent.click(within(payment).getByRole('button', { name: 'Correct the transfer details' }));
    expect((within(payment).getByRole('textbox', { name: /Wallet you sent from/ }) as HTMLInputElement).value).toBe('01011112222');
    expect((within(payment).getByRole('textbox', { name: /Transfer reference/ }) as HTMLInputElement).value).toBe('TX-99');
  });

  it('checks the phone before sending, with the shared rule', async () => {
    const { calls } = fakeApi({ '/orders/7': () => ok({ order: detail() }) });
    renderAt(TRACK);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    fireEvent.change(within(payment).getByRole('textbox', { name: /Wallet you sent from/ }), { target: { value: '0101' } });
    fireEvent.click(within(payment).getByRole('button', { name: 'Report transfer' }));
    expect(await within(payment).findByText('Phone 11 digits')).toBeTruthy();
    expect(within(payment).getByText('Required')).toBeTruthy();
    expect(calls.some((c) => c.path === '/orders/7/payment')).toBe(false);
  });

  it("shows the server's 422 under each field and keeps what was typed", async () => {
    fakeApi({
      '/orders/7': () => ok({ order: detail() }),
      '/orders/7/payment': () => json({ status: 422, message: 'Check the fields.', errors: { reference: ['The reference is too long for a Vodafone Cash transfer.'] } }, 422),
    });
    renderAt(TRACK);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const phone = within(payment).getByRole('textbox', { name: /Wallet you sent from/ }) as HTMLInputElement;
    const reference = within(payment).getByRole('textbox', { name: /Transfer reference/ }) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '01011112222' } });
    fireEvent.change(reference, { target: { value: 'REF 123' } });
    fireEvent.click(within(payment).getByRole('button', { name: 'Report transfer' }));
    const message = await within(payment).findByText('The reference is too long for a Vodafone Cash transfer.');
    expect(message.getAttribute('role')).toBe('alert');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(phone.value).toBe('01011112222');
    expect(reference.value).toBe('REF 123');
    await waitFor(() => expect(document.activeElement).toBe(reference));
  });

  it('offers no form once paid, nor for a cancelled order', async () => {
    fakeApi({ '/orders/7': () => ok({ order: detail({ payment_status: 'paid', status: 'confirmed' }) }) });
    renderAt(TRACK);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Paid')).toBeTruthy();
    expect(within(payment).queryByRole('button', { name: 'Report transfer' })).toBeNull();
  });
});

describe('cancelling a pending order', () => {
  it('asks first, sends the reason, says the server\'s message and shows the order cancelled', async () => {
    let cancelled = false;
    const at = '2026-11-20T09:00:00.000Z';
    const cancelledOrder = detail({
      status: 'cancelled',
      status_history: [{ status: 'pending', at: '2026-11-20T08:30:00.000Z', reason: null }, { status: 'cancelled', at, reason: 'Ordered twice' }],
    });
    const { fetchMock } = fakeApi({
      '/orders/7': () => ok({ order: cancelled ? cancelledOrder : detail() }),
      '/orders/7/cancel': () => {
        cancelled = true;
        return ok({ order: cancelledOrder }, 'Order ATR-10007 is cancelled.');
      },
    });
    renderAt(TRACK);
    const opener = await screen.findByRole('button', { name: 'Cancel order ATR-10007' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order ATR-10007?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.change(reason, { target: { value: 'Ordered twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order ATR-10007 is cancelled.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readFetchCalls(fetchMock, '/orders/7/cancel')).toEqual([{ reason: 'Ordered twice' }]);
    // Cancelled, when, and why; no cancel button any more.
    expect(await screen.findByText(`This order was cancelled on ${formatTimestamp(at, 'en')}.`, { exact: false })).toBeTruthy();
    expect(screen.getByText('Ordered twice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order ATR-10007' })).toBeNull();
    // The button is gone: the focus is on the page's heading, not lost to the page's start.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Order ATR-10007' })));
  });

  it('Keep order and Escape close the dialog, send nothing and give the focus back', async () => {
    const { calls } = fakeApi({
      '/orders': () => ok({ orders: [row(7), row(6, { status: 'confirmed' })], meta: { page: 1, per_page: 10, total: 2, last_page: 1 } }),
    });
    renderAt('/myOrders');
    const item = await screen.findByRole('listitem', { name: 'Order ATR-10007' });
    // Only the pending order offers it.
    expect(within(screen.getByRole('listitem', { name: 'Order ATR-10006' })).queryByRole('button', { name: /Cancel order/ })).toBeNull();
    const opener = within(item).getByRole('button', { name: 'Cancel order ATR-10007' });
    opener.focus();
    fireEvent.click(opener);
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    fireEvent.click(opener);
    dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
  });

  it("a 422 (confirmed meanwhile) says the server's message and asks for the orders again", async () => {
    let confirmed = false;
    const { calls } = fakeApi({
      '/orders': () => ok({ orders: [row(7, { status: confirmed ? 'confirmed' : 'pending' })], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } }),
      '/orders/7/cancel': () => {
        confirmed = true;
        return json({ status: 422, message: 'Order ATR-10007 is already confirmed: please call us to cancel it.' }, 422);
      },
    });
    renderAt('/myOrders');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order ATR-10007' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order ATR-10007 is already confirmed: please call us to cancel it.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = screen.getByRole('listitem', { name: 'Order ATR-10007' });
    await waitFor(() => expect(within(item).getByText('Confirmed')).toBeTruthy());
    expect(within(item).queryByRole('button', { name: /Cancel order/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(item).getByRole('link', { name: 'Track order ATR-10007' })));
    expect(calls.filter((c) => c.path === '/orders').length).toBe(2);
  });

  it('is disabled offline, saying why', async () => {
    fakeApi({ '/orders/7': () => ok({ order: detail() }) });
    renderAt(TRACK);
    await screen.findByRole('button', { name: 'Cancel order ATR-10007' });
    act(() => onlineManager.setOnline(false));
    const button = screen.getByRole('button', { name: 'Cancel order ATR-10007' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('You are offline. Cancelling needs a connection.')).toBeTruthy();
  });

  it('speaks Arabic in the dialog', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({ '/orders/7': () => ok({ order: detail() }) });
    renderAt(TRACK);
    fireEvent.click(await screen.findByRole('button', { name: 'إلغاء الطلب ATR-10007' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الطلب ATR-10007؟' });
    expect(within(dialog).getByRole('textbox', { name: 'السبب (اختياري)' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'الإبقاء على الطلب' })).toBeTruthy();
  });
});

describe('the back office link', () => {
  const shell = () => ({
    '/home': () => ok({ Data_home_page: { message_nav: 'Hello' } }),
    '/showCard': () => ok({ card_count: 0, points: 0 }),
  });

  it.each([['staff'], ['owner']])('is in the account menu of a signed-in %s, as a full page link to /admin', async (role) => {
    localStorage.setItem('user role', role);
    fakeApi(shell());
    renderApp(<Nav />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    const link = await screen.findByRole('menuitem', { name: 'Back office' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/admin');
  });

  it('is not there for a shopper, nor once signed out', async () => {
    localStorage.setItem('user role', 'shopper');
    fakeApi(shell());
    renderApp(<Nav />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    await screen.findByRole('menuitem', { name: 'My orders' });
    expect(screen.queryByRole('menuitem', { name: 'Back office' })).toBeNull();
  });

  it('is not there for a visitor, whatever role is left in storage', async () => {
    localStorage.removeItem('userToken');
    localStorage.setItem('user role', 'owner');
    fakeApi(shell());
    renderApp(<Nav />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    await screen.findByRole('menuitem', { name: 'Sign in' });
    expect(screen.queryByRole('menuitem', { name: 'Back office' })).toBeNull();
  });
});

describe('buy again', () => {
  const orders = () => ok({ orders: [row(7, { status: 'delivered' })], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } });
  const oud = cartLine({ product_qty: 2, smell: ['Rose', 'Amber'] });
  const answer = (lines: unknown[], message = 'OK') => json({ status: 200, message, data: { cart: cartOf([oud]), lines } });
  const line = (product_id: number, name: string, ordered: number, added: number, reason: string | null, smells: string[] = []) =>
    ({ product_id, name, ordered, added, reason, smells });
  const mixed = [
    line(5, 'Oud Royal', 2, 2, null), line(6, 'Bleu Horizon', 1, 0, 'out_of_stock'), line(8, 'Musk Tahara', 1, 0, 'smell_gone', ['Vanilla']),
    line(9, 'Amber Nights', 3, 1, 'stock_limit'), line(10, 'Old Rose', 1, 0, 'unavailable'),
  ];
  /** The Idempotency-Key of each buy-again sent. */
  const keysSent = (fetchMock: ReturnType<typeof fakeApi>['fetchMock']) => fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/orders/7/buy-again') && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

  it('from My orders: one keyed POST, the cart takes the answer, and the shopper hears what was added and what was not, by name', async () => {
    const { fetchMock } = fakeApi({ '/orders': orders, '/orders/7/buy-again': () => answer(mixed) });
    const queryClient = renderAt('/myOrders');
    const item = await screen.findByRole('listitem', { name: 'Order ATR-10007' });
    fireEvent.click(within(item).getByRole('button', { name: 'Buy again, order ATR-10007' }));

    expect(await screen.findByText('Added to your cart: Oud Royal (×2) and Amber Nights.')).toBeTruthy();
    expect(screen.getByText('Bleu Horizon is out of stock.')).toBeTruthy();
    expect(screen.getByText('Musk Tahara no longer comes in Vanilla.')).toBeTruthy();
    expect(screen.getByText('Only 1 of the 3 units of Amber Nights could be added: that is all we have.')).toBeTruthy();
    expect(screen.getByText('Old Rose is no longer sold.')).toBeTruthy();
    expect(keysSent(fetchMock)).toEqual([expect.stringMatching(/^\S{8,}$/)]);
    expect(queryClient.getQueryData(cartQuery('en', TOKEN).queryKey)).toEqual(cartOf([oud]));
  });

  it('says plainly when nothing could be added', async () => {
    fakeApi({ '/orders': orders, '/orders/7/buy-again': () => answer([mixed[1]]) });
    renderAt('/myOrders');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again, order ATR-10007' }));
    expect(await screen.findByText('Nothing from order ATR-10007 could be added to your cart.')).toBeTruthy();
    expect(screen.getByText('Bleu Horizon is out of stock.')).toBeTruthy();
  });

  it('in Arabic, from the order\'s page', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({
      '/orders/7': () => ok({ order: detail() }),
      '/orders/7/buy-again': () => answer([line(5, 'عود ملكي', 2, 2, null), line(6, 'أفق أزرق', 1, 0, 'out_of_stock')]),
    });
    renderAt(TRACK);
    fireEvent.click(await screen.findByRole('button', { name: 'اطلبه تاني، الطلب ATR-10007' }));
    expect(await screen.findByText('أضفنا إلى سلتك: عود ملكي (×٢).')).toBeTruthy();
    expect(screen.getByText('نفدت كمية أفق أزرق.')).toBeTruthy();
  });

  it('offline: waits in the cart\'s queue, says so, queues nothing more on a second press, and is sent once when back online', async () => {
    const { fetchMock } = fakeApi({ '/orders': orders, '/orders/7/buy-again': () => answer(mixed.slice(0, 1)) });
    renderAt('/myOrders');
    const button = await screen.findByRole('button', { name: 'Buy again, order ATR-10007' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(button);
    expect(await screen.findByText('You are offline. This change will be sent when you are back online.')).toBeTruthy();
    const waiting = await screen.findByRole('button', { name: 'Waiting for a connection, order ATR-10007' });
    expect(waiting.textContent).toBe('Waiting for a connection');
    fireEvent.click(waiting);
    expect(keysSent(fetchMock)).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Added to your cart: Oud Royal (×2).')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy again, order ATR-10007' }).textContent).toBe('Buy again'));
    expect(keysSent(fetchMock)).toHaveLength(1);
  });
});
