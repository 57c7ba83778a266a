// The back office's orders: the list's filters and search (Arabic digits too), and an order's
// page: a button per next status, the cancel reason asked in a dialog, payment and notes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './render';
import { me, ok, orderDetail, orderRow, renderAdmin } from './admin-render';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const meta = (total: number) => ({ page: 1, per_page: 20, total, last_page: 1 });

describe('the orders list', () => {
  it('asks with the chosen status and payment status, and searches a phone written in Arabic digits', async () => {
    const asked: URLSearchParams[] = [];
    fakeApi({
      '/user/profile': () => me('staff'),
      '/admin/orders': (_lang, url) => {
        asked.push(url.searchParams);
        return ok({ orders: [orderRow(7, 'ATR-10007'), orderRow(6, 'ATR-10006', { status: 'confirmed' })], meta: meta(2) });
      },
    });
    renderAdmin('/orders');
    const cards = await screen.findAllByRole('link', { name: /ATR-1000\d/ });
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(asked[0].toString()).toBe('');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Confirmed' }));
    await waitFor(() => expect(asked.at(-1)!.get('status')).toBe('confirmed'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Payment' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Awaiting transfer' }));
    await waitFor(() => expect(asked.at(-1)!.get('payment_status')).toBe('awaiting'));
    expect(asked.at(-1)!.get('status')).toBe('confirmed');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Number, phone or name' }), { target: { value: '٠١٠٩٨٧٦٥٤٣٢' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)!.get('q')).toBe('01098765432'));
    expect(asked.at(-1)!.get('status')).toBe('confirmed');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(asked.at(-1)!.get('from')).toBe('2026-11-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-26' } });
    await waitFor(() => expect(asked.at(-1)!.get('to')).toBe('2026-11-26'));
    expect(asked.at(-1)!.get('from')).toBe('2026-11-01');
    expect(asked.at(-1)!.get('q')).toBe('01098765432');
  });

  it('polls every 20 seconds and counts the new orders in the tab\'s title', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let rows = [orderRow(7, 'ATR-10007')];
      fakeApi({ '/user/profile': () => me('staff'), '/admin/orders': () => ok({ orders: rows, meta: meta(rows.length) }) });
      renderAdmin('/orders');
      await screen.findAllByRole('link', { name: /ATR-10007/ });
      expect(document.title).toBe('Orders | Attar');
      rows = [orderRow(9, 'ATR-10009'), orderRow(8, 'ATR-10008'), ...rows];
      await vi.advanceTimersByTimeAsync(20_000);
      await waitFor(() => expect(document.title).toBe('(2) Orders | Attar'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an order\'s page', () => {
  function serve(order = orderDetail()) {
    const posted: { path: string; body: unknown }[] = [];
    const answer = () => ok({ order });
    const fake = fakeApi({
      '/user/profile': () => me('staff'),
      '/admin/orders/ATR-10007': () => ok({ order }),
      '/admin/orders/ATR-10007/status': answer,
      '/admin/orders/ATR-10007/payment': answer,
      '/admin/orders/ATR-10007/notes': answer,
    });
    const original = fake.fetchMock.getMockImplementation()!;
    fake.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') posted.push({ path: new URL(String(input), 'http://localhost').pathname, body: JSON.parse(String(init.body)) });
      return original(input, init);
    });
    return posted;
  }

  it('shows one button per next status, and a confirm moves the order', async () => {
    const posted = serve();
    renderAdmin('/orders/ATR-10007');
    const status = (await screen.findByRole('heading', { name: 'Status' })).closest('section')!;
    expect(within(status as HTMLElement).getAllByRole('button').map((b) => b.textContent)).toEqual(['Confirm the order', 'Cancel the order']);
    expect(screen.getByText('Unit 1: Rose · Unit 2: Amber')).toBeTruthy();
    expect(screen.getByText('Gift: Mini musk')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WhatsApp the customer' }).getAttribute('href')).toBe('https://wa.me/201098765432?text=Hello');
    expect(screen.getAllByRole('link', { name: '01098765432' })[0].getAttribute('href')).toBe('tel:01098765432');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the order' }));
    await waitFor(() => expect(posted).toEqual([{ path: '/api/admin/orders/ATR-10007/status', body: { status: 'confirmed' } }]));
  });

  it('shows only what next_statuses allows: a delivered order has none', async () => {
    serve(orderDetail({ status: 'delivered', next_statuses: [] }));
    renderAdmin('/orders/ATR-10007');
    expect(await screen.findByText('This order\'s status is final.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
  });

  it('asks why in a dialog before cancelling, and sends nothing without a reason', async () => {
    const posted = serve();
    renderAdmin('/orders/ATR-10007');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order ATR-10007?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText('Say why the order is cancelled.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Reason/ }));
    expect(posted).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'The customer asked by phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(posted).toEqual([
      { path: '/api/admin/orders/ATR-10007/status', body: { status: 'cancelled', reason: 'The customer asked by phone' } },
    ]));
  });

  it('marks the order paid with its reference, and adds a note', async () => {
    const posted = serve(orderDetail({ payment: 'cach', payment_status: 'reported', payment_sender_phone: '01011112222' }));
    renderAdmin('/orders/ATR-10007');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Transfer reference' }), { target: { value: 'VF-889' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ path: '/api/admin/orders/ATR-10007/payment', body: { paid: true, reference: 'VF-889' } }));
    fireEvent.change(screen.getByRole('textbox', { name: 'A note for the team' }), { target: { value: 'Call before noon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ path: '/api/admin/orders/ATR-10007/notes', body: { text: 'Call before noon' } }));
  });
});
