// The back office's guard: signed out goes to the shop's sign-in, a shopper is told there is no
// access, a password to change comes first, and staff see no Audit in the menu.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from '@/admin/leave';
import { fakeApi } from './render';
import { dashboard, me, ok, renderAdmin } from './admin-render';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockClear();
});

describe('the back office\'s guard', () => {
  it('sends a visitor without a token to the shop\'s sign-in, asking nothing', async () => {
    const { fetchMock } = fakeApi({});
    renderAdmin('/', { token: null });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/sign-in'));
    expect(screen.getByRole('link', { name: 'Sign in to open the back office' }).getAttribute('href')).toBe('/sign-in');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a refused token to sign-in and forgets it', async () => {
    fakeApi({ '/user/profile': () => ({ status: 401, body: { status: 401, message: 'Please Login First' } }) });
    renderAdmin('/');
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/sign-in'));
    expect(localStorage.getItem('userToken')).toBeNull();
  });

  it('tells a shopper they have no access, with a way back to the shop, and asks nothing of /admin', async () => {
    const { calls } = fakeApi({ '/user/profile': () => me('shopper') });
    renderAdmin('/orders');
    expect(await screen.findByRole('heading', { name: 'You do not have access' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
    expect(calls.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('shows staff the dashboard and a menu without the audit', async () => {
    fakeApi({ '/user/profile': () => me('staff'), '/admin/dashboard': () => dashboard });
    renderAdmin('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Orders', 'Messages', 'Customers']);
    expect((await screen.findByRole('link', { name: /Orders today\s*3/ })).getAttribute('href')).toBe('/orders?from=2026-11-26&to=2026-11-26');
    expect(screen.getByRole('link', { name: /Pending\s*2/ }).getAttribute('href')).toBe('/orders?status=pending');
  });

  it('shows the owner how many mails failed, leading to them in the outbox; nothing when none did', async () => {
    const failed = ok({ ...(dashboard.body.data as object), failed_mails: 2 });
    fakeApi({ '/user/profile': () => me('owner'), '/admin/dashboard': () => failed });
    renderAdmin('/');
    expect((await screen.findByRole('link', { name: /Mails not sent\s*2/ })).getAttribute('href')).toBe('/outbox?status=failed');
  });

  it('shows no failed mails figure when none failed', async () => {
    fakeApi({ '/user/profile': () => me('owner'), '/admin/dashboard': () => ok({ ...(dashboard.body.data as object), failed_mails: 0 }) });
    renderAdmin('/');
    await screen.findByRole('link', { name: /Orders today\s*3/ });
    expect(screen.queryByRole('link', { name: /Mails not sent/ })).toBeNull();
  });

  it('shows the owner the audit in the menu', async () => {
    fakeApi({ '/user/profile': () => me('owner'), '/admin/dashboard': () => dashboard });
    renderAdmin('/');
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(menu).getByRole('link', { name: 'Audit' })).toBeTruthy();
  });

  it('keeps the owner\'s set-up screens behind "More", which opens them, closes on a choice and on Escape', async () => {
    fakeApi({ '/user/profile': () => me('owner'), '/admin/dashboard': () => dashboard, '/admin/audit': () => ok({ entries: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } }) });
    renderAdmin('/');
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    const more = within(menu).getByRole('button', { name: 'More' });
    const group = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(within(group).getAllByRole('link').map((link) => link.textContent)).toEqual(['Products', 'Categories', 'Coupons', 'Shop texts', 'Settings', 'Outbox', 'Staff', 'Audit']);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(group.className).not.toMatch(/\bopen\b/);
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(group.className).toMatch(/\bopen\b/);
    fireEvent.keyDown(group, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    fireEvent.click(within(group).getByRole('link', { name: 'Audit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeTruthy();
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
    expect(more.className).toMatch(/\bactive\b/);
  });

  it('asks for a new password first, then opens the back office', async () => {
    let changed = false;
    const { calls } = fakeApi({
      '/user/profile': () => me('staff', !changed),
      '/user/change-password': () => { changed = true; return ok(null); },
      '/admin/dashboard': () => dashboard,
    });
    renderAdmin('/');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/admin/dashboard')).toBe(false);
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'one-time-1' } });
    fireEvent.change(screen.getByLabelText(/^New password\s*\*?$/), { target: { value: 'my-own-pass-1' } });
    fireEvent.change(screen.getByLabelText(/New password again/), { target: { value: 'my-own-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('speaks Arabic, right to left, when the shop\'s stored language is Arabic', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({ '/user/profile': () => me('staff'), '/admin/dashboard': () => dashboard });
    renderAdmin('/');
    expect(await screen.findByRole('heading', { name: 'لوحة المتابعة' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByRole('link', { name: /طلبات اليوم\s*٣/ })).toBeTruthy();
  });
});
