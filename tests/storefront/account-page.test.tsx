import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { formatDay } from '@/lib/dates';
import { cairoToday } from '@/lib/birth-date';
import MyAccount from '@/app/routes/my-account';
import { fakeApi } from './render';

const TOKEN = 'token-123456789012345';

beforeEach(() => localStorage.setItem('userToken', TOKEN));
afterEach(() => vi.unstubAllGlobals());

function renderAccount() {
  const queryClient = makeQueryClient();
  // The app's own defaults (a minute fresh, no refetch on focus), without retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={['/myAccount']}>
        <Routes>
          <Route path="/myAccount" element={<MyAccount />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

const json = (body: unknown, status = 200) => ({ status, body });
const user = { id: 1, first_name: 'Mona', last_name: 'Adel', email: 'mona@attar.eg', phone: '01012345678', birth_date: '1995-05-05', points: 1200 };
const profile = (u = user) => json({ status: 200, message: 'OK', data: { user: u } });

/** What a form field says under it: its helper text, linked by aria-describedby. */
function helpOf(label: string | RegExp) {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const bodyOf = (fetchMock: ReturnType<typeof fakeApi>['fetchMock'], path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return screen.getByRole('form', { name: 'Edit profile' });
}

describe('my account', () => {
  it('shows the profile and the points balance', async () => {
    const { calls } = fakeApi({ '/user/profile': () => profile() });
    renderAccount();
    const details = within(await screen.findByRole('region', { name: 'Profile' }));
    expect(details.getByText('Name').nextSibling?.textContent).toBe('Mona Adel');
    expect(details.getByText('Email').nextSibling?.textContent).toBe('mona@attar.eg');
    expect(details.getByText('Phone').nextSibling?.textContent).toBe('01012345678');
    expect(details.getByText('Birth date').nextSibling?.textContent).toBe(formatDay('1995-05-05', 'en'));
    const points = within(screen.getByRole('region', { name: 'Loyalty points' }));
    expect(points.getByTestId('points-balance').textContent).toBe('1,200');
    expect(points.getByText('points')).toBeTruthy();
    expect(points.getByText('Use at least 1,000 points at checkout')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/user/profile']);
  });

  it('shows the balance in Arabic digits when Arabic is on', async () => {
    localStorage.setItem('lang', 'ar');
    const { calls } = fakeApi({ '/user/profile': () => profile() });
    renderAccount();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('١٬٢٠٠');
    expect(screen.getByText(formatDay('1995-05-05', 'ar'))).toBeTruthy();
    expect(calls[0].lang).toBe('ar');
  });

  it('shows a failure with Retry', async () => {
    let fail = true;
    fakeApi({ '/user/profile': () => (fail ? json({ status: 500, message: 'The shop is resting.' }, 500) : profile()) });
    renderAccount();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The shop is resting.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('points-balance')).toBeTruthy();
  });
});

describe('editing the profile', () => {
  it('starts from the profile, with the email shown but not editable', async () => {
    fakeApi({ '/user/profile': () => profile() });
    renderAccount();
    await openEditor();
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Mona');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('01012345678');
    expect((screen.getByLabelText(/^Day/) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText(/^Month/) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText(/^Year/) as HTMLInputElement).value).toBe('1995');
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('mona@attar.eg');
    expect(email.readOnly).toBe(true);
    // The focus goes into the form it opened.
    expect(document.activeElement).toBe(screen.getByLabelText(/^First name/));
  });

  const young = String(Number(cairoToday().slice(0, 4)) - 3);
  it.each([
    ['First name', '', 'Required'],
    ['First name', 'Al', 'At least 3 characters'],
    ['Last name', 'Abd Allah', 'Must be one name'],
    ['Phone', '0101234567', 'Phone 11 digits'],
    ['Phone', '', 'Required'],
    ['Day', '31', 'Other months 30 days', { Month: '4' }],
    ['Day', '30', 'February max 29 days', { Month: '2' }],
    ['Day', '29', '1995 is not a leap year: February has 28 days.', { Month: '2', Year: '1995' }],
    ['Month', '13', 'Month 1 to 12'],
    ['Year', '1850', 'Valid year'],
    ['Year', young, 'At least 10 years old'],
  ] as const)('says what is wrong with %s "%s": %s', async (label, value, message, others: Record<string, string> = {}) => {
    const { fetchMock } = fakeApi({ '/user/profile': () => profile() });
    renderAccount();
    await openEditor();
    for (const [other, v] of Object.entries(others)) type(new RegExp(`^${other}`), v);
    type(new RegExp(`^${label}`), value);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(helpOf(new RegExp(`^${label}`))).toBe(message));
    expect(document.activeElement).toBe(screen.getByLabelText(new RegExp(`^${label}`)));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/user/profile/update'))).toHaveLength(0);
  });

  it('puts the server\'s 422 errors under their fields and keeps what was typed', async () => {
    fakeApi({
      '/user/profile': () => profile(),
      '/user/profile/update': () => json({
        status: 422, message: 'Please check the highlighted fields.',
        errors: { phone: ['An account with this phone number already exists.'], birth_date: ['You must be at least 10 years old.'] },
      }, 422),
    });
    renderAccount();
    await openEditor();
    type(/^Phone/, '01099999999');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(helpOf(/^Phone/)).toBe('An account with this phone number already exists.'));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Phone/));
    const birthDate = screen.getByRole('group', { name: 'Birth date' });
    expect(within(birthDate).getByRole('alert').textContent).toBe('You must be at least 10 years old.');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('01099999999');
  });

  it('saves, shows the server\'s message and the new profile', async () => {
    const saved = { ...user, first_name: 'Mariam', phone: '01155555555', birth_date: '1996-09-05' };
    const { fetchMock, calls } = fakeApi({
      '/user/profile': () => profile(),
      '/user/profile/update': () => json({ status: 200, message: 'Your profile was updated.', data: { user: saved } }),
    });
    renderAccount();
    await openEditor();
    type(/^First name/, 'Mariam');
    type(/^Phone/, '٠١١٥٥٥٥٥٥٥٥');
    type(/^Day/, '٥');
    type(/^Month/, '9');
    type(/^Year/, '1996');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile was updated.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/user/profile/update')).toEqual({ first_name: 'Mariam', last_name: 'Adel', phone: '01155555555', birth_date: '1996-09-05' });
    const details = within(screen.getByRole('region', { name: 'Profile' }));
    await waitFor(() => expect(details.getByText('Name').nextSibling?.textContent).toBe('Mariam Adel'));
    expect(details.getByText('Phone').nextSibling?.textContent).toBe('01155555555');
    expect(details.getByText('Birth date').nextSibling?.textContent).toBe(formatDay('1996-09-05', 'en'));
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    // Focus returns to the button that opened the form; the profile was not fetched again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit profile' }));
    expect(calls.filter((c) => c.path === '/user/profile')).toHaveLength(1);
  });
});

