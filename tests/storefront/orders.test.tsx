import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { focusManager } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { useSession } from '@/lib/session';
import { formatDay, formatTimestamp } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import MyOrders from '@/app/routes/my-orders';
import TrackOrder from '@/app/routes/track-order';
import TrackAllOrders from '@/app/routes/track-all-orders';
import { fakeApi } from './render';

const TOKEN = 'token-123456789012345';

beforeEach(() => localStorage.setItem('userToken', TOKEN));
afterEach(() => vi.unstubAllGlobals());

function renderAt(entry: string, extra?: ReactNode) {
  const queryClient = makeQueryClient();
  // The app's own defaults (a minute fresh, no refetch on focus), without retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const ui: ReactNode = (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        {extra}
        <Routes>
          <Route path="/myOrders" element={<MyOrders />} />
          <Route path="/trackOrders/:id/:num" element={<TrackOrder />} />
          <Route path="/trackAllOrders" element={<TrackAllOrders />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>
  );
  return render(ui);
}

const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: 'OK', data } });

interface Row {
  id: number; number: string; created_at: string; status: string; total: number;
  items_count: number; payment: string; payment_status: string; shiping: string; delivery_date: string;
}
const row = (id: number, overrides: Partial<Row> = {}): Row => ({
  id, number: `ATR-${10000 + id}`, created_at: '2026-05-01T08:30:00.000Z', status: 'pending', total: 1250.5,
  items_count: 3, payment: 'cach', payment_status: 'awaiting', shiping: 'free', delivery_date: '2026-05-08', ...overrides,
});
const page = (orders: Row[], n = 1, lastPage = 1, total = orders.length) => ok({ orders, meta: { page: n, per_page: 10, total, last_page: lastPage } });

const AT = {
  pending: '2026-05-01T08:30:00.000Z',
  confirmed: '2026-05-01T12:05:00.000Z',
  onTheWay: '2026-05-02T09:15:00.000Z',
  cancelled: '2026-05-02T10:45:00.000Z',
};

const detail = (overrides: Record<string, unknown> = {}) => ({
  // On its way: the shop saw the transfer.
  ...row(7, { status: 'on the way', total: 1141, payment_status: 'paid' }),
  items: [
    { product_id: 5, name: 'Royal Oud', image: '/media/5.webp', price: 650, qty: 2, smell: ['Rose', 'Amber'], gift: 'Travel atomizer' },
    { product_id: 9, name: 'Musk Tahara', image: '/media/9.webp', price: 120, qty: 1, smell: [], gift: null },
  ],
  address: { title: 'Home', address: '12 Tahrir St', phone: '01098765432', city: 'Dokki', government: 'Giza' },
  username: 'Mona Adel',
  phone: '01012345678',
  subtotal: 1420,
  coupon: 'WELCOME10',
  coupon_discount: 142,
  points_used: 1200,
  points_discount: 60,
  points_earned: 1218,
  shipping_fee: 0,
  wallet_phone: '01000000000',
  payment_sender_phone: null,
  payment_reference: null,
  status_history: [
    { status: 'pending', at: AT.pending },
    { status: 'confirmed', at: AT.confirmed },
    { status: 'on the way', at: AT.onTheWay },
  ],
  ...overrides,
});

/** What a step says, without the number drawn in its icon. */
const said = (li: HTMLElement) => {
  const copy = li.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('svg').forEach((svg) => svg.remove());
  return copy.textContent ?? '';
};

/** The stepper's step for a status label: its list item. */
const step = (label: string) => {
  const list = screen.getByRole('list', { name: 'Order progress' });
  const item = within(list).getAllByRole('listitem').find((li) => said(li).startsWith(label));
  if (!item) throw new Error(`no step ${label}`);
  return item;
};

