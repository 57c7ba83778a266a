// Phone numbers as a shopper reads them: in the page's digits (Eastern Arabic in Arabic, like every
// other number), isolated left to right, and copied in Western digits (src/components/phone-number.tsx).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { PhoneNumber } from '@/components/phone-number';
import { formatPhone } from '@/lib/phone';
import MyAccount from '@/app/routes/my-account';
import TrackOrder from '@/app/routes/track-order';
import { fakeApi, renderApp } from './render';

const TOKEN = 'token-123456789012345';

beforeEach(() => localStorage.setItem('userToken', TOKEN));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('formatPhone', () => {
  it('writes the digits of the page: Western in English, Eastern Arabic in Arabic', () => {
    expect(formatPhone('01012345678', 'en')).toBe('01012345678');
    expect(formatPhone('01012345678', 'ar')).toBe('٠١٠١٢٣٤٥٦٧٨');
    expect(formatPhone('٠١٠١٢٣٤٥٦٧٨', 'en')).toBe('01012345678');
    expect(formatPhone('+201012345678', 'ar')).toBe('+٢٠١٠١٢٣٤٥٦٧٨');
  });
});

describe('<PhoneNumber>', () => {
  it('is an isolate, left to right, in either language', () => {
    localStorage.setItem('lang', 'ar');
    renderApp(<p>رقم المحفظة: <PhoneNumber phone="01012345678" data-testid="phone" /></p>);
    const phone = screen.getByTestId('phone');
    expect(phone.tagName).toBe('BDI');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.textContent).toBe('٠١٠١٢٣٤٥٦٧٨');
  });

  it('shows Western digits in English', () => {
    renderApp(<PhoneNumber phone="01012345678" data-testid="phone" />);
    expect(screen.getByTestId('phone').textContent).toBe('01012345678');
  });

  it('is copied in Western digits, which a dialer or wallet app takes', () => {
    localStorage.setItem('lang', 'ar');
    renderApp(<PhoneNumber phone="01012345678" data-testid="phone" />);
    const phone = screen.getByTestId('phone');
    const range = document.createRange();
    range.selectNodeContents(phone);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    const copied: Record<string, string> = {};
    const event = createEvent.copy(phone);
    Object.defineProperty(event, 'clipboardData', { value: { setData: (type: string, text: string) => { copied[type] = text; } } });
    fireEvent(phone, event);
    expect(copied['text/plain']).toBe('01012345678');
    expect(event.defaultPrevented).toBe(true);
  });
});

function renderAt(entry: string) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/myAccount" element={<MyAccount />} />
          <Route path="/trackOrders/:id/:num" element={<TrackOrder />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: 'OK', data } });

/** Every phone on the page is in Eastern Arabic digits, isolated left to right; none is left in Western digits. */
function expectArabicPhones(...phones: string[]) {
  for (const phone of phones) {
    const shown = screen.getAllByText(formatPhone(phone, 'ar'));
    for (const element of shown) {
      expect(element.tagName).toBe('BDI');
      expect(element.getAttribute('dir')).toBe('ltr');
    }
    expect(document.body.textContent).not.toContain(phone);
  }
}

describe('phones on the screens, in Arabic', () => {
  beforeEach(() => localStorage.setItem('lang', 'ar'));

  it('the account\'s profile', async () => {
    fakeApi({
      '/user/profile': () => ok({ user: { id: 1, first_name: 'Mona', last_name: 'Adel', email: 'mona@attar.eg', phone: '01012345678', birth_date: '1995-05-05', points: 1200 } }),
    });
    renderAt('/myAccount');
    await screen.findByTestId('points-balance');
    expectArabicPhones('01012345678');
  });

  it('an order\'s page: the receiver\'s phone and the shop\'s wallet', async () => {
    fakeApi({
      '/orders/7': () => ok({
        order: {
          id: 7, number: 'ATR-10007', created_at: '2026-05-01T08:30:00.000Z', status: 'pending', total: 1480, items_count: 1,
          payment: 'cach', shiping: 'free', delivery_date: '2026-05-08',
          items: [{ product_id: 5, name: 'Royal Oud', image: '/media/5.webp', price: 1480, qty: 1, smell: [], gift: null }],
          address: { title: 'Home', address: '12 Tahrir St', phone: '01098765432', city: 'Dokki', government: 'Giza' },
          username: 'Mona Adel', phone: '01012345678', subtotal: 1480, coupon: null, coupon_discount: 0, points_used: 0,
          points_discount: 0, points_earned: 1480, shipping_fee: 0, wallet_phone: '01055501234',
          status_history: [{ status: 'pending', at: '2026-05-01T08:30:00.000Z' }],
        },
      }),
    });
    renderAt('/trackOrders/7/ATR-10007');
    await screen.findAllByText(formatPhone('01055501234', 'ar'));
    expectArabicPhones('01012345678', '01055501234');
  });
});
