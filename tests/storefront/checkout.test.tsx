import { Suspense, lazy, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { onlineManager, type QueryKey } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { RequireAuth, RequireEarlierNavigation, hasEarlierNavigation, recordEarlierNavigation } from '@/app/guards';
import { UnauthorizedHandler } from '@/app/unauthorized';
import PaymentSession from '@/app/routes/payment-session/layout';
import InfoStep from '@/app/routes/payment-session/info';
import AddressStep from '@/app/routes/payment-session/address';
import ShippingStep from '@/app/routes/payment-session/shipping';
import PaymentStep from '@/app/routes/payment-session/payment';
import OrderIsDone from '@/app/routes/order-is-done';
import { readCheckoutSession, startCheckoutSession, updateCheckoutSession, type CheckoutSession } from '@/lib/checkout-session';
import type { CartData } from '@/lib/contract';
import { formatDay, formatLongDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { cartForAddressQuery, cartQuery } from '@/features/cart/api/get-cart';
import { allOrdersQuery, ordersQuery } from '@/features/orders/api/get-orders';
import { profileQuery } from '@/features/account/api/get-profile';
import { amountToPay, deliveryDateShown, shippingTypeShown } from '@/features/checkout/utils/summary';
import { deliveryDayProblem } from '@/features/checkout/utils/delivery-day';
import type { Address } from '@/features/address/api/get-addresses';
import { fakeApi } from './render';

const TOKEN = 'token-123456789012345';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  act(() => onlineManager.setOnline(true));
  sessionStorage.clear();
});

beforeEach(() => {
  localStorage.setItem('userToken', TOKEN);
  recordEarlierNavigation('payment-session');
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}
const where = () => screen.getByTestId('where').textContent;

/**
 * The checkout routes as the app has them. `orderDone` replaces the done
 * screen (e.g. a lazy one still loading); the Suspense above the routes is
 * the shell's, already on screen, so a navigation to a screen still loading
 * keeps the current one, as in the app.
 */
function renderCheckout(path: string, { orderDone = <OrderIsDone />, kept }: { orderDone?: ReactNode; kept?: [QueryKey, unknown] } = {}) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  // What the device kept (IndexedDB), in the client before the first render as the app restores it; stale, as restored.
  if (kept) {
    queryClient.setQueryData(kept[0], kept[1]);
    void queryClient.invalidateQueries({ queryKey: kept[0], refetchType: 'none' });
  }
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <UnauthorizedHandler />
        <Where />
        <Suspense fallback={<p>Loading screen</p>}>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/cart" element={<h1>Cart page</h1>} />
            <Route path="/sign-in" element={<h1>Sign-in page</h1>} />
            <Route path="/order-is-done" element={<RequireEarlierNavigation gate="order-is-done">{orderDone}</RequireEarlierNavigation>} />
            <Route element={<RequireAuth />}>
              <Route path="/payment-session" element={<RequireEarlierNavigation gate="payment-session"><PaymentSession /></RequireEarlierNavigation>}>
                <Route index element={<Navigate to="info" replace />} />
                <Route path="info" element={<InfoStep />} />
                <Route path="address" element={<AddressStep />} />
                <Route path="shipping" element={<ShippingStep />} />
                <Route path="payment" element={<PaymentStep />} />
              </Route>
            </Route>
          </Routes>
        </Suspense>
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, queryClient };
}

const json = (body: unknown, status = 200) => ({ status, body });