describe('my orders', () => {
  it('lists each order with its number, date, status, items, total and a Track link', async () => {
    const { calls } = fakeApi({
      '/orders': () => page([row(2, { status: 'out for delivery', items_count: 1, total: 320 }), row(1)]),
    });
    renderAt('/myOrders');
    const first = await screen.findByRole('listitem', { name: 'Order ATR-10002' });
    expect(within(first).getByText(formatTimestamp('2026-05-01T08:30:00.000Z', 'en'))).toBeTruthy();
    expect(within(first).getByText('Out for delivery')).toBeTruthy();
    expect(within(first).getByText('1 item')).toBeTruthy();
    expect(within(first).getByText('EGP 320.00')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Track order ATR-10002' }).getAttribute('href')).toBe('/trackOrders/2/ATR-10002');

    const second = screen.getByRole('listitem', { name: 'Order ATR-10001' });
    expect(within(second).getByText('Pending')).toBeTruthy();
    expect(within(second).getByText('3 items')).toBeTruthy();
    expect(within(second).getByText('EGP 1,250.50')).toBeTruthy();

    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track all orders' }).getAttribute('href')).toBe('/trackAllOrders');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/orders']);
  });

  it('shows the status, date, count and total in Arabic, from the real catalog', async () => {
    localStorage.setItem('lang', 'ar');
    const { calls } = fakeApi({ '/orders': () => page([row(1, { status: 'delivered', items_count: 3, total: 1250.5 })]) });
    renderAt('/myOrders');
    const order = await screen.findByRole('listitem', { name: /ATR-10001/ });
    expect(within(order).getByText('تم التوصيل')).toBeTruthy();
    expect(within(order).getByText('٣ منتجات')).toBeTruthy();
    expect(within(order).getByText(formatTimestamp('2026-05-01T08:30:00.000Z', 'ar'))).toBeTruthy();
    expect(within(order).getByText(/١٬٢٥٠٫٥٠/)).toBeTruthy();
    expect(calls[0].lang).toBe('ar');
  });

  it('says when there are no orders yet, with a way to shop', async () => {
    fakeApi({ '/orders': () => page([]) });
    renderAt('/myOrders');
    expect(await screen.findByText('You have no orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('list', { name: 'Orders' })).toBeNull();
  });

  it('pages through the orders when there is more than one page', async () => {
    const api = fakeApi({
      '/orders': () => {
        const url = String(api.fetchMock.mock.calls.at(-1)?.[0]);
        return url.endsWith('page=2') ? page([row(1)], 2, 2, 11) : page([row(11)], 1, 2, 11);
      },
    });
    renderAt('/myOrders');
    await screen.findByRole('listitem', { name: 'Order ATR-10011' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await screen.findByRole('listitem', { name: 'Order ATR-10001' });
    expect(screen.queryByRole('listitem', { name: 'Order ATR-10011' })).toBeNull();
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/orders?page=1', '/api/orders?page=2']);
  });

  it('goes to the last page from a page past it', async () => {
    const api = fakeApi({
      '/orders': () => {
        const url = String(api.fetchMock.mock.calls.at(-1)?.[0]);
        return url.endsWith('page=2') ? page([row(1)], 2, 2, 11) : page([], 5, 2, 11);
      },
    });
    renderAt('/myOrders?page=5');
    expect(await screen.findByRole('listitem', { name: 'Order ATR-10001' })).toBeTruthy();
    expect(screen.queryByText('You have no orders yet')).toBeNull();
  });

  it('shows a failure with Retry, and the orders after it', async () => {
    let fail = true;
    fakeApi({ '/orders': () => (fail ? { status: 500, body: { status: 500, message: 'The shop is resting.' } } : page([row(1)])) });
    renderAt('/myOrders');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The shop is resting.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Order ATR-10001' })).toBeTruthy();
  });
});

describe('tracking an order', () => {
  it('marks the steps reached with their times and the current one, then the rest of the order', async () => {
    const { calls } = fakeApi({ '/orders/7': () => ok({ order: detail() }) });
    renderAt('/trackOrders/7/ATR-10007');
    // The number from the URL shows at once, before the order arrives.
    expect(screen.getByRole('heading', { level: 1, name: 'Order ATR-10007' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Order progress' });

    expect(step('Pending').textContent).toContain(formatTimestamp(AT.pending, 'en'));
    expect(step('Confirmed').textContent).toContain(formatTimestamp(AT.confirmed, 'en'));
    const current = step('On the way');
    expect(current.textContent).toContain(formatTimestamp(AT.onTheWay, 'en'));
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(current.textContent).toContain('current step');
    for (const label of ['Pending', 'Confirmed']) {
      expect(step(label).getAttribute('aria-current')).toBeNull();
      expect(step(label).textContent).toContain('(done)');
    }
    for (const label of ['Out for delivery', 'Delivered']) {
      expect(said(step(label))).toBe(`${label} (not yet)`);
      expect(step(label).getAttribute('aria-current')).toBeNull();
    }

    // Items: name, each unit's smell, the gift, quantity and unit price.
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Royal Oud')).toBeTruthy();
    expect(within(items).getByText('Smells: Rose and Amber')).toBeTruthy();
    expect(within(items).getByText('Gift: Travel atomizer')).toBeTruthy();
    expect(within(items).getByText('Quantity: 2')).toBeTruthy();
    expect(within(items).getByText('Price: EGP 650.00')).toBeTruthy();
    const image = within(items).getAllByRole('presentation')[0] as HTMLImageElement;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['72', '72']);

    // The money, as the server computed it.
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Subtotal').nextSibling?.textContent).toBe(formatMoney(1420, 'en'));
    expect(summary.getByText(/Coupon discount/).textContent).toBe('Coupon discount (WELCOME10)');
    expect(summary.getByText(/Coupon discount/).nextSibling?.textContent).toBe('\u2212EGP\u00a0142.00');
    expect(summary.getByText('Points discount (1,200 points)').nextSibling?.textContent).toBe('\u2212EGP\u00a060.00');
    expect(summary.getByText('Shipping').nextSibling?.textContent).toBe('Free');
    expect(summary.getByText('Total').nextSibling?.textContent).toBe(formatMoney(1141, 'en'));

    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Vodafone Cash')).toBeTruthy();
    expect(payment.getByText('01000000000')).toBeTruthy();
    // The transfer instructions are for an order still waiting for it.
    expect(payment.queryByText(/Transfer/)).toBeNull();

    const delivery = within(screen.getByRole('region', { name: 'Delivery' }));
    expect(delivery.getByText('Free standard delivery')).toBeTruthy();
    expect(delivery.getByText(`Expected by ${formatDay('2026-05-08', 'en')}`)).toBeTruthy();
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(within(address).getByText('12 Tahrir St')).toBeTruthy();
    expect(address.textContent).toContain('Dokki, Giza');
    expect(within(address).getByText('Mona Adel')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/orders/7']);
  });

  it('tells a pending Vodafone Cash order how to pay, and a scheduled one its day and fee', async () => {
    fakeApi({
      '/orders/7': () => ok({
        order: detail({
          status: 'pending', payment_status: 'awaiting', status_history: [{ status: 'pending', at: AT.pending }], shiping: 'date', shipping_fee: 60,
          delivery_date: '2026-05-10', coupon: null, coupon_discount: 0, points_used: 0, points_discount: 0, total: 1480,
        }),
      }),
    });
    renderAt('/trackOrders/7/ATR-10007');
    const payment = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(payment.getByRole('alert').textContent).toBe('Transfer EGP\u00a01,480.00 from your Vodafone Cash wallet to the number above and mention order ATR-10007. We confirm your order as soon as the transfer arrives.');
    // The number is kept whole (an Arabic line must not break "ATR-" from its digits).
    expect(payment.getByRole('alert').querySelector('bdi')?.textContent).toBe('ATR-10007');
    expect(step('Pending').getAttribute('aria-current')).toBe('step');
    const delivery = within(screen.getByRole('region', { name: 'Delivery' }));
    expect(delivery.getByText('Scheduled delivery')).toBeTruthy();
    expect(delivery.getByText(`On ${formatDay('2026-05-10', 'en')}`)).toBeTruthy();
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Shipping').nextSibling?.textContent).toBe(formatMoney(60, 'en'));
    expect(summary.queryByText(/Coupon discount/)).toBeNull();
    expect(summary.queryByText(/Points discount/)).toBeNull();
  });

  it('shows a cancelled order as cancelled, with the steps it reached', async () => {
    fakeApi({
      '/orders/7': () => ok({
        order: detail({
          status: 'cancelled',
          status_history: [{ status: 'pending', at: AT.pending }, { status: 'confirmed', at: AT.confirmed }, { status: 'cancelled', at: AT.cancelled }],
        }),
      }),
    });
    renderAt('/trackOrders/7/ATR-10007');
    expect(await screen.findByText(`This order was cancelled on ${formatTimestamp(AT.cancelled, 'en')}.`)).toBeTruthy();
    expect(step('Pending').textContent).toContain(formatTimestamp(AT.pending, 'en'));
    expect(step('Confirmed').textContent).toContain(formatTimestamp(AT.confirmed, 'en'));
    expect(said(step('On the way'))).toBe('On the way (not yet)');
    expect(screen.getByRole('list', { name: 'Order progress' }).querySelector('[aria-current]')).toBeNull();
    expect(screen.queryByText(/earns you/)).toBeNull();
  });

  it('says "Order not found" for an order that is not the shopper\'s, with a way back to their orders', async () => {
    fakeApi({ '/orders/99': () => ({ status: 404, body: { status: 404, message: 'This order was not found.' } }) });
    renderAt('/trackOrders/99/ATR-10099');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my orders' }).getAttribute('href')).toBe('/myOrders');
  });

  it('says "Order not found" for an id that cannot be one, without asking the server', async () => {
    const { fetchMock } = fakeApi({});
    renderAt('/trackOrders/abc/ATR-10099');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('heads the page with the order\'s own number when the URL\'s differs', async () => {
    fakeApi({ '/orders/7': () => ok({ order: detail() }) });
    renderAt('/trackOrders/7/ATR-99999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ATR-10007' })).toBeTruthy();
  });

  it('looks again when the shopper comes back to the tab, and shows the new status', async () => {
    let status = 'on the way';
    const { calls } = fakeApi({
      '/orders/7': () => ok({ order: detail({ status, status_history: [...detail().status_history, ...(status === 'out for delivery' ? [{ status, at: '2026-05-03T07:00:00.000Z' }] : [])] }) }),
    });
    renderAt('/trackOrders/7/ATR-10007');
    await waitFor(() => expect(step('On the way').getAttribute('aria-current')).toBe('step'));
    status = 'out for delivery';
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(step('Out for delivery').getAttribute('aria-current')).toBe('step'));
    expect(step('Out for delivery').textContent).toContain(formatTimestamp('2026-05-03T07:00:00.000Z', 'en'));
    expect(calls.filter((c) => c.path === '/orders/7')).toHaveLength(2);
    act(() => focusManager.setFocused(undefined));
  });
});

describe('a status the shop changed meanwhile', () => {
  /** The order as the shop has it now: its status and the history up to it. */
  const ORDER = ['pending', 'confirmed', 'on the way'] as const;
  let status: (typeof ORDER)[number] = 'pending';
  const history = () => ORDER.slice(0, ORDER.indexOf(status) + 1).map((s) => ({ status: s, at: AT[s === 'on the way' ? 'onTheWay' : s] }));
  /** While set, answers wait for it: the screen shows what it had until then. */
  let gate: Promise<void> | null = null;
  const held = async <T,>(answer: T) => {
    await gate;
    return answer;
  };
  const hold = () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => { open = resolve; });
    return () => act(() => { gate = null; open(); });
  };
  beforeEach(() => {
    status = 'pending';
    gate = null;
  });
  const serve = () => fakeApi({
    '/orders': () => held(page([row(7, { status })])),
    '/orders/7': () => held(ok({ order: detail({ status, status_history: history() }) })),
  });
  const orderRow = () => screen.getByRole('listitem', { name: 'Order ATR-10007' });

  it('every visit asks again, showing the last answer until the new one arrives', async () => {
    const { calls } = serve();
    renderAt('/myOrders');
    expect(within(await screen.findByRole('listitem', { name: 'Order ATR-10007' })).getByText('Pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Track all orders' }));
    await waitFor(() => expect(within(orderRow()).getByText('Pending')).toBeTruthy());
    fireEvent.click(screen.getByRole('link', { name: 'My orders' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Track order ATR-10007' }));
    await waitFor(() => expect(step('Pending').getAttribute('aria-current')).toBe('step'));

    // The shop confirms the order (npm run shop -- order:status) while the shopper reads.
    status = 'confirmed';
    let release = hold();
    fireEvent.click(screen.getByRole('link', { name: 'Back to my orders' }));
    // The list the shopper saw a moment ago, at once and without a skeleton, while the shop is asked again.
    expect(within(await screen.findByRole('listitem', { name: 'Order ATR-10007' })).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    release();
    await waitFor(() => expect(within(orderRow()).getByText('Confirmed')).toBeTruthy());

    // The overview, seen before with the order pending, asks again too.
    status = 'on the way';
    fireEvent.click(screen.getByRole('link', { name: 'Track all orders' }));
    await waitFor(() => expect(within(orderRow()).getByText('On the way')).toBeTruthy());

    // And the order's own page: the step it has reached now, not the one cached before.
    release = hold();
    fireEvent.click(screen.getByRole('link', { name: 'Track order ATR-10007' }));
    await waitFor(() => expect(step('Pending').getAttribute('aria-current')).toBe('step'));
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    release();
    await waitFor(() => expect(step('On the way').getAttribute('aria-current')).toBe('step'));
    expect(calls.filter((c) => c.path === '/orders/7')).toHaveLength(2);
  });
});

describe('another shopper on the same device', () => {
  const OTHER = 'token-other-shopper-0001';
  function SwitchShopper() {
    const { setToken } = useSession();
    return <button type="button" onClick={() => setToken(OTHER)}>Switch shopper</button>;
  }

  it("never sees the previous shopper's orders while their own load", async () => {
    let release!: () => void;
    const theirs = new Promise<void>((resolve) => { release = resolve; });
    const api = fakeApi({
      '/orders': async () => {
        const init = api.fetchMock.mock.calls.at(-1)?.[1];
        const auth = String((init?.headers as Record<string, string> | undefined)?.authorization ?? '');
        if (!auth.includes(OTHER)) return page([row(1)]);
        await theirs;
        return page([row(2)]);
      },
    });
    renderAt('/myOrders', <SwitchShopper />);
    await screen.findByRole('listitem', { name: 'Order ATR-10001' });

    fireEvent.click(screen.getByRole('button', { name: 'Switch shopper' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy());
    expect(screen.queryByRole('listitem', { name: 'Order ATR-10001' })).toBeNull();

    await act(async () => release());
    expect(await screen.findByRole('listitem', { name: 'Order ATR-10002' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Order ATR-10001' })).toBeNull();
  });

  it('keeps the current page on screen while the next one loads', async () => {
    let release!: () => void;
    const next = new Promise<void>((resolve) => { release = resolve; });
    const api = fakeApi({
      '/orders': async () => {
        const url = String(api.fetchMock.mock.calls.at(-1)?.[0]);
        if (!url.endsWith('page=2')) return page([row(11)], 1, 2, 11);
        await next;
        return page([row(1)], 2, 2, 11);
      },
    });
    renderAt('/myOrders');
    await screen.findByRole('listitem', { name: 'Order ATR-10011' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('listitem', { name: 'Order ATR-10011' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole('listitem', { name: 'Order ATR-10001' })).toBeTruthy();
  });
});

describe('tracking all orders', () => {
  it('lists every order across the pages, each with its progress and tracking link', async () => {
    const api = fakeApi({
      '/orders': () => {
        const url = String(api.fetchMock.mock.calls.at(-1)?.[0]);
        return url.endsWith('page=2')
          ? page([row(1, { status: 'delivered', total: 99 })], 2, 2, 3)
          : page([row(3, { status: 'on the way' }), row(2, { status: 'cancelled' })], 1, 2, 3);
      },
    });
    renderAt('/trackAllOrders');
    const third = await screen.findByRole('listitem', { name: 'Order ATR-10003' });
    expect(within(third).getByText('On the way')).toBeTruthy();
    expect(within(third).getByText('Step 3 of 5')).toBeTruthy();
    expect(within(third).getByText('EGP 1,250.50')).toBeTruthy();
    expect(within(third).getByRole('link', { name: 'Track order ATR-10003' }).getAttribute('href')).toBe('/trackOrders/3/ATR-10003');
    expect(within(screen.getByRole('listitem', { name: 'Order ATR-10002' })).getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3 orders')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const first = await screen.findByRole('listitem', { name: 'Order ATR-10001' });
    expect(within(first).getByText('Delivered')).toBeTruthy();
    expect(within(first).getByText('Step 5 of 5')).toBeTruthy();
    expect(within(first).getByText('EGP 99.00')).toBeTruthy();
    expect(screen.getAllByRole('listitem', { name: /^Order ATR-/ })).toHaveLength(3);
    expect(screen.getByText('Showing 3 of 3 orders')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/orders?page=1', '/api/orders?page=2']);
  });

  it('says when there are no orders yet', async () => {
    fakeApi({ '/orders': () => page([]) });
    renderAt('/trackAllOrders');
    expect(await screen.findByText('You have no orders yet')).toBeTruthy();
  });
});
