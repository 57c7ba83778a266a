// The back office's messages, customers and audit: unread first with mailto/tel links and
// "mark as handled"; customers searched (Arabic digits too) with the owner alone adjusting points;
// the audit for the owner only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './render';
import { me, ok, renderAdmin } from './admin-render';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const meta = { page: 1, per_page: 20, total: 2, last_page: 1 };

/** Records each POST's path and body next to the fake API's answers. */
function withPosts(fake: ReturnType<typeof fakeApi>) {
  const posted: { path: string; body: unknown }[] = [];
  const original = fake.fetchMock.getMockImplementation()!;
  fake.fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'POST') posted.push({ path: new URL(String(input), 'http://localhost').pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return original(input, init);
  });
  return posted;
}

const customer = { id: 5, name: 'Sara Mahmoud', email: 'sara@example.com', phone: '01098765432', orders_count: 3, points: 120, created_at: '2026-01-05T09:00:00.000Z' };
const customerDetail = {
  ...customer,
  orders: [{ id: 7, number: 'ATR-10007', created_at: '2026-11-26T10:00:00.000Z', status: 'delivered', payment_status: 'paid', total: 450 }],
  points_history: [{ delta: 20, reason: 'Order ATR-10007', at: '2026-11-26T10:00:00.000Z' }],
};

describe('messages', () => {
  it('lists them with mail and phone links, and marks one handled', async () => {
    let handled = false;
    const posted = withPosts(fakeApi({
      '/user/profile': () => me('staff'),
      '/admin/messages': () => ok({
        messages: [
          { id: 2, name: 'Omar Ali', email: 'omar@example.com', phone: '01011112222', message: 'Is the oud in stock?', created_at: '2026-11-26T08:00:00.000Z', handled_at: null, handled },
          { id: 1, name: 'Nour Said', email: 'nour@example.com', phone: '', message: 'Thanks!', created_at: '2026-11-25T08:00:00.000Z', handled_at: '2026-11-25T09:00:00.000Z', handled: true },
        ],
        meta,
      }),
      '/admin/messages/2/handled': () => { handled = true; return ok({ message: {} }); },
    }));
    renderAdmin('/messages');
    const first = (await screen.findByText('Is the oud in stock?')).closest('li')!;
    expect(within(first).getByRole('link', { name: 'omar@example.com' }).getAttribute('href')).toBe('mailto:omar@example.com');
    expect(within(first).getByRole('link', { name: '01011112222' }).getAttribute('href')).toBe('tel:01011112222');
    expect(screen.getAllByRole('button', { name: 'Mark as handled' })).toHaveLength(1);
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(posted).toEqual([{ path: '/api/admin/messages/2/handled', body: undefined }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as handled' })).toBeNull());
  });

  it('shows unread only or handled only when asked', async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      '/user/profile': () => me('staff'),
      '/admin/messages': (_lang, url) => { asked.push(url.searchParams.get('handled')); return ok({ messages: [], meta: { ...meta, total: 0 } }); },
    });
    renderAdmin('/messages');
    await screen.findByText('No messages.');
    expect(asked).toEqual([null]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Unread only' }));
    await screen.findByText('No unread messages.');
    expect(asked.at(-1)).toBe('false');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Handled only' }));
    await waitFor(() => expect(asked.at(-1)).toBe('true'));
  });
});