/** 2026-06-17 .. 2026-07-15 without the weekday closed (0 = Sunday): what the server lists two to thirty days after Monday 2026-06-15. */
function deliveryDaysWithout(closed: number) {
  const days: string[] = [];
  for (let d = Date.UTC(2026, 5, 17); d <= Date.UTC(2026, 6, 15); d += 86_400_000) {
    const day = new Date(d);
    if (day.getUTCDay() !== closed) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
/** The default shop's days: no Fridays. */
const DELIVERY_DAYS = deliveryDaysWithout(5);

const CART: CartData = {
  card_id: 7,
  points: 1200,
  points_applied: true,
  points_discount: 50,
  points_used: 1000,
  coupon: 'WELCOME10',
  coupon_discount: 80,
  coupon_problem: null,
  price_after_coupon: 720,
  shiping: 60,
  shipping_governorate: null,
  fee_varies_by_governorate: false,
  standard_delivery_days: 7,
  phone: '01055501234',
  subtotal: 800,
  summary: { total: 670, totalAfterShiping: 730, Estimated_Delivery_by: '2026-06-22' },
  delivery_days: DELIVERY_DAYS,
  closed_weekdays: [5],
  product_in_card: [{
    id: 31, product_id: 11, product_name: 'Royal Oud', product_image: '/media/11.webp', product_price: 400, product_qty: 2, line_total: 800,
    typesale_name: 'normal', product_smell: ['Rose', 'Amber'], smell: ['Rose', 'Amber'], gift_id: null, giftproduct: [], stock: 9, previous_price: null,
  }],
  card_count: 2,
};

const HOME: Address = { id: 5, title: 'Home', address: '12 Tahrir St', phone: '01012345678', city: 'Dokki', government: 'Giza', government_code: 'giza' };
const WORK: Address = { id: 6, title: 'Work', address: '3 Nile Corniche', phone: '01112345678', city: 'Maadi', government: 'Cairo', government_code: 'cairo' };

const ORDER = {
  id: 42, number: 'ATR-10042', total: 730, status: 'pending', payment: 'cach', shiping: 'date', delivery_date: '2026-06-20',
  wallet_phone: '01055501234', points_earned: 670, created_at: '2026-06-15T10:00:00.000Z',
};

/** The cart and the addresses every step may read, and whatever a test adds. */
function shopApi(extra: Parameters<typeof fakeApi>[0] = {}, addresses: () => Address[] = () => [HOME, WORK]) {
  return fakeApi({
    '/showCard': () => json({ status: 200, message: 'ok', data: CART }),
    '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: addresses() } }),
    ...extra,
  });
}

/** Money as testing-library reads the page: its no-break spaces normalized. */
const money = (egp: number) => formatMoney(egp, 'en').replace(/\s+/g, ' ');

/** The session as the steps before `upTo` would have saved it. */
function session(patch: Partial<CheckoutSession> = {}) {
  startCheckoutSession(7, 1000);
  updateCheckoutSession({ userName: 'Mona Adel', userPhone: '01012345678', userAddress: 5, userShipping: 'free', userDate: null, ...patch });
}

/** What a form field says under it: its helper text, linked by aria-describedby. */
function helpOf(element: HTMLElement) {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

/** The value a summary row shows, by its term. */
function summaryOf(term: string) {
  const dt = screen.getAllByText(term).find((el) => el.tagName === 'DT');
  return dt?.nextElementSibling?.textContent ?? null;
}

describe('the checkout session: skipping and reloading', () => {
  it('sends a step opened without the earlier steps\' data to the first incomplete step', async () => {
    startCheckoutSession(7, 0);
    updateCheckoutSession({ userName: 'Mona Adel', userPhone: '01012345678' });
    fakeApi({ '/showCard': () => json({ status: 200, message: 'ok', data: CART }), '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME] } }) });
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Delivery address' });
    expect(where()).toBe('/payment-session/address');
  });

  it('sends a step to Your Info when nothing was saved, and to the cart without a cart id', async () => {
    startCheckoutSession(7, 0);
    fakeApi({});
    const first = renderCheckout('/payment-session/shipping');
    await screen.findByRole('heading', { name: 'Your Info' });
    expect(where()).toBe('/payment-session/info');
    first.unmount();
    localStorage.removeItem('cartId');
    renderCheckout('/payment-session/info');
    await screen.findByRole('heading', { name: 'Cart page' });
  });

  it('asks for a date on the shipping step before payment when date shipping has none', async () => {
    session({ userShipping: 'date', userDate: null });
    fakeApi({ '/showCard': () => json({ status: 200, message: 'ok', data: CART }) });
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Shipping method' });
    expect(where()).toBe('/payment-session/shipping');
  });

  it('marks the current step and lets the shopper go back to a done one', async () => {
    session();
    fakeApi({ '/showCard': () => json({ status: 200, message: 'ok', data: CART }) });
    renderCheckout('/payment-session/shipping');
    await screen.findByRole('heading', { name: 'Shipping method' });
    const steps = within(screen.getByRole('navigation', { name: 'Checkout steps' }));
    expect(steps.getByText('Shipping').closest('[aria-current="step"]')).toBeTruthy();
    expect(steps.queryByRole('link', { name: 'Payment' })).toBeTruthy();
    fireEvent.click(steps.getByRole('link', { name: 'Your info' }));
    await screen.findByRole('heading', { name: 'Your Info' });
    expect(where()).toBe('/payment-session/info');
  });

  it('keeps every choice over a reload: the fields come back filled', async () => {
    session({ userName: 'منى عادل', userShipping: 'date', userDate: '2026-06-20' });
    fakeApi({ '/showCard': () => json({ status: 200, message: 'ok', data: CART }) });
    const first = renderCheckout('/payment-session/info');
    expect((await screen.findByLabelText(/^Full name/) as HTMLInputElement).value).toBe('منى عادل');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('01012345678');
    first.unmount();
    renderCheckout('/payment-session/shipping');
    expect((await screen.findByRole('radio', { name: /Scheduled delivery/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Sat 20 Jun' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('moving between steps', () => {
  it('numbers the steps in Eastern Arabic digits when Arabic is on', async () => {
    localStorage.setItem('lang', 'ar');
    startCheckoutSession(7, 0);
    fakeApi({});
    renderCheckout('/payment-session/info');
    await screen.findByRole('navigation');
    const numbers = () => [...document.querySelectorAll('nav .MuiStepIcon-text')].map((n) => n.textContent);
    await waitFor(() => expect(numbers()).toEqual(['١', '٢', '٣', '٤']));
  });

  it('numbers them 1 to 4 in English', async () => {
    startCheckoutSession(7, 0);
    fakeApi({});
    renderCheckout('/payment-session/info');
    await screen.findByRole('navigation', { name: 'Checkout steps' });
    expect([...document.querySelectorAll('nav .MuiStepIcon-text')].map((n) => n.textContent)).toEqual(['1', '2', '3', '4']);
  });

  it('puts focus on each new step\'s heading after Confirm, Next and Back', async () => {
    startCheckoutSession(7, 1000);
    shopApi();
    renderCheckout('/payment-session/info');
    await screen.findByLabelText(/^Full name/);
    // The visit's first page: focus stays where the browser put it.
    expect(document.activeElement).toBe(document.body);
    type(/^Full name/, 'Mona Adel');
    type(/^Phone/, '01012345678');
    click('Confirm');
    const address = await screen.findByRole('heading', { name: 'Delivery address' });
    await waitFor(() => expect(document.activeElement).toBe(address));
    fireEvent.click(screen.getByRole('radio', { name: /Home/ }));
    click('Next');
    const shipping = await screen.findByRole('heading', { name: 'Shipping method' });
    await waitFor(() => expect(document.activeElement).toBe(shipping));
    fireEvent.click(screen.getByRole('radio', { name: /Free delivery/ }));
    click('Next');
    const payment = await screen.findByRole('heading', { name: 'Confirm Order' });
    await waitFor(() => expect(document.activeElement).toBe(payment));
    click('Back');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping method' })));
  });

  it('puts focus on the heading of a step opened from the step bar', async () => {
    session({ userShipping: null });
    shopApi();
    renderCheckout('/payment-session/address');
    await screen.findByRole('radio', { name: /Home/ });
    click('Next');
    await screen.findByRole('heading', { name: 'Shipping method' });
    const link = within(screen.getByRole('navigation', { name: 'Checkout steps' })).getByRole('link', { name: 'Address' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Delivery address' });
    // The link became the current step's label and went away with its focus.
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

describe('Your Info', () => {
  beforeEach(() => startCheckoutSession(7, 0));

  it('asks for both fields: the name with errors.names2, the phone with its own message', async () => {
    fakeApi({});
    renderCheckout('/payment-session/info');
    await screen.findByRole('button', { name: 'Confirm' });
    type(/^Full name/, '   ');
    click('Confirm');
    await waitFor(() => expect(helpOf(screen.getByLabelText(/^Full name/))).toBe('At least 2 names of 3 characters each'));
    expect(helpOf(screen.getByLabelText(/^Phone/))).toBe('Enter an 11-digit mobile number');
    expect(where()).toBe('/payment-session/info');
  });

  it('says the phone\'s message in Arabic', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({});
    renderCheckout('/payment-session/info');
    await screen.findByLabelText(/^الاسم الكامل/);
    type(/^الاسم الكامل/, 'منى عادل');
    type(/^رقم الهاتف/, '٠١٠١');
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(helpOf(screen.getByLabelText(/^رقم الهاتف/))).toBe('أدخل رقم هاتف محمول من ١١ رقمًا'));
    expect(helpOf(screen.getByLabelText(/^الاسم الكامل/))).toBe('');
  });

  it.each([
    ['Mona', '01012345678', 'name'],
    ['Mo Adel', '01012345678', 'name'],
    ['Mona Adel2', '01012345678', 'name'],
    ['Mona Adel', '0101234567', 'phone'],
    ['Mona Adel', '010123456789', 'phone'],
  ])('refuses %s / %s under the %s, with its own message', async (name, phone, field) => {
    fakeApi({});
    renderCheckout('/payment-session/info');
    await screen.findByLabelText(/^Full name/);
    type(/^Full name/, name);
    type(/^Phone/, phone);
    click('Confirm');
    const input = screen.getByLabelText(field === 'name' ? /^Full name/ : /^Phone/);
    await waitFor(() => expect(helpOf(input)).toBe(field === 'name' ? 'At least 2 names of 3 characters each' : 'Enter an 11-digit mobile number'));
    expect(where()).toBe('/payment-session/info');
    expect(readCheckoutSession().userName).toBeNull();
  });

  it('accepts Arabic names and Eastern Arabic digits, saves them and goes to the address', async () => {
    fakeApi({ '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME] } }) });
    renderCheckout('/payment-session/info');
    await screen.findByLabelText(/^Full name/);
    type(/^Full name/, '  منى   عادل ');
    type(/^Phone/, '٠١٠١٢٣٤٥٦٧٨');
    click('Confirm');
    await screen.findByRole('heading', { name: 'Delivery address' });
    expect(where()).toBe('/payment-session/address');
    expect(readCheckoutSession()).toMatchObject({ userName: 'منى عادل', userPhone: '01012345678' });
  });
});

describe('the address step', () => {
  beforeEach(() => session({ userAddress: null, userShipping: null }));

  it('says "Please select address first" and stays', async () => {
    shopApi();
    renderCheckout('/payment-session/address');
    await screen.findByRole('radio', { name: /Home/ });
    click('Next');
    expect((await screen.findByRole('alert')).textContent).toBe('Please select address first');
    expect(where()).toBe('/payment-session/address');
    fireEvent.click(screen.getByRole('radio', { name: /Work/ }));
    expect(screen.queryByText('Please select address first')).toBeNull();
    click('Next');
    await screen.findByRole('heading', { name: 'Shipping method' });
    expect(readCheckoutSession().userAddress).toBe(6);
  });

  it('shows each address whole, pre-selects the saved choice, and refreshes the list every second', async () => {
    updateCheckoutSession({ userAddress: 6 });
    let list = [HOME, WORK];
    const { calls } = shopApi({}, () => list);
    renderCheckout('/payment-session/address');
    const work = await screen.findByRole('radio', { name: /Work/ });
    expect((work as HTMLInputElement).checked).toBe(true);
    expect(work.closest('label')?.textContent).toContain('3 Nile Corniche');
    expect(work.closest('label')?.textContent).toContain('Maadi');
    expect(work.closest('label')?.textContent).toContain('01112345678');
    // An address added in another tab shows up without a reload.
    list = [HOME, WORK, { ...HOME, id: 9, title: 'Parents' }];
    await screen.findByRole('radio', { name: /Parents/ });
    expect(calls.filter((c) => c.path === '/user/show/address').length).toBeGreaterThanOrEqual(2);
    // No loading view on a poll.
    expect(screen.queryByLabelText('Loading…')).toBeNull();
  });

  it('chooses an only address from the start, and Next takes it', async () => {
    shopApi({}, () => [HOME]);
    renderCheckout('/payment-session/address');
    const home = await screen.findByRole('radio', { name: /Home/ });
    expect((home as HTMLInputElement).checked).toBe(true);
    click('Next');
    await screen.findByRole('heading', { name: 'Shipping method' });
    expect(readCheckoutSession().userAddress).toBe(5);
  });

  it('chooses none of two addresses by itself', async () => {
    shopApi();
    renderCheckout('/payment-session/address');
    await screen.findByRole('radio', { name: /Work/ });
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('lists and chooses a new address at once, before the list comes back', async () => {
    let added = false;
    const NEW: Address = { id: 12, title: 'Villa', address: '8 Palm St', phone: '01234567890', city: 'Sheikh Zayed', government: 'Giza', government_code: 'giza' };
    shopApi({
      // A slow network: once the address is added, the list does not come back during the test.
      '/user/show/address': () => (added ? new Promise<never>(() => undefined) : json({ status: 200, message: 'ok', data: { address: [HOME, WORK] } })),
      '/user/add/address': () => {
        added = true;
        return json({ status: 200, message: 'Address added.', data: NEW });
      },
    });
    renderCheckout('/payment-session/address');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add new address' }));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Villa' } });
    fireEvent.change(dialog.getByLabelText(/^Address/), { target: { value: '8 Palm St' } });
    fireEvent.change(dialog.getByLabelText(/^Phone/), { target: { value: '01234567890' } });
    fireEvent.change(dialog.getByLabelText(/^City/), { target: { value: 'Sheikh Zayed' } });
    fireEvent.change(dialog.getByLabelText(/^Governorate/), { target: { value: 'giza' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('radio', { name: /Villa/ }) as HTMLInputElement).checked).toBe(true);
    click('Next');
    await screen.findByRole('heading', { name: 'Shipping method' });
    expect(readCheckoutSession().userAddress).toBe(12);
  });

  it('checks the add-address form: every field required, the phone 11 digits', async () => {
    const { fetchMock } = fakeApi({ '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME] } }) });
    renderCheckout('/payment-session/address');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add new address' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(helpOf(dialog.getByLabelText(/^Title/))).toBe('Required'));
    for (const label of [/^Address/, /^Phone/, /^City/, /^Governorate/]) expect(helpOf(dialog.getByLabelText(label))).toBe('Required');
    fireEvent.change(dialog.getByLabelText(/^Phone/), { target: { value: '0101234' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(helpOf(dialog.getByLabelText(/^Phone/))).toBe('Phone 11 digits'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/add/address'))).toBe(false);
  });

  it('names the governorates in Arabic when Arabic is on', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({ '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME] } }) });
    renderCheckout('/payment-session/address');
    fireEvent.click(await screen.findByRole('button', { name: /Add new address|إضافة عنوان جديد/ }));
    const dialog = within(await screen.findByRole('dialog'));
    const options = within(dialog.getByRole('combobox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(28);
    expect(options).toContain('القاهرة');
    expect(options).toContain('كفر الشيخ');
    expect(options).not.toContain('Cairo');
  });

  it('adds an address, shows the server\'s message and chooses the new one', async () => {
    let list = [HOME];
    const NEW: Address = { id: 12, title: 'Villa', address: '8 Palm St', phone: '01234567890', city: 'Sheikh Zayed', government: 'Giza', government_code: 'giza' };
    const { fetchMock } = shopApi({
      '/user/add/address': () => {
        list = [HOME, NEW];
        return json({ status: 200, message: 'Address added.', data: NEW });
      },
    }, () => list);
    renderCheckout('/payment-session/address');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add new address' }));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Villa' } });
    fireEvent.change(dialog.getByLabelText(/^Address/), { target: { value: '8 Palm St' } });
    fireEvent.change(dialog.getByLabelText(/^Phone/), { target: { value: '+20 123 456 7890' } });
    fireEvent.change(dialog.getByLabelText(/^City/), { target: { value: 'Sheikh Zayed' } });
    fireEvent.change(dialog.getByLabelText(/^Governorate/), { target: { value: 'giza' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await screen.findByText('Address added.');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/add/address'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ title: 'Villa', address: '8 Palm St', phone: '01234567890', city: 'Sheikh Zayed', government: 'giza' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('radio', { name: /Villa/ }) as HTMLInputElement).checked).toBe(true);
    click('Next');
    await screen.findByRole('heading', { name: 'Shipping method' });
    expect(readCheckoutSession().userAddress).toBe(12);
  });

  it('puts the server\'s field errors under their fields and keeps what was typed', async () => {
    fakeApi({
      '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME] } }),
      '/user/add/address': () => json({ status: 422, message: 'Check the form.', errors: { government: ['Please choose one of Egypt\'s governorates.'] } }, 422),
    });
    renderCheckout('/payment-session/address');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add new address' }));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Villa' } });
    fireEvent.change(dialog.getByLabelText(/^Address/), { target: { value: '8 Palm St' } });
    fireEvent.change(dialog.getByLabelText(/^Phone/), { target: { value: '01234567890' } });
    fireEvent.change(dialog.getByLabelText(/^City/), { target: { value: 'Zayed' } });
    fireEvent.change(dialog.getByLabelText(/^Governorate/), { target: { value: 'giza' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(helpOf(dialog.getByLabelText(/^Governorate/))).toBe('Please choose one of Egypt\'s governorates.'));
    expect((dialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Villa');
    expect((dialog.getByLabelText(/^Address/) as HTMLInputElement).value).toBe('8 Palm St');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the shipping step', () => {
  beforeEach(() => session({ userShipping: null }));
  const api = () => shopApi();

  it('says "Please select shipping method" when none is chosen', async () => {
    api();
    renderCheckout('/payment-session/shipping');
    await screen.findByRole('radio', { name: /Free delivery/ });
    click('Next');
    expect((await screen.findByRole('alert')).textContent).toBe('Please select shipping method');
    expect(where()).toBe('/payment-session/shipping');
  });

  it('shows the estimated day for free delivery and the fee for a scheduled one', async () => {
    api();
    renderCheckout('/payment-session/shipping');
    const free = await screen.findByRole('radio', { name: /Free delivery/ });
    expect(free.closest('label')?.textContent).toContain(`Estimated by ${formatDay('2026-06-22', 'en')}`);
    expect(screen.getByRole('radio', { name: /Scheduled delivery/ }).closest('label')?.textContent).toContain(formatMoney(60, 'en'));
  });

  const dayGroup = (name: string | RegExp = 'Delivery date') => screen.getByRole('group', { name });
  const dayRadios = () => within(dayGroup()).getAllByRole('radio') as HTMLInputElement[];

  it('offers exactly the cart\'s days, in words, grouped by month, and asks for one with the scheduled method', async () => {
    api();
    renderCheckout('/payment-session/shipping');
    fireEvent.click(await screen.findByRole('radio', { name: /Scheduled delivery/ }));
    // No browser date input: it writes a day month first, in Western digits, whatever the language.
    expect(document.querySelector('input[type="date"]')).toBeNull();
    const radios = dayRadios();
    expect(radios.map((r) => r.value)).toEqual(DELIVERY_DAYS);
    expect(radios.every((r) => r.name === radios[0].name)).toBe(true);
    expect(screen.getByRole('radio', { name: 'Wed 17 Jun' }).getAttribute('value')).toBe('2026-06-17');
    expect(screen.queryByRole('radio', { name: 'Fri 19 Jun' })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'June 2026' })).getAllByRole('radio')).toHaveLength(12);
    expect(within(screen.getByRole('group', { name: 'July 2026' })).getAllByRole('radio')).toHaveLength(13);
    click('Next');
    await waitFor(() => expect(helpOf(dayGroup())).toBe('if you choose Schedule method you must select date'));
    expect(document.activeElement).toBe(radios[0]);
    expect(where()).toBe('/payment-session/shipping');
  });

  it('takes a day, says it in full, and saves it as YYYY-MM-DD', async () => {
    api();
    renderCheckout('/payment-session/shipping');
    fireEvent.click(await screen.findByRole('radio', { name: /Scheduled delivery/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sat 20 Jun' }));
    expect((screen.getByRole('radio', { name: 'Sat 20 Jun' }) as HTMLInputElement).checked).toBe(true);
    expect(helpOf(dayGroup())).toContain(`Delivery on ${formatLongDay('2026-06-20', 'en')}`);
    expect(formatLongDay('2026-06-20', 'en')).toMatch(/^Saturday 20 June 2026$/);
    click('Next');
    await screen.findByRole('heading', { name: 'Confirm Order' });
    expect(readCheckoutSession()).toMatchObject({ userShipping: 'date', userDate: '2026-06-20' });
  });

  it('refuses a day saved earlier that the shop no longer offers, with the reason', async () => {
    session({ userShipping: 'date', userDate: '2026-06-19' });
    api();
    renderCheckout('/payment-session/shipping');
    await screen.findByRole('radio', { name: /Scheduled delivery/ });
    expect(helpOf(dayGroup())).toBe("We don't deliver on Fridays. Please choose another day.");
    expect(dayRadios().some((r) => r.checked)).toBe(false);
    click('Next');
    expect(where()).toBe('/payment-session/shipping');
    fireEvent.click(screen.getByRole('radio', { name: 'Mon 22 Jun' }));
    click('Next');
    await screen.findByRole('heading', { name: 'Confirm Order' });
    expect(readCheckoutSession()).toMatchObject({ userShipping: 'date', userDate: '2026-06-22' });
  });

  it('reads delivery days with the cart\'s list', () => {
    expect(deliveryDayProblem('2026-06-20', DELIVERY_DAYS, [5])).toBeNull();
    expect(deliveryDayProblem('2026-06-26', DELIVERY_DAYS, [5])).toBe('closed_weekday');
    expect(deliveryDayProblem('2026-06-16', DELIVERY_DAYS, [5])).toBe('too_soon');
    expect(deliveryDayProblem('2026-07-16', DELIVERY_DAYS, [5])).toBe('too_late');
    expect(deliveryDayProblem('٢٠٢٦-٠٦-٢٠', DELIVERY_DAYS, [5])).toBeNull();
    expect(deliveryDayProblem('2026-02-30', DELIVERY_DAYS, [5])).toBe('invalid');
    // A day left out for another reason than the shop's weekdays off is not blamed on one.
    expect(deliveryDayProblem('2026-06-26', DELIVERY_DAYS, [])).toBe('closed');
  });

  it('names the days off in its hint: Fridays by default', async () => {
    api();
    renderCheckout('/payment-session/shipping');
    fireEvent.click(await screen.findByRole('radio', { name: /Scheduled delivery/ }));
    expect(helpOf(dayGroup())).toBe(`Any day from ${formatDay('2026-06-17', 'en')} to ${formatDay('2026-07-15', 'en')}, except Fridays.`);
  });

  it('names the days in Arabic, with Eastern digits, in Cairo\'s calendar whatever the device\'s zone', async () => {
    localStorage.setItem('lang', 'ar');
    api();
    renderCheckout('/payment-session/shipping');
    fireEvent.click(await screen.findByRole('radio', { name: /توصيل في موعد تختاره/ }));
    const group = dayGroup(/^تاريخ التوصيل/);
    expect(within(group).getByRole('group', { name: 'يونيو ٢٠٢٦' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'السبت ٢٠ يونيو' }));
    expect(helpOf(group)).toContain(`التوصيل يوم ${formatLongDay('2026-06-20', 'ar')}`);
    expect(formatLongDay('2026-06-20', 'ar')).toBe('السبت، ٢٠ يونيو ٢٠٢٦');
    expect(group.textContent).not.toMatch(/[0-9]/);
    fireEvent.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() => expect(readCheckoutSession()).toMatchObject({ userShipping: 'date', userDate: '2026-06-20' }));
  });

  describe('with the server\'s days off on Saturdays', () => {
    /** What the server lists when closedWeekdays is [6]: the same window without Saturdays. */
    const SATURDAYS_OFF: CartData = { ...CART, closed_weekdays: [6], delivery_days: deliveryDaysWithout(6) };
    const saturdaysOff = () => shopApi({ '/showCard': () => json({ status: 200, message: 'ok', data: SATURDAYS_OFF }) });

    it('names Saturdays in the hint, offers no Saturday, and takes a Friday', async () => {
      saturdaysOff();
      renderCheckout('/payment-session/shipping');
      fireEvent.click(await screen.findByRole('radio', { name: /Scheduled delivery/ }));
      expect(helpOf(dayGroup())).toBe(`Any day from ${formatDay('2026-06-17', 'en')} to ${formatDay('2026-07-15', 'en')}, except Saturdays.`);
      expect(screen.queryByRole('radio', { name: 'Sat 20 Jun' })).toBeNull();
      fireEvent.click(screen.getByRole('radio', { name: 'Fri 19 Jun' }));
      click('Next');
      await screen.findByRole('heading', { name: 'Confirm Order' });
      expect(readCheckoutSession()).toMatchObject({ userShipping: 'date', userDate: '2026-06-19' });
    });

    it('names them in Arabic, in the hint and the refusal of a saved Saturday', async () => {
      localStorage.setItem('lang', 'ar');
      session({ userShipping: 'date', userDate: '2026-06-20' });
      saturdaysOff();
      renderCheckout('/payment-session/shipping');
      await screen.findByRole('radio', { name: /توصيل في موعد تختاره/ });
      expect(helpOf(dayGroup(/^تاريخ التوصيل/))).toBe('لا يوجد توصيل يوم السبت. يُرجى اختيار يوم آخر.');
      fireEvent.click(screen.getByRole('radio', { name: 'الأحد ٢١ يونيو' }));
      expect(helpOf(dayGroup(/^تاريخ التوصيل/))).toContain(`أي يوم من ${formatDay('2026-06-17', 'ar')} إلى ${formatDay('2026-07-15', 'ar')}، عدا أيام السبت.`);
    });

    it('lists several days off in the language\'s own way', async () => {
      localStorage.setItem('lang', 'ar');
      shopApi({ '/showCard': () => json({ status: 200, message: 'ok', data: { ...SATURDAYS_OFF, closed_weekdays: [5, 6] } }) });
      renderCheckout('/payment-session/shipping');
      fireEvent.click(await screen.findByRole('radio', { name: /توصيل في موعد تختاره/ }));
      expect(helpOf(dayGroup(/^تاريخ التوصيل/))).toContain('عدا أيام الجمعة والسبت.');
    });
  });
});

describe('the Confirm Order summary', () => {
  it('shows the chosen day or Estimated_Delivery_by, "Free" or "Scheduled" (never the raw value), total or totalAfterShiping', () => {
    expect(deliveryDateShown('date', '2026-06-20', '2026-06-22')).toBe('2026-06-20');
    expect(deliveryDateShown('free', '2026-06-20', '2026-06-22')).toBe('2026-06-22');
    expect(shippingTypeShown('free')).toBe('Free');
    expect(shippingTypeShown('date')).toBe('Scheduled');
    expect(shippingTypeShown('date', { free: 'مجاني', date: 'موعد محدد' })).toBe('موعد محدد');
    expect(amountToPay(CART.summary, 'free')).toBe(670);
    expect(amountToPay(CART.summary, 'date')).toBe(730);
  });

  const api = () => fakeApi({
    '/showCard': () => json({ status: 200, message: 'ok', data: CART }),
    '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME, WORK] } }),
  });

  it('with free shipping: the estimated day, "Free" and the total', async () => {
    session({ userShipping: 'free', userDate: '2026-06-20' });
    api();
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Order summary' });
    expect(summaryOf('Delivery date')).toBe(formatLongDay('2026-06-22', 'en'));
    expect(summaryOf('Shipping')).toBe('Free');
    expect(summaryOf('Amount to pay')).toBe(formatMoney(670, 'en'));
    expect(summaryOf('Name')).toBe('Mona Adel');
    expect(summaryOf('Address')).toContain('12 Tahrir St');
    expect(summaryOf('Items')).toBe('Royal Oud × 2');
    expect(summaryOf('Coupon WELCOME10')).toContain(formatMoney(80, 'en'));
    expect(summaryOf('Points discount')).toContain(formatMoney(50, 'en'));
  });

  it('with scheduled shipping: the chosen day in words, "Scheduled" and totalAfterShiping', async () => {
    session({ userShipping: 'date', userDate: '2026-06-20' });
    api();
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Order summary' });
    expect(summaryOf('Delivery date')).toBe(formatLongDay('2026-06-20', 'en'));
    expect(summaryOf('Delivery date')).toMatch(/^Saturday 20 June 2026$/);
    expect(summaryOf('Shipping')).toBe('Scheduled');
    expect(summaryOf('Amount to pay')).toBe(formatMoney(730, 'en'));
    // The session and the API keep the raw value.
    expect(readCheckoutSession().userShipping).toBe('date');
  });

  it('with scheduled shipping in Arabic: "موعد محدد" and the day in words, with Eastern digits', async () => {
    localStorage.setItem('lang', 'ar');
    session({ userShipping: 'date', userDate: '2026-06-20' });
    api();
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'ملخص الطلب' });
    expect(summaryOf('الشحن')).toBe('موعد محدد');
    expect(summaryOf('تاريخ التوصيل')).toBe('السبت، ٢٠ يونيو ٢٠٢٦');
  });

  it('reads as a receipt: price, coupon, points, delivery fee, amount; each discount after one minus sign', async () => {
    session({ userShipping: 'date', userDate: '2026-06-20' });
    api();
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Order summary' });
    const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    const receipt = ['Price', 'Coupon WELCOME10', 'Points discount', 'Shipping fee', 'Amount to pay'];
    expect(terms.filter((term) => receipt.includes(term ?? ''))).toEqual(receipt);
    expect(summaryOf('Price')).toBe(formatMoney(800, 'en'));
    expect(summaryOf('Coupon WELCOME10')).toBe(`\u2212${formatMoney(80, 'en')}`);
    expect(summaryOf('Points discount')).toBe(`\u2212${formatMoney(50, 'en')}`);
  });

  it('shows the shop\'s wallet number when Vodafone Cash is chosen', async () => {
    session();
    api();
    renderCheckout('/payment-session/payment');
    const method = await screen.findByLabelText(/^Payment method/);
    expect(screen.queryByTestId('wallet-phone')).toBeNull();
    fireEvent.change(method, { target: { value: 'cach' } });
    expect(screen.getByTestId('wallet-phone').textContent).toBe('01055501234');
    expect(screen.getByTestId('wallet-phone').getAttribute('dir')).toBe('ltr');
  });
});

describe('Confirm Order', () => {
  const placed = () => json({ status: 200, message: 'Your order ATR-10042 has been placed.', data: { order: ORDER } });
  const checkoutCalls = (fetchMock: ReturnType<typeof fakeApi>['fetchMock']) =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/checkout'));
  const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

  function api(checkout: () => ReturnType<typeof json> | Promise<ReturnType<typeof json>>) {
    return fakeApi({
      '/showCard': () => json({ status: 200, message: 'ok', data: CART }),
      '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME, WORK] } }),
      '/checkout': checkout,
    });
  }
  async function choosePayment(value: string) {
    fireEvent.change(await screen.findByLabelText(/^Payment method/), { target: { value } });
  }

  it('says "please select payment method first" without a method, and sends nothing', async () => {
    session();
    const { fetchMock } = api(placed);
    renderCheckout('/payment-session/payment');
    await screen.findByLabelText(/^Payment method/);
    click('Confirm Order');
    await waitFor(() => expect(helpOf(screen.getByLabelText(/^Payment method/))).toBe('please select payment method first'));
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
  });

  it('says the same when the chosen address is gone', async () => {
    session({ userAddress: 99 });
    const { fetchMock } = api(placed);
    renderCheckout('/payment-session/payment');
    await choosePayment('delivery');
    click('Confirm Order');
    await waitFor(() => expect(helpOf(screen.getByLabelText(/^Payment method/))).toBe('please select payment method first'));
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
  });

  it('places the order once, lands on order-is-done with the number, the amount and the wallet', async () => {
    session({ userShipping: 'date', userDate: '2026-06-20' });
    localStorage.setItem('cart count', '2');
    let answer: (value: ReturnType<typeof json>) => void = () => {};
    const { fetchMock } = api(() => new Promise((resolve) => { answer = resolve; }));
    renderCheckout('/payment-session/payment');
    await choosePayment('cach');
    click('Confirm Order');
    click('Confirm Order');
    await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
    const [call] = checkoutCalls(fetchMock);
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({
      card_id: 7, username: 'Mona Adel', phone: '01012345678', address_id: 5, shiping: 'date', date: '2026-06-20', payment: 'cach', point: 1000,
      amount_seen: 730,
    });
    expect(keyOf(call)).toMatch(/^[A-Za-z0-9_\-:.]{8,128}$/);
    await act(async () => answer(placed()));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(where()).toBe('/order-is-done');
    expect(checkoutCalls(fetchMock)).toHaveLength(1);
    expect(screen.getByText('ATR-10042')).toBeTruthy();
    expect(screen.getAllByText(money(730)).length).toBeGreaterThan(0);
    expect(screen.getByTestId('wallet-phone').textContent).toBe('01055501234');
    expect(localStorage.getItem('cart count')).toBe('0');
    expect(readCheckoutSession()).toMatchObject({ cartId: null, userName: null, userAddress: null });
    // The checkout's gate is closed: a step opened again by URL goes home.
    expect(hasEarlierNavigation('payment-session')).toBe(false);
  });

  it('marks the cart, the order lists and the points balance stale in every language once the order is placed', async () => {
    session();
    api(placed);
    const { queryClient } = renderCheckout('/payment-session/payment');
    // What other screens have cached: the Arabic cart, both order lists, the profile (points).
    const cached: QueryKey[] = [
      cartQuery('ar', TOKEN).queryKey,
      ordersQuery(1, 'en', TOKEN).queryKey,
      allOrdersQuery('en', TOKEN).queryKey,
      profileQuery('en', TOKEN).queryKey,
      profileQuery('ar', TOKEN).queryKey,
    ];
    for (const key of cached) queryClient.setQueryData(key, {});
    await choosePayment('delivery');
    for (const key of cached) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    click('Confirm Order');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    for (const key of cached) expect({ key, stale: queryClient.getQueryState(key)?.isInvalidated }).toEqual({ key, stale: true });
  });

  it('keeps the summary and a busy Confirm while the order-done screen is still loading', async () => {
    session();
    let ordered = false;
    const EMPTY: CartData = { ...CART, product_in_card: [], card_count: 0, summary: { ...CART.summary, total: 0, totalAfterShiping: 0 } };
    const { fetchMock } = fakeApi({
      '/showCard': () => json({ status: 200, message: 'ok', data: ordered ? EMPTY : CART }),
      '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME, WORK] } }),
      '/checkout': () => {
        ordered = true;
        return placed();
      },
    });
    // The done screen is a lazy chunk in the app: held back here until the test lets it arrive.
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    const LazyDone = lazy(async () => {
      await arrived;
      return { default: OrderIsDone };
    });
    renderCheckout('/payment-session/payment', { orderDone: <LazyDone /> });
    await choosePayment('delivery');
    click('Confirm Order');
    await screen.findByText('Your order ATR-10042 has been placed.');
    // The cart was refreshed (the order emptied it) while the step is still on screen.
    // (asked for the chosen address: /showCard?address_id=5)
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname.endsWith('/showCard')).length).toBeGreaterThanOrEqual(2));
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(where()).toBe('/payment-session/payment');
    expect(summaryOf('Name')).toBe('Mona Adel');
    expect(summaryOf('Address')).toContain('12 Tahrir St');
    expect(summaryOf('Items')).toBe('Royal Oud × 2');
    expect(summaryOf('Amount to pay')).toBe(formatMoney(670, 'en'));
    const confirm = screen.getByRole('button', { name: /Confirm Order/ });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(confirm.closest('form')!);
    expect(screen.queryByText('please select payment method first')).toBeNull();
    expect(checkoutCalls(fetchMock)).toHaveLength(1);
    await act(async () => arrive());
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(where()).toBe('/order-is-done');
  });

  it('sends the same Idempotency-Key on a retry after a network failure, and a new one for the next order', async () => {
    session();
    let fail = true;
    const { fetchMock } = api(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return placed();
    });
    const first = renderCheckout('/payment-session/payment');
    await choosePayment('delivery');
    click('Confirm Order');
    await screen.findByText('No connection. Check your internet and try again.');
    expect(where()).toBe('/payment-session/payment');
    fail = false;
    // A reload in between keeps the key too.
    first.unmount();
    renderCheckout('/payment-session/payment');
    await waitFor(() => expect((screen.getByLabelText(/^Payment method/) as HTMLSelectElement).value).toBe('delivery'));
    click('Confirm Order');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const calls = checkoutCalls(fetchMock);
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    // The next checkout is a new attempt.
    expect(sessionStorage.getItem('attar checkout key')).toBeNull();
    expect(screen.getByTestId('wallet-phone').textContent).toBe('01055501234');
  });

  it('offline: Confirm is disabled and says so with a Retry, which confirms with the same key once back online', async () => {
    session();
    let fail = true;
    const { fetchMock } = api(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return placed();
    });
    renderCheckout('/payment-session/payment');
    await choosePayment('delivery');
    // A first try lost on the network: the order may exist, so the same key from now on.
    click('Confirm Order');
    await screen.findByText('No connection. Check your internet and try again.');
    fail = false;

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => onlineManager.setOnline(false));
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('You are offline'))!;
    expect(alert.textContent).toBe('You are offline. Connect and try again.Retry');
    expect((screen.getByRole('button', { name: 'Confirm Order' }) as HTMLButtonElement).disabled).toBe(true);
    // One Retry, this one: the lost-request notice waits for the connection too.
    expect(screen.getAllByRole('button', { name: 'Retry' })).toEqual([within(alert).getByRole('button', { name: 'Retry' })]);

    // Enter in the form while offline sends nothing either, and points to Retry.
    fireEvent.submit(screen.getByRole('button', { name: 'Confirm Order' }).closest('form')!);
    expect(document.activeElement).toBe(within(alert).getByRole('button', { name: 'Retry' }));
    // Retry, still offline: it says so, and sends nothing.
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(alert.textContent).toContain('You are offline. Connect and try again. Still offline.');
    expect(checkoutCalls(fetchMock)).toHaveLength(1);

    // The browser is back (its online event missed): Retry finds it, and confirms with the same key.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const calls = checkoutCalls(fetchMock);
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });

  it('opened offline with its data not on this device, says so with Retry instead of loading forever, and loads once online', async () => {
    session();
    const { fetchMock } = api(placed);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderCheckout('/payment-session/payment');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You are offline. Connect and try again.Retry');
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(fetchMock).not.toHaveBeenCalled();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByLabelText(/^Payment method/)).toBeTruthy();
  });

  it('after a request lost on the network, offers Retry, which sends the same key', async () => {
    session();
    let fail = true;
    const { fetchMock } = api(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return placed();
    });
    renderCheckout('/payment-session/payment');
    await choosePayment('delivery');
    click('Confirm Order');
    const lost = (await screen.findByText(/your order may not have been placed/)).closest('[role="alert"]') as HTMLElement;
    fail = false;
    fireEvent.click(within(lost).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const calls = checkoutCalls(fetchMock);
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });

  it('on a 401 says "Please Login First", drops the token and goes to sign-in', async () => {
    session();
    api(() => json({ status: 401, message: 'Unauthenticated.' }, 401));
    renderCheckout('/payment-session/payment');
    await choosePayment('delivery');
    click('Confirm Order');
    await screen.findByText('Please Login First');
    await screen.findByRole('heading', { name: 'Sign-in page' });
    expect(localStorage.getItem('userToken')).toBeNull();
    // Nothing chosen is lost: after sign-in the shopper comes back to it.
    expect(readCheckoutSession()).toMatchObject({ cartId: 7, userName: 'Mona Adel', userAddress: 5 });
  });

  it('shows any other error\'s message and keeps the shopper and their choices here', async () => {
    session();
    const { fetchMock } = api(() => json({ status: 422, message: 'Royal Oud is out of stock.' }, 422));
    renderCheckout('/payment-session/payment');
    await choosePayment('delivery');
    click('Confirm Order');
    await screen.findByText('Royal Oud is out of stock.');
    expect(where()).toBe('/payment-session/payment');
    expect((screen.getByLabelText(/^Payment method/) as HTMLSelectElement).value).toBe('delivery');
    expect(readCheckoutSession()).toMatchObject({ cartId: 7, userName: 'Mona Adel', userAddress: 5, userShipping: 'free' });
    // Retrying the same attempt sends the same key.
    click('Confirm Order');
    await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(2));
    const [a, b] = checkoutCalls(fetchMock);
    expect(keyOf(b)).toBe(keyOf(a));
  });
});

describe('the fee to the chosen address, and prices that changed', () => {
  /** The cart as the server answers it: with ?address_id, the fee to that address's governorate. */
  const feeApi = (extra: Parameters<typeof fakeApi>[0] = {}, cart: (url: URL) => CartData = (url) => (url.searchParams.get('address_id') === '6'
    ? { ...CART, shiping: 35, shipping_governorate: 'cairo', summary: { ...CART.summary, totalAfterShiping: 705 } }
    : CART)) => fakeApi({
    '/showCard': (_lang, url) => json({ status: 200, message: 'ok', data: cart(url) }),
    '/user/show/address': () => json({ status: 200, message: 'ok', data: { address: [HOME, WORK] } }),
    ...extra,
  });
  const cartAsked = (calls: ReturnType<typeof fakeApi>['fetchMock']['mock']['calls']) =>
    calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === '/api/showCard').map((url) => url.search);

  it('the shipping step and the summary show the fee to the chosen address\'s governorate, in both languages', async () => {
    session({ userAddress: 6, userShipping: null });
    const { fetchMock } = feeApi();
    const first = renderCheckout('/payment-session/shipping');
    const scheduled = await screen.findByRole('radio', { name: /Scheduled delivery/ });
    expect(scheduled.closest('label')?.textContent).toContain(`On a day you choose, for ${formatMoney(35, 'en')} to Cairo.`);
    expect(cartAsked(fetchMock.mock.calls)).toContain('?address_id=6');
    first.unmount();
    session({ userAddress: 6, userShipping: 'date', userDate: '2026-06-20' });
    const second = renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Order summary' });
    expect(summaryOf('Shipping fee to Cairo')).toBe(formatMoney(35, 'en'));
    expect(summaryOf('Amount to pay')).toBe(formatMoney(705, 'en'));
    second.unmount();
    localStorage.setItem('lang', 'ar');
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'ملخص الطلب' });
    expect(summaryOf('رسوم الشحن إلى القاهرة')).toBe(formatMoney(35, 'ar'));
  });

  it('points out a changed price in the summary and before Confirm, and sends the amount the shopper sees', async () => {
    session({ userShipping: 'free' });
    const CHANGED: CartData = {
      ...CART, product_in_card: [{ ...CART.product_in_card[0], product_price: 500, previous_price: 450, line_total: 1000 }],
    };
    const { fetchMock } = feeApi({ '/checkout': () => json({ status: 200, message: 'Your order ATR-10042 has been placed.', data: { order: ORDER } }) }, () => CHANGED);
    renderCheckout('/payment-session/payment');
    await screen.findByRole('heading', { name: 'Order summary' });
    expect(summaryOf('Items')).toBe(`Royal Oud × 2Price changed from ${formatMoney(450, 'en')} to ${formatMoney(500, 'en')}`);
    const notice = screen.getByTestId('price-change-notice');
    expect(notice.textContent).toContain('Prices changed since you added these to your cart');
    expect(notice.textContent).toContain(`Royal Oud: Price changed from ${formatMoney(450, 'en')} to ${formatMoney(500, 'en')}`);
    fireEvent.change(await screen.findByLabelText(/^Payment method/), { target: { value: 'delivery' } });
    click('Confirm Order');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/checkout')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(sent).toEqual([expect.objectContaining({ amount_seen: 670 })]);
  });

  it('a refused Confirm (the amount changed meanwhile) asks the cart again, and the step shows the new price', async () => {
    session({ userShipping: 'free' });
    let raised = false;
    const RAISED: CartData = {
      ...CART, product_in_card: [{ ...CART.product_in_card[0], product_price: 500, previous_price: 400, line_total: 1000 }],
      subtotal: 1000, summary: { ...CART.summary, total: 870 },
    };
    feeApi({
      '/checkout': () => {
        raised = true;
        return json({ status: 422, message: 'The amount to pay changed to EGP 870.00 since you saw it. Please check your order and confirm again.' }, 422);
      },
    }, () => (raised ? RAISED : CART));
    renderCheckout('/payment-session/payment');
    fireEvent.change(await screen.findByLabelText(/^Payment method/), { target: { value: 'delivery' } });
    expect(screen.queryByTestId('price-change-notice')).toBeNull();
    click('Confirm Order');
    await screen.findByText(/The amount to pay changed to EGP 870\.00/);
    await screen.findByTestId('price-change-notice');
    expect(summaryOf('Amount to pay')).toBe(formatMoney(870, 'en'));
    expect(where()).toBe('/payment-session/payment');
  });

  it('a cart the device kept is shown at once, but Confirm waits for the server\'s answer of this visit', async () => {
    session({ userShipping: 'free' });
    let answer: (value: ReturnType<typeof json>) => void = () => {};
    const { fetchMock } = feeApi({
      '/checkout': () => json({ status: 200, message: 'Your order ATR-10042 has been placed.', data: { order: ORDER } }),
      '/showCard': () => new Promise((resolve) => { answer = resolve; }),
    });
    // Last week's cart for this address, as IndexedDB restored it before the screen.
    renderCheckout('/payment-session/payment', { kept: [cartForAddressQuery('en', TOKEN, 5).queryKey, CART] });
    fireEvent.change(await screen.findByLabelText(/^Payment method/), { target: { value: 'delivery' } });
    const confirm = screen.getByRole('button', { name: /Confirm Order/ });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(confirm.closest('form')!);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/checkout'))).toHaveLength(0);
    await act(async () => answer(json({ status: 200, message: 'ok', data: CART })));
    await waitFor(() => expect(screen.getByRole('button', { name: /Confirm Order/ }).getAttribute('aria-busy')).toBeNull());
    click('Confirm Order');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
  });
});

describe('/order-is-done', () => {
  it('survives a reload and explains cash on delivery', async () => {
    recordEarlierNavigation('order-is-done');
    sessionStorage.setItem('attar placed order', JSON.stringify({ ...ORDER, payment: 'delivery', total: 670 }));
    fakeApi({});
    renderCheckout('/order-is-done');
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(screen.getByText('ATR-10042')).toBeTruthy();
    expect(screen.getByText(`Pay ${money(670)} in cash to the courier when your order arrives.`)).toBeTruthy();
    expect(screen.queryByTestId('wallet-phone')).toBeNull();
    expect(screen.getByRole('link', { name: 'Track this order' }).getAttribute('href')).toBe('/trackOrders/42/ATR-10042');
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/myOrders');
  });

  it('sends to / when no order is stored', async () => {
    recordEarlierNavigation('order-is-done');
    fakeApi({});
    renderCheckout('/order-is-done');
    await screen.findByRole('heading', { name: 'Home page' });
  });
});
