import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { UnauthorizedHandler } from '@/app/unauthorized';
import Cart from '@/app/routes/cart';
import { canProceed, needsGift } from '@/features/cart/components/cart-rules';
import { isPointsShortfall } from '@/features/cart/api/get-points-value';
import { ApiError } from '@/lib/api-client';
import { t as serverMessage } from '../../server/i18n/messages';
import type { CartData } from '@/lib/contract';
import { fakeApi } from './render';
import { TOKEN, cartLine, cartOf as cartFixture, json, ok, type CartLine } from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

type Line = CartLine;

const line = (over: Partial<Line> = {}): Line => cartLine(over);
const gifts = [
  { gift_id: 1, gift_name: 'Travel spray', gift_image: '/media/g1.webp' },
  { gift_id: 2, gift_name: 'Gift bag', gift_image: '/media/g2.webp' },
];
/** The demo shopper's 1,200 points, by default. */
const cartOf = (lines: Line[], over: Partial<CartData> = {}): CartData => cartFixture(lines, { points: 1200, ...over });
/** A line whose every smell is chosen, and one that needs none. */
const ready = line({ smell: ['Rose'] });
const noSmells = line({ id: 12, product_id: 6, product_name: 'Amber Soap', product_smell: [], smell: [null] });

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <output data-testid="where-state">{JSON.stringify(location.state ?? null)}</output>
    </>
  );
}
const where = () => screen.getByTestId('where').textContent;

function renderCart(path = '/cart') {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <UnauthorizedHandler />
        <Where />
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/cart" element={<Cart />} />
          <Route path="/carts" element={<Cart />} />
          <Route path="/sign-in" element={<h1>Sign-in page</h1>} />
          <Route path="/payment-session/info" element={<h1>Your info page</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, queryClient };
}