describe('changing the password', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

  async function renderForm(routes: Parameters<typeof fakeApi>[0] = {}) {
    const api = fakeApi({ '/user/profile': () => profile(), ...routes });
    renderAccount();
    await screen.findByRole('form', { name: 'Change password' });
    return api;
  }

  it('asks for every field', async () => {
    const { fetchMock } = await renderForm();
    submit();
    await waitFor(() => expect(helpOf(/^Current password/)).toBe('Required'));
    expect(helpOf(/^New password/)).toBe('Required');
    expect(helpOf(/^Confirm new password/)).toBe('Required');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Current password/));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('change-password'))).toHaveLength(0);
  });

  it('wants a new password of 6 characters, typed the same twice', async () => {
    const { fetchMock } = await renderForm();
    type(/^Current password/, 'attar123');
    type(/^New password/, '12345');
    type(/^Confirm new password/, '12346');
    submit();
    await waitFor(() => expect(helpOf(/^New password/)).toBe('Password at least 6 characters'));
    expect(helpOf(/^Confirm new password/)).toBe('Passwords must match');
    expect(helpOf(/^Current password/)).toBe('');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('change-password'))).toHaveLength(0);
  });

  it('shows a wrong current password under that field and keeps what was typed', async () => {
    await renderForm({
      '/user/change-password': () => json({
        status: 422, message: 'Please check the highlighted fields.', errors: { current_password: ['Your current password is not right.'] },
      }, 422),
    });
    type(/^Current password/, 'wrong-one');
    type(/^New password/, 'secret12');
    type(/^Confirm new password/, 'secret12');
    submit();
    await waitFor(() => expect(helpOf(/^Current password/)).toBe('Your current password is not right.'));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Current password/));
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('secret12');
  });

  it('changes it, shows the server\'s message and clears the fields', async () => {
    const { fetchMock } = await renderForm({
      '/user/change-password': () => json({ status: 200, message: 'Your password was changed. Other devices were signed out.', data: null }),
    });
    type(/^Current password/, 'attar123');
    type(/^New password/, 'secret12');
    type(/^Confirm new password/, 'secret12');
    submit();
    expect(await screen.findByText('Your password was changed. Other devices were signed out.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/user/change-password')).toEqual({ current_password: 'attar123', password: 'secret12', password_confirmation: 'secret12' });
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    expect(localStorage.getItem('userToken')).toBe(TOKEN);
  });
});
