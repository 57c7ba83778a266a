import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { RequireAuth } from '@/app/guards';
import { UnauthorizedHandler } from '@/app/unauthorized';
import Addresses from '@/app/routes/address';
import type { Address } from '@/features/address/api/get-addresses';
import { fakeApi } from './render';

const TOKEN = 'token-123456789012345';

beforeEach(() => localStorage.setItem('userToken', TOKEN));
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={['/address']}>
        <UnauthorizedHandler />
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route element={<RequireAuth />}>
            <Route path="/address" element={<Addresses />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

const json = (body: unknown, status = 200) => ({ status, body });
const HOME: Address = { id: 5, title: 'Home', address: '12 Tahrir St', phone: '01012345678', city: 'Dokki', government: 'Giza', government_code: 'giza' };
const WORK: Address = { id: 6, title: 'Work', address: '3 Nile Corniche', phone: '01112345678', city: 'Maadi', government: 'Cairo', government_code: 'cairo' };

function helpOf(element: HTMLElement) {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('/address', () => {
  it('sends a visitor home', async () => {
    localStorage.removeItem('userToken');
    fakeApi({});
    renderPage();
    await screen.findByRole('heading', { name: 'Home page' });
  });

  it('lists the saved addresses with title, street, phone, city and governorate', async () => {
    fakeApi({ '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME, WORK] } }) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My addresses' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Home');
    expect(items[0].textContent).toContain('12 Tahrir St');
    expect(items[0].textContent).toContain('01012345678');
    expect(items[0].textContent).toContain('Dokki');
    expect(items[0].textContent).toContain('Giza');
    expect(within(items[1]).getByRole('button', { name: 'Delete address: Work' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    fakeApi({ '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [] } }) });
    renderPage();
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();
  });

  it('shows a failure with Retry, which loads again', async () => {
    let fail = true;
    fakeApi({
      '/user/show/address': () => (fail
        ? json({ status: 500, message: 'Something went wrong on our side.' }, 500)
        : json({ status: 200, message: 'ok', data: { address: [HOME] } })),
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12 Tahrir St')).toBeTruthy();
  });

  it('adds an address through the dialog and lists it', async () => {
    let list = [HOME];
    const { fetchMock } = fakeApi({
      '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: list } }),
      '/user/add/address': () => {
        list = [HOME, WORK];
        return json({ status: 200, message: 'Address added.', data: WORK });
      },
    });
    renderPage();
    await screen.findByText('12 Tahrir St');
    fireEvent.click(screen.getByRole('button', { name: 'Add new address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add new address' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(helpOf(dialog.getByLabelText(/^City/))).toBe('Required'));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Work' } });
    fireEvent.change(dialog.getByLabelText(/^Address/), { target: { value: '3 Nile Corniche' } });
    fireEvent.change(dialog.getByLabelText(/^Phone/), { target: { value: '011 1234 5678' } });
    fireEvent.change(dialog.getByLabelText(/^City/), { target: { value: 'Maadi' } });
    fireEvent.change(dialog.getByLabelText(/^Governorate/), { target: { value: 'cairo' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await screen.findByText('Address added.');
    expect(await screen.findByText('3 Nile Corniche')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/add/address'))!;
    expect(JSON.parse(String(call[1]?.body))).toMatchObject({ phone: '01112345678', government: 'cairo' });
  });

  it('asks before deleting, deletes with DELETE /user/address/{id} and shows the server\'s message', async () => {
    let list = [HOME, WORK];
    const { fetchMock } = fakeApi({
      '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: list } }),
      '/user/address/6': () => {
        list = [HOME];
        return json({ status: 200, message: 'Address deleted.', data: null });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete address: Work' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this address?' }));
    // Cancel keeps it.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/address/6'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete address: Work' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Address deleted.');
    await waitFor(() => expect(screen.queryByText('3 Nile Corniche')).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/address/6'))!;
    expect((call[1] as RequestInit).method).toBe('DELETE');
    expect(screen.getByText('12 Tahrir St')).toBeTruthy();
  });

  it('keeps the address and says why when the server refuses to delete it', async () => {
    fakeApi({
      '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME] } }),
      '/user/address/5': () => json({ status: 404, message: 'This address was not found.' }, 404),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete address: Home' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('This address was not found.');
    expect(screen.getByText('12 Tahrir St')).toBeTruthy();
  });
});