/** Signs in and serves `cart` from /showCard; `routes` answer the rest. Returns the bodies sent, by path. */
function serve(cart: CartData, routes: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem('userToken', TOKEN);
  const api = fakeApi({ '/showCard': () => ok(cart), ...routes });
  const sent = (path: string) =>
    api.fetchMock.mock.calls
      .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`)
      .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
  const called = (path: string) => api.calls.filter((c) => c.path === path).length;
  return { ...api, sent, called };
}

const proceedButton = () => screen.getByRole('button', { name: 'Proceed to checkout' }) as HTMLButtonElement;
const plain = (text: string | null) => (text ?? '').replace(/[\u200f\u200e\u061c]/g, '').replace(/\u00a0/g, ' ');

describe('canProceed', () => {
  it.each<[string, boolean, Line[]]>([
    ['every unit has its smell', true, [line({ product_qty: 2, smell: ['Rose', 'Amber'] })]],
    ['one unit of two has no smell', false, [line({ product_qty: 2, smell: ['Rose', null] })]],
    ['fewer slots than units', false, [line({ product_qty: 2, smell: ['Rose'] })]],
    ['a product without smell options needs none', true, [line({ product_smell: [], smell: [null] })]],
    ['buy 2 get 1 at 2 with a gift', true, [line({ typesale_name: 'buy 2 get 1', product_qty: 2, smell: ['Rose', 'Rose'], gift_id: 1, giftproduct: gifts })]],
    ['buy 2 get 1 at 2 without a gift', false, [line({ typesale_name: 'buy 2 get 1', product_qty: 2, smell: ['Rose', 'Rose'], giftproduct: gifts })]],
    ['buy 2 get 1 at 3 needs no gift', true, [line({ typesale_name: 'buy 2 get 1', product_qty: 3, smell: ['Rose', 'Rose', 'Amber'] })]],
    ['buy 2 get 1 at 1 needs no gift', true, [line({ typesale_name: 'buy 2 get 1', smell: ['Rose'] })]],
    ['one good line and one missing a smell', false, [ready, line({ id: 13, product_id: 7 })]],
    ['an empty cart', false, []],
  ])('%s → %s', (_name, expected, lines) => {
    expect(canProceed({ product_in_card: lines })).toBe(expected);
  });

  it('asks for a gift only on buy 2 get 1 at exactly 2', () => {
    expect([1, 2, 3].map((q) => needsGift({ typesale_name: 'buy 2 get 1', product_qty: q }))).toEqual([false, true, false]);
    expect(needsGift({ typesale_name: 'normal', product_qty: 2 })).toBe(false);
  });
});

describe('the cart screen', () => {
  it('shows a visitor a sign-in prompt that brings them back to the cart', async () => {
    const api = fakeApi({});
    renderCart('/carts');
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign-in page' });
    expect(JSON.parse(screen.getByTestId('where-state').textContent!)).toEqual({ from: '/cart' });
    expect(api.calls.some((c) => c.path === '/showCard')).toBe(false);
  });

  it('shows an empty cart with a way back home', async () => {
    serve(cartOf([]));
    renderCart();
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('shows the load error with Retry, which loads the cart', async () => {
    let fail = true;
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/showCard': () => (fail ? json({ status: 500, message: 'The shop is resting' }, 500) : ok(cartOf([ready]))) });
    renderCart();
    expect(await screen.findByText('The shop is resting')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Oud Royal' })).toBeTruthy();
  });

  it('a refresh that fails over a shown cart says so with Retry, keeping the cart; Retry brings the new one', async () => {
    let answer = () => ok(cartOf([]));
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/showCard': () => answer() });
    const { queryClient } = renderCart();
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    answer = () => json({ status: 500, message: 'The shop is resting' }, 500);
    // What an add does once its answer lands: the cart is asked again.
    void queryClient.invalidateQueries();
    await screen.findByText('Your cart could not be refreshed: The shop is resting');
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    answer = () => ok(cartOf([ready]));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Oud Royal' })).toBeTruthy();
    expect(screen.queryByText(/could not be refreshed/)).toBeNull();
  });

  it('shows the line and the server\'s summary numbers, the shipping labelled as the scheduled-delivery fee', async () => {
    serve(cartOf([ready], { subtotal: 1000, price_after_coupon: 900, shiping: 60, summary: { total: 840, totalAfterShiping: 900, Estimated_Delivery_by: '2026-06-22' }, points_applied: true, points_used: 1200, points_discount: 60, coupon: 'WELCOME10', coupon_discount: 100 }));
    renderCart();
    const link = await screen.findByRole('link', { name: 'Oud Royal' });
    expect(link.getAttribute('href')).toBe('/products/product-details/5');
    expect(plain(screen.getByTestId('unit-price').textContent)).toBe('EGP 750.00 each');
    expect(plain(screen.getByTestId('summary-price').textContent)).toBe('EGP 1,000.00');
    expect(plain(screen.getByTestId('summary-price-after-coupon').textContent)).toBe('EGP 900.00');
    expect(plain(screen.getByTestId('summary-total').textContent)).toBe('EGP 840.00');
    expect(plain(screen.getByTestId('summary-points-used').textContent)).toBe('1,200');
    expect(plain(screen.getByTestId('summary-points-discount').textContent)).toBe('\u2212EGP 60.00');
    expect(plain(screen.getByTestId('summary-coupon-discount').textContent)).toBe('\u2212EGP 100.00');
    // Read as a receipt: price, coupon, points, delivery; the balance is not one of its lines.
    const receipt = [...screen.getByTestId('summary-price').closest('dl')!.querySelectorAll('dd')].map((dd) => dd.dataset.testid);
    expect(receipt).toEqual(['summary-price', 'summary-coupon-discount', 'summary-price-after-coupon', 'summary-points-used', 'summary-points-discount', 'summary-shipping']);
    expect(screen.getByTestId('summary-points').closest('dl')).not.toBe(screen.getByTestId('summary-price').closest('dl'));
    expect(screen.getByText('Scheduled delivery fee')).toBeTruthy();
    expect(plain(screen.getByTestId('summary-shipping').textContent)).toBe('EGP 60.00');
  });
});

describe('a line\'s subtotal', () => {
  it('shows the server\'s line total, not one worked out on the device', async () => {
    // 750 × 2 would be 1,500: the screen shows what the server says.
    serve(cartOf([line({ product_qty: 2, smell: ['Rose', 'Rose'], line_total: 1499.5 })]));
    renderCart();
    await waitFor(() => expect(plain(screen.getByTestId('line-total').textContent)).toBe('Subtotal: EGP 1,499.50'));
  });
});

describe('Proceed', () => {
  it('is disabled with "Please select all smells" beside it until every unit has a smell', async () => {
    serve(cartOf([line({ product_qty: 2, smell: ['Rose', null] }), noSmells]));
    renderCart();
    await screen.findByRole('link', { name: 'Oud Royal' });
    expect(proceedButton().disabled).toBe(true);
    const hint = screen.getByText('Please select all smells');
    expect(proceedButton().getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('is disabled while a qualifying buy 2 get 1 line has no gift', async () => {
    serve(cartOf([line({ typesale_name: 'buy 2 get 1', product_qty: 2, smell: ['Rose', 'Amber'], giftproduct: gifts })]));
    renderCart();
    await screen.findByRole('link', { name: 'Oud Royal' });
    expect(proceedButton().disabled).toBe(true);
    expect(screen.getByText('Please select all smells')).toBeTruthy();
  });

  it('starts the checkout session (cart id, points used) and lands on the info step', async () => {
    localStorage.setItem('userName', 'Old Name');
    localStorage.setItem('userDate', '2026-01-01');
    serve(cartOf([ready, noSmells], { points_applied: true, points_used: 1200, points_discount: 60 }));
    renderCart();
    await screen.findByRole('link', { name: 'Oud Royal' });
    expect(screen.queryByText('Please select all smells')).toBeNull();
    fireEvent.click(proceedButton());
    await screen.findByRole('heading', { name: 'Your info page' });
    expect(where()).toBe('/payment-session/info');
    expect(localStorage.getItem('cartId')).toBe('3');
    expect(localStorage.getItem('cartPoints')).toBe('1200');
    expect(localStorage.getItem('userName')).toBeNull();
    expect(localStorage.getItem('userDate')).toBeNull();
  });
});

describe('quantity and removal', () => {
  it('disables minus at quantity 1, and a click on it makes no call', async () => {
    const api = serve(cartOf([ready]), { '/changeSummaryCard/3': () => ok(cartOf([ready])) });
    renderCart();
    const minus = await screen.findByRole('button', { name: 'Decrease quantity of Oud Royal' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(minus);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.called('/changeSummaryCard/3')).toBe(0);
  });

  it('plus sends the new quantity and shows the server\'s cart; a second click while it is in flight is ignored', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const two = line({ product_qty: 2, smell: ['Rose', null] });
    const api = serve(cartOf([ready]), { '/changeSummaryCard/3': async () => { await gate; return ok(cartOf([two])); } });
    renderCart();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    release();
    await waitFor(() => expect(screen.getByTestId('qty').textContent).toBe('2'));
    expect(api.sent('/changeSummaryCard/3')).toEqual([{ product_id: 5, qty: 2 }]);
    expect(screen.getByRole('combobox', { name: 'Smell for every unit of Oud Royal' })).toBeTruthy();
  });

  it('disables plus at the stock', async () => {
    serve(cartOf([line({ product_qty: 3, smell: ['Rose', 'Rose', 'Rose'], stock: 3 })]));
    renderCart();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
  });

  it('remove sends the line\'s quantity, and the badge count in localStorage follows at once', async () => {
    localStorage.setItem('cart count', '4');
    const pair = line({ product_qty: 3, smell: ['Rose', 'Rose', 'Rose'] });
    let cart = cartOf([pair, noSmells]);
    const api = serve(cart, {
      '/showCard': () => ok(cart),
      '/remove': () => {
        cart = cartOf([noSmells]);
        return ok({ card_count: 1 }, 'Removed from your cart.');
      },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: Oud Royal' }));
    await waitFor(() => expect(localStorage.getItem('cart count')).toBe('1'));
    expect(api.sent('/remove')).toEqual([{ product_id: 5, qty: 3 }]);
    expect(await screen.findByText('Removed from your cart.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Oud Royal' })).toBeNull());
  });

  it('a refused change shows the server\'s message and keeps the cart as it was', async () => {
    serve(cartOf([ready]), { '/changeSummaryCard/3': () => json({ status: 422, message: 'Only 1 of Oud Royal left in stock.' }, 422) });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    expect(await screen.findByText('Only 1 of Oud Royal left in stock.')).toBeTruthy();
    expect(screen.getByTestId('qty').textContent).toBe('1');
  });
});

describe('smells', () => {
  it('with "Same smell for every unit" off, has one select per unit, sends every unit\'s choice, shows "Updating smell..." and then the server\'s message', async () => {
    const two = line({ product_qty: 2, smell: [null, 'Amber'] });
    const api = serve(cartOf([two]), { '/add/smell/11': () => ok(cartOf([line({ product_qty: 2, smell: ['Rose', 'Amber'] })]), 'Smells saved.') });
    renderCart();
    fireEvent.click(await screen.findByRole('switch', { name: 'Same smell for every unit of Oud Royal' }));
    const first = await screen.findByRole('combobox', { name: 'Smell for unit 1 of Oud Royal' });
    expect(screen.getByRole('combobox', { name: 'Smell for unit 2 of Oud Royal' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Smell for unit 3/ })).toBeNull();
    fireEvent.change(first, { target: { value: 'Rose' } });
    expect(await screen.findByText('Updating smell...')).toBeTruthy();
    await waitFor(() => expect(api.sent('/add/smell/11')).toEqual([{ smell: ['Rose', 'Amber'] }]));
    expect(screen.queryByText('Smells saved.')).toBeNull();
    expect(await screen.findByText('Smells saved.')).toBeTruthy();
    expect(proceedButton().disabled).toBe(false);
  });

  it('a choice made while another is in flight is sent after it, with both choices', async () => {
    const gates: (() => void)[] = [];
    const api = serve(cartOf([line({ product_qty: 2, smell: [null, null] })]), {
      '/add/smell/11': async () => {
        await new Promise<void>((r) => gates.push(r));
        const smell = api.sent('/add/smell/11').at(-1)!.smell as (string | null)[];
        return ok(cartOf([line({ product_qty: 2, smell })]), 'Smells saved.');
      },
    });
    renderCart();
    fireEvent.click(await screen.findByRole('switch', { name: 'Same smell for every unit of Oud Royal' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Smell for unit 1 of Oud Royal' }), { target: { value: 'Rose' } });
    await waitFor(() => expect(gates).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: 'Smell for unit 2 of Oud Royal' }), { target: { value: 'Amber' } });
    expect(api.sent('/add/smell/11')).toHaveLength(1);
    gates[0]();
    await waitFor(() => expect(gates).toHaveLength(2));
    gates[1]();
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect(api.sent('/add/smell/11')).toEqual([{ smell: ['Rose', null] }, { smell: ['Rose', 'Amber'] }]);
  });

  it('a line of many units has one select, "Same smell for every unit" on: it sends that smell for every unit', async () => {
    const many = line({ product_qty: 100, smell: Array(100).fill(null), stock: 200 });
    const api = serve(cartOf([many]), { '/add/smell/11': () => ok(cartOf([line({ product_qty: 100, smell: Array(100).fill('Amber'), stock: 200 })]), 'Smells saved.') });
    renderCart();
    const toggle = await screen.findByRole('switch', { name: 'Same smell for every unit of Oud Royal' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: /Smell for unit/ })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Smell for every unit of Oud Royal' }), { target: { value: 'Amber' } });
    await waitFor(() => expect(api.sent('/add/smell/11')).toEqual([{ smell: Array(100).fill('Amber') }]));
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
    expect((screen.getByRole('combobox', { name: 'Smell for every unit of Oud Royal' }) as HTMLSelectElement).value).toBe('Amber');
  });

  it('switched off, shows a select per unit with the smells chosen; switched on again, one select', async () => {
    serve(cartOf([line({ product_qty: 3, smell: ['Rose', 'Rose', null] })]));
    renderCart();
    const toggle = await screen.findByRole('switch', { name: 'Same smell for every unit of Oud Royal' });
    // Not every unit has it yet: the shared select asks for a choice.
    expect((screen.getByRole('combobox', { name: 'Smell for every unit of Oud Royal' }) as HTMLSelectElement).value).toBe('');
    fireEvent.click(toggle);
    const units = screen.getAllByRole('combobox', { name: /^Smell for unit \d of Oud Royal$/ }) as HTMLSelectElement[];
    expect(units.map((u) => u.value)).toEqual(['Rose', 'Rose', '']);
    fireEvent.click(toggle);
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
  });

  it('a line whose units already have different smells starts with the switch off, a select per unit', async () => {
    serve(cartOf([line({ product_qty: 2, smell: ['Rose', 'Amber'] })]));
    renderCart();
    const toggle = await screen.findByRole('switch', { name: 'Same smell for every unit of Oud Royal' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getAllByRole('combobox', { name: /^Smell for unit \d of Oud Royal$/ })).toHaveLength(2);
  });

  it('a line of one unit has its one select and no switch', async () => {
    serve(cartOf([line()]));
    renderCart();
    expect(await screen.findByRole('combobox', { name: 'Smell for unit 1 of Oud Royal' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows no select for a product without smell options', async () => {
    serve(cartOf([noSmells]));
    renderCart();
    await screen.findByRole('link', { name: 'Amber Soap' });
    expect(screen.queryByRole('combobox', { name: /Smell for unit/ })).toBeNull();
    expect(proceedButton().disabled).toBe(false);
  });
});

describe('the gift chooser', () => {
  const b2g1 = (qty: number, over: Partial<Line> = {}) =>
    line({ typesale_name: 'buy 2 get 1', product_qty: qty, smell: Array(qty).fill('Rose'), giftproduct: qty === 2 ? gifts : [], ...over });

  it.each<[string, boolean, Line]>([
    ['buy 2 get 1 at 1', false, b2g1(1)],
    ['buy 2 get 1 at 2', true, b2g1(2)],
    ['buy 2 get 1 at 3', false, b2g1(3)],
    ['normal at 2', false, line({ product_qty: 2, smell: ['Rose', 'Rose'] })],
  ])('%s: chooser shown %s', async (_name, shown, item) => {
    serve(cartOf([item]));
    renderCart();
    await screen.findByRole('link', { name: 'Oud Royal' });
    expect(screen.queryByRole('combobox', { name: 'Free gift with Oud Royal' }) !== null).toBe(shown);
    expect(screen.queryByText('Buy 2 get 1') !== null).toBe(item.typesale_name === 'buy 2 get 1');
  });

  it.each<[string, boolean, Line]>([
    ['buy 2 get 1 at 1', true, b2g1(1)],
    ['buy 2 get 1 at 2', false, b2g1(2)],
    ['buy 2 get 1 at 3', false, b2g1(3)],
    ['normal at 1', false, line({ smell: ['Rose'] })],
  ])('%s: "Add one more to get a free gift" shown %s', async (_name, shown, item) => {
    serve(cartOf([item]));
    renderCart();
    await screen.findByRole('link', { name: 'Oud Royal' });
    expect(screen.queryByText('Add one more to get a free gift') !== null).toBe(shown);
  });

  it('sends the chosen gift with quantity 2', async () => {
    const api = serve(cartOf([b2g1(2)]), { '/changeSummaryCard/3': () => ok(cartOf([b2g1(2, { gift_id: 2 })]), 'Your cart was updated.') });
    renderCart();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Free gift with Oud Royal' }), { target: { value: '2' } });
    expect(await screen.findByText('Your cart was updated.')).toBeTruthy();
    expect(api.sent('/changeSummaryCard/3')).toEqual([{ product_id: 5, qty: 2, gift_id: 2 }]);
    // The cart is drawn from a deferred copy of the answer: a moment after its message.
    await waitFor(() => expect(proceedButton().disabled).toBe(false));
  });

  it('a failure shows the server\'s message', async () => {
    serve(cartOf([b2g1(2)]), { '/changeSummaryCard/3': () => json({ status: 422, message: 'That gift does not come with Oud Royal.' }, 422) });
    renderCart();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Free gift with Oud Royal' }), { target: { value: '1' } });
    expect(await screen.findByText('That gift does not come with Oud Royal.')).toBeTruthy();
  });

  it('a failure without a server message says "Failed to update gift", and the choice goes back', async () => {
    serve(cartOf([b2g1(2)]), { '/changeSummaryCard/3': () => json({}, 500) });
    renderCart();
    const select = await screen.findByRole('combobox', { name: 'Free gift with Oud Royal' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '1' } });
    expect(await screen.findByText('Failed to update gift')).toBeTruthy();
    expect(select.value).toBe('');
  });
});

describe('the coupon', () => {
  it('shows the box when no coupon is applied, and applies the typed code (Eastern Arabic digits read as 0-9)', async () => {
    const api = serve(cartOf([ready]), {
      '/add/coupons/3': () => ok(cartOf([ready], { coupon: 'EID100', coupon_discount: 100, price_after_coupon: 650 }), 'Coupon applied.'),
    });
    renderCart();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Coupon code' }), { target: { value: 'eid١٠٠' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon applied.')).toBeTruthy();
    expect(api.sent('/add/coupons/3')).toEqual([{ name: 'eid100', totalprice: 750 }]);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull());
    expect(screen.getByTestId('applied-coupon').textContent).toContain('EID100');
  });

  it('a refused code shows the server\'s message and keeps what was typed', async () => {
    serve(cartOf([ready]), { '/add/coupons/3': () => json({ status: 422, message: 'The coupon "NOPE" does not exist.', errors: { name: ['The coupon "NOPE" does not exist.'] } }, 422) });
    renderCart();
    const input = await screen.findByRole('textbox', { name: 'Coupon code' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The coupon "NOPE" does not exist.');
    expect(input.value).toBe('NOPE');
  });

  it('shows the applied code with Remove instead of the box, and Remove brings the box back', async () => {
    const api = serve(cartOf([ready], { coupon: 'WELCOME10', coupon_problem: 'The coupon WELCOME10 needs a subtotal of EGP 300.00.' }), {
      '/remove/coupons/3': () => ok(cartOf([ready]), 'Coupon removed.'),
    });
    renderCart();
    expect(await screen.findByText('The coupon WELCOME10 needs a subtotal of EGP 300.00.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }));
    expect(await screen.findByRole('textbox', { name: 'Coupon code' })).toBeTruthy();
    expect(api.called('/remove/coupons/3')).toBe(1);
  });
});

describe('the points dialog', () => {
  const applied = cartOf([ready], { points_applied: true, points_used: 1200, points_discount: 60, summary: { total: 690, totalAfterShiping: 750, Estimated_Delivery_by: '2026-06-22' } });

  it('opening asks what the points are worth; confirm applies them', async () => {
    const api = serve(cartOf([ready]), {
      '/usepoint': () => ok({ price: 60, points: 1200 }),
      '/usepoint/done': () => ok(applied, 'Points applied.'),
      '/usepoint/cancel': () => ok(cartOf([ready])),
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Use points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use points' });
    expect(plain((await within(dialog).findByText(/^Use 1,200 points for/)).textContent)).toBe('Use 1,200 points for EGP 60.00 off?');
    expect(api.called('/usepoint')).toBe(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use points' }));
    expect(await screen.findByText('Points applied.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('/usepoint/done')).toBe(1);
    expect(api.called('/usepoint/cancel')).toBe(0);
    expect(plain(screen.getByTestId('summary-total').textContent)).toBe('EGP 690.00');
    expect(screen.getByRole('button', { name: 'Stop using points' })).toBeTruthy();
  });

  it.each(['Cancel', 'Close'])('%s cancels the points and closes', async (button) => {
    const api = serve(cartOf([ready]), {
      '/usepoint': () => ok({ price: 60, points: 1200 }),
      '/usepoint/cancel': () => ok(cartOf([ready]), 'Points removed from this order.'),
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Use points' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/^Use 1,200 points/);
    fireEvent.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.called('/usepoint/cancel')).toBe(1));
    expect(api.called('/usepoint/done')).toBe(0);
  });

  it('under 1000 points says so in the shop\'s fixed wording and cannot be confirmed', async () => {
    serve(cartOf([ready], { points: 300 }), {
      '/usepoint': () => json({ status: 422, message: 'not can use point' }, 422),
      '/usepoint/cancel': () => ok(cartOf([ready], { points: 300 })),
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Use points' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('You must reach at least 1000 poitns before using them')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Use points' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('confirming tells the shortfall in the shop\'s fixed wording, whichever language the server said it in', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const said = serverMessage(lang, 'points_not_enough', { min: 1000 });
      serve(cartOf([ready]), {
        '/usepoint': () => ok({ price: 60, points: 1200 }),
        // The balance was spent elsewhere between opening the dialog and confirming.
        '/usepoint/done': () => json({ status: 422, message: said }, 422),
        '/usepoint/cancel': () => ok(cartOf([ready])),
      });
      expect(isPointsShortfall(new ApiError(422, said, {}, true))).toBe(true);
      const view = renderCart();
      fireEvent.click(await screen.findByRole('button', { name: 'Use points' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText(/^Use 1,200 points/);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Use points' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('You must reach at least 1000 poitns before using them');
      view.unmount();
    }
  });

  it('confirming with an empty cart shows the server\'s message, not the points one', async () => {
    serve(cartOf([ready]), {
      '/usepoint': () => ok({ price: 60, points: 1200 }),
      // The cart was emptied in another tab: /usepoint/done refuses it with a 422 too.
      '/usepoint/done': () => json({ status: 422, message: 'Your cart is empty.' }, 422),
      '/usepoint/cancel': () => ok(cartOf([ready])),
    });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Use points' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/^Use 1,200 points/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use points' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your cart is empty.');
    expect(within(dialog).queryByText(/poitns/)).toBeNull();
  });

  it('applied points can be stopped from the summary', async () => {
    const api = serve(applied, { '/usepoint/cancel': () => ok(cartOf([ready]), 'Points removed from this order.') });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop using points' }));
    expect(await screen.findByRole('button', { name: 'Use points' })).toBeTruthy();
    expect(api.called('/usepoint/cancel')).toBe(1);
    expect(screen.queryByTestId('summary-points-used')).toBeNull();
  });
});

describe('a 401 during a change', () => {
  it('signs the shopper out and shows the sign-in prompt', async () => {
    serve(cartOf([ready]), { '/changeSummaryCard/3': () => json({ status: 401, message: 'Unauthenticated' }, 401) });
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Oud Royal' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(await screen.findByText('Please Login First')).toBeTruthy();
  });
});

describe('a price that changed since the line was put in the cart', () => {
  it('says so on the line, from the old price to today\'s, in both languages; an unchanged line says nothing', async () => {
    const changed = line({ previous_price: 450, product_price: 500, smell: ['Rose'] });
    const same = line({ id: 12, product_id: 6, product_name: 'Amber Soap', product_smell: [], smell: [null] });
    serve(cartOf([changed, same]));
    const view = renderCart();
    const notes = await screen.findAllByTestId('price-changed');
    expect(notes).toHaveLength(1);
    expect(plain(notes[0].textContent)).toBe('Price changed from EGP 450.00 to EGP 500.00');
    expect(notes[0].closest('li')?.textContent).toContain('Oud Royal');
    view.unmount();
    localStorage.setItem('lang', 'ar');
    renderCart();
    const arabic = await screen.findByTestId('price-changed');
    expect(plain(arabic.textContent)).toBe('تغيّر السعر من ٤٥٠٫٠٠ ج.م. إلى ٥٠٠٫٠٠ ج.م.');
    localStorage.removeItem('lang');
  });

  it('says before checkout that the delivery fee depends on the governorate, when the shop sets fees per governorate', async () => {
    serve(cartOf([ready], { fee_varies_by_governorate: true, standard_delivery_days: 5 }));
    renderCart();
    expect(await screen.findByText(/The delivery fee depends on your governorate: checkout shows yours\./)).toBeTruthy();
    expect(screen.getByText(/Standard delivery within 5 days is free/)).toBeTruthy();
  });
});