describe('customers', () => {
  function serve(role: 'staff' | 'owner') {
    const asked: string[] = [];
    const fake = fakeApi({
      '/user/profile': () => me(role),
      '/admin/customers': (_lang, url) => { asked.push(url.searchParams.get('q') ?? ''); return ok({ customers: [customer], meta }); },
      '/admin/customers/5': () => ok({ customer: customerDetail }),
      '/admin/customers/5/points': () => ok({ customer: customerDetail }),
    });
    return { asked, posted: withPosts(fake) };
  }

  it('searches a phone in Arabic digits and opens a customer with their orders', async () => {
    const { asked } = serve('staff');
    renderAdmin('/customers');
    await screen.findByRole('link', { name: /Sara Mahmoud/ });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name, email or phone' }), { target: { value: '٠١٠٩٨٧' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)).toBe('010987'));
    fireEvent.click(screen.getByRole('link', { name: /Sara Mahmoud/ }));
    expect((await screen.findByRole('link', { name: 'ATR-10007' })).getAttribute('href')).toBe('/orders/ATR-10007');
    // Staff see the points, not the form that changes them.
    expect(screen.getByRole('heading', { name: 'Points: 120' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save points' })).toBeNull();
  });

  it('lets the owner adjust points with a reason', async () => {
    const { posted } = serve('owner');
    renderAdmin('/customers/5');
    const save = await screen.findByRole('button', { name: 'Save points' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Points to add (negative to take)' }), { target: { value: '-٢٠' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Returned bottle' } });
    fireEvent.click(save);
    await waitFor(() => expect(posted).toEqual([{ path: '/api/admin/customers/5/points', body: { delta: -20, reason: 'Returned bottle' } }]));
  });
});

describe('the audit', () => {
  const entries = [
    {
      id: 2, at: '2026-11-26T11:00:00.000Z', by: { name: 'Nour Owner', email: 'owner@attar.eg' }, action: 'customer.points', target: 'customer 7',
      before: { points: 3850 }, after: { points: 3900, delta: 50, reason: 'Late delivery' },
    },
    {
      id: 1, at: '2026-11-26T10:00:00.000Z', by: { name: 'Karim Staff', email: 'karim@attar.eg' }, action: 'order.status', target: 'order ATR-10007',
      before: { status: 'pending', payment_status: 'awaiting' }, after: { status: 'confirmed', payment_status: 'awaiting' },
    },
    { id: 0, at: '2026-11-26T09:00:00.000Z', by: null, action: 'staff.add', target: 'account karim@attar.eg', before: null, after: { role: 'staff' } },
  ];
  const lines = (item: HTMLElement) => within(item).getAllByRole('listitem').map((li) => li.textContent);

  it('shows the owner who changed what, in words: each changed field from what it was to what it became', async () => {
    fakeApi({ '/user/profile': () => me('owner'), '/admin/audit': () => ok({ entries, meta }) });
    renderAdmin('/audit');
    expect(await screen.findByText('Karim Staff (karim@attar.eg)')).toBeTruthy();
    const [points, status, staff] = screen.getAllByRole('listitem').filter((li) => li.parentElement?.parentElement?.tagName !== 'LI');
    expect(within(points).getByText(/Points adjusted/).textContent).toBe('Points adjusted · Customer 7');
    expect(lines(points)).toEqual(['Points: 3,850 → 3,900', 'Change: +50', 'Reason: Late delivery']);
    expect(within(status).getByText(/Order status changed/).textContent).toBe('Order status changed · Order ATR-10007');
    // The payment did not change: it is not listed.
    expect(lines(status)).toEqual(['Status: Pending → Confirmed']);
    expect(within(staff).getByText('The command line')).toBeTruthy();
    expect(lines(staff)).toEqual(['Role: Staff']);
  });

  it('says it in Arabic, with Arabic digits and the arrow pointing the reading way', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({ '/user/profile': () => me('owner'), '/admin/audit': () => ok({ entries, meta }) });
    renderAdmin('/audit');
    await screen.findByText('Karim Staff (karim@attar.eg)');
    const [points, status] = screen.getAllByRole('listitem').filter((li) => li.parentElement?.parentElement?.tagName !== 'LI');
    expect(lines(points)).toEqual(['النقاط: ٣٬٨٥٠ ← ٣٬٩٠٠', 'التغيير: +٥٠', 'السبب: Late delivery']);
    expect(lines(status)).toEqual(['الحالة: قيد الانتظار ← مؤكَّد']);
  });

  it('is not there for staff, who are told it is the owner\'s', async () => {
    const { calls } = fakeApi({ '/user/profile': () => me('staff') });
    renderAdmin('/audit');
    expect(await screen.findByRole('heading', { name: 'You do not have access' })).toBeTruthy();
    expect(screen.getByText('Only the shop\'s owner can see the audit.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Audit' })).toBeNull();
    expect(calls.some((c) => c.path === '/admin/audit')).toBe(false);
  });
});
