// The owner's Settings and Staff screens: grouped settings with a fee per governorate (Arabic
// digits accepted, only what changed sent, field errors next to their fields); the staff list, a
// one-time password shown once with a copy button, role changes and removals after a confirmation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOVERNORATES } from '@contract/governorates';
import { fakeApi } from './render';
import { me, ok, renderAdmin } from './admin-render';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem('lang');
});

const SETTINGS = {
  shipping_fee: 60, free_shipping_threshold: 1500, standard_delivery_days: 7, scheduled_min_days: 2, scheduled_max_days: 30,
  closed_weekdays: [5], point_value: 0.05, min_points_to_use: 1000, points_per_egp: 1, wallet_phone: '01012345678',
  governorate_fees: { ...Object.fromEntries(GOVERNORATES.map((g) => [g.code, null])), aswan: 90 },
};

/** The fake API, with each write's method, path and body recorded. */
function serve(routes: Parameters<typeof fakeApi>[0], role: 'staff' | 'owner' = 'owner') {
  const fake = fakeApi({ '/user/profile': () => me(role), ...routes });
  const writes: { method: string; path: string; body: unknown }[] = [];
  const original = fake.fetchMock.getMockImplementation()!;
  fake.fetchMock.mockImplementation(async (input, init) => {
    if (init?.method && init.method !== 'GET') {
      writes.push({ method: init.method, path: new URL(String(input), 'http://localhost').pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    }
    return original(input, init);
  });
  return { ...fake, writes };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the owner\'s menu', () => {
  it('offers Staff and Settings to the owner only; staff are told the screens are the owner\'s', async () => {
    serve({ '/admin/dashboard': () => ok({ today: { day: '2026-11-26', orders: 0, revenue: 0 }, by_status: {}, awaiting_payment: 0, payment_reported: 0, unread_messages: 0, failed_mails: null, low_stock: [] }) });
    const owner = renderAdmin('/');
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(within(menu).getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/staff');
    owner.unmount();
    const { calls } = serve({}, 'staff');
    renderAdmin('/settings');
    expect(await screen.findByText('Only the shop\'s owner can change the settings.')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(calls.some((c) => c.path === '/admin/settings')).toBe(false);
  });
});

describe('settings', () => {
  it('groups the rules and lists every governorate with its fee; a blank one shows the default fee', async () => {
    serve({ '/admin/settings': () => ok({ settings: SETTINGS }) });
    renderAdmin('/settings');
    for (const name of ['Shipping', 'Delivery days', 'Points', 'Payment']) expect(await screen.findByRole('heading', { name })).toBeTruthy();
    expect(field('Scheduled delivery fee').value).toBe('60');
    expect(field('Vodafone Cash wallet number').value).toBe('01012345678');
    const fees = screen.getByRole('group', { name: 'Fee per governorate' });
    expect(within(fees).getAllByRole('textbox')).toHaveLength(27);
    expect((within(fees).getByRole('textbox', { name: 'Aswan' }) as HTMLInputElement).value).toBe('90');
    const cairo = within(fees).getByRole('textbox', { name: 'Cairo' }) as HTMLInputElement;
    expect(cairo.value).toBe('');
    expect(cairo.placeholder).toBe('60');
    // The placeholder follows the default fee as it is typed.
    type('Scheduled delivery fee', '65');
    expect(cairo.placeholder).toBe('65');
    expect((screen.getByRole('checkbox', { name: 'Friday' }) as HTMLInputElement).checked).toBe(true);
  });

  it('in Arabic: the governorates\' Arabic names, the numbers in Arabic digits; Arabic digits typed are read', async () => {
    localStorage.setItem('lang', 'ar');
    const { writes } = serve({ '/admin/settings': () => ok({ settings: SETTINGS }) });
    renderAdmin('/settings');
    const fees = await screen.findByRole('group', { name: 'رسوم الشحن لكل محافظة' });
    const cairo = within(fees).getByRole('textbox', { name: 'القاهرة' }) as HTMLInputElement;
    expect(cairo.placeholder).toBe('٦٠');
    expect((within(fees).getByRole('textbox', { name: 'أسوان' }) as HTMLInputElement).value).toBe('٩٠');
    expect(field('قيمة النقطة الواحدة').value).toBe('٠٫٠٥');
    fireEvent.change(cairo, { target: { value: '٤٠' } });
    type('رسوم التوصيل في موعد محدد', '٥٥٫٥');
    fireEvent.click(screen.getByRole('checkbox', { name: 'السبت' }));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    await waitFor(() => expect(writes).toEqual([{
      method: 'PUT', path: '/api/admin/settings', body: { shipping_fee: 55.5, closed_weekdays: [5, 6], governorate_fees: { cairo: 40 } },
    }]));
  });

  it('sends only what changed, clears a governorate back to the default, and says the server\'s words', async () => {
    const { writes } = serve({ '/admin/settings': () => ok({ settings: SETTINGS }) });
    renderAdmin('/settings');
    const fees = await screen.findByRole('group', { name: 'Fee per governorate' });
    fireEvent.change(within(fees).getByRole('textbox', { name: 'Aswan' }), { target: { value: '' } });
    type('Smallest balance to spend', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(writes).toEqual([{
      method: 'PUT', path: '/api/admin/settings', body: { min_points_to_use: 500, governorate_fees: { aswan: null } },
    }]));
    expect((await screen.findByRole('status')).textContent).toBe('Done.');
  });

  it('checks before sending: amounts, whole numbers, the latest day after the earliest, the wallet, an open weekday; the first wrong field gets the focus', async () => {
    const { writes } = serve({ '/admin/settings': () => ok({ settings: SETTINGS }) });
    renderAdmin('/settings');
    await screen.findByRole('heading', { name: 'Shipping' });
    type('Free delivery from', '-3');
    type('Earliest scheduled day (days from today)', '10');
    type('Latest scheduled day (days from today)', '5');
    type('Vodafone Cash wallet number', '0131234567');
    fireEvent.change(within(screen.getByRole('group', { name: 'Fee per governorate' })).getByRole('textbox', { name: 'Giza' }), { target: { value: '40.555' } });
    for (const day of ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']) fireEvent.click(screen.getByRole('checkbox', { name: day }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(expect.arrayContaining([
      'Enter an amount of 0 or more, like 60 or 60.50.',
      'The latest day cannot come before the earliest.',
      'Enter the wallet\'s mobile number: 11 digits starting with 010, 011, 012 or 015.',
      'At most two decimals (piastres).',
      'At least one day of the week must stay open for delivery.',
      'Please check the highlighted fields.',
    ]));
    await waitFor(() => expect(document.activeElement).toBe(field('Free delivery from')));
    expect(field('Free delivery from').getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);
  });

  it('puts the server\'s field errors next to their fields', async () => {
    const fake = serve({
      '/admin/settings': () => ok({ settings: SETTINGS }),
    });
    const original = fake.fetchMock.getMockImplementation()!;
    fake.fetchMock.mockImplementation(async (input, init) => (init?.method === 'PUT'
      ? new Response(JSON.stringify({ status: 422, message: 'Please check the highlighted fields.', errors: { 'governorate_fees.cairo': ['Must be at most 1000000.'], wallet_phone: ['Enter the wallet\'s mobile number.'] } }), { status: 422 })
      : original(input, init)));
    renderAdmin('/settings');
    const fees = await screen.findByRole('group', { name: 'Fee per governorate' });
    fireEvent.change(within(fees).getByRole('textbox', { name: 'Cairo' }), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const cairo = within(fees).getByRole('textbox', { name: 'Cairo' });
    await waitFor(() => expect(cairo.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(cairo.getAttribute('aria-describedby')!)?.textContent).toBe('Must be at most 1000000.');
    expect(field('Vodafone Cash wallet number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the wallet\'s mobile number.')).toBeTruthy();
    // The focus on the first, in the form's order: Cairo's fee comes before the wallet.
    await waitFor(() => expect(document.activeElement).toBe(cairo));
  });
});

describe('staff', () => {
  const STAFF = [
    { id: 1, email: 'mona@attar.eg', name: 'Mona Adel', role: 'owner', must_change_password: false },
    { id: 9, email: 'karim@attar.eg', name: 'Karim Hassan', role: 'staff', must_change_password: true },
  ];
  const staffApi = (extra: Parameters<typeof fakeApi>[0] = {}) => serve({ '/admin/staff': () => ok({ staff: STAFF }), ...extra });

  it('lists who can open the back office with their roles; one\'s own card has no actions', async () => {
    staffApi();
    renderAdmin('/staff');
    const karim = (await screen.findByText('Karim Hassan')).closest('li')!;
    expect(within(karim).getByText('Staff')).toBeTruthy();
    expect(within(karim).getByText('Has not signed in yet (one-time password).')).toBeTruthy();
    expect(within(karim).getByRole('button', { name: 'Make owner' })).toBeTruthy();
    const mona = screen.getByText('Mona Adel').closest('li')!;
    expect(within(mona).getByText('You')).toBeTruthy();
    expect(within(mona).queryByRole('button')).toBeNull();
  });

  it('adds someone and shows the one-time password once, with a copy button and a note that it is shown only now', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { writes } = staffApi();
    renderAdmin('/staff');
    await screen.findByText('Karim Hassan');
    const form = screen.getByRole('region', { name: 'Add someone' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findAllByText('Required')).toHaveLength(2);
    expect(writes).toEqual([]);
    fireEvent.change(within(form).getByRole('textbox', { name: /Email/ }), { target: { value: 'nour@attar.eg' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Nour Ali' } });
    // The POST answers the member and the password.
    vi.mocked(fetch).mockImplementationOnce(async () => new Response(JSON.stringify({
      status: 201, message: 'Account made for nour@attar.eg. Give them the one-time password below.',
      data: { member: { id: 12, email: 'nour@attar.eg', name: 'Nour Ali', role: 'staff', must_change_password: true }, one_time_password: 'Ab3dEf6hJk9m' },
    }), { status: 201 }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const password = await screen.findByTestId('one-time-password');
    expect(password.textContent).toBe('Ab3dEf6hJk9m');
    expect(password.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(/Shown only now/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Account made for nour@attar.eg. Give them the one-time password below.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Ab3dEf6hJk9m'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done, I have given it' }));
    expect(screen.queryByTestId('one-time-password')).toBeNull();
  });

  it('changes a role and removes access only after a confirmation; Cancel sends nothing', async () => {
    const { writes } = staffApi({
      '/admin/staff/9': () => ok({ member: { ...STAFF[1], role: 'owner' } }),
      '/admin/staff/9/remove': () => ok({ member: { ...STAFF[1], role: 'shopper' } }),
    });
    renderAdmin('/staff');
    const karim = (await screen.findByText('Karim Hassan')).closest('li')!;
    fireEvent.click(within(karim).getByRole('button', { name: 'Remove access' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Karim Hassan\'s access?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);
    fireEvent.click(within(karim).getByRole('button', { name: 'Make owner' }));
    dialog = await screen.findByRole('dialog', { name: 'Make Karim Hassan Owner?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', path: '/api/admin/staff/9', body: { role: 'owner' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(karim).getByRole('button', { name: 'Remove access' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Karim Hassan\'s access?' });
    expect(dialog.textContent).toContain('They are signed out everywhere at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'POST', path: '/api/admin/staff/9/remove', body: undefined }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Done.'));
  });
});
