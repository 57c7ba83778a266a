import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type InitialEntry } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { GuestOnly, RequireAuth, RequireEarlierNavigation, recordEarlierNavigation, forgetEarlierNavigation } from '@/app/guards';
import { UnauthorizedHandler } from '@/app/unauthorized';
import SignIn from '@/app/routes/sign-in';
import SignUp from '@/app/routes/sign-up';
import ForgotPassword from '@/app/routes/forgot-password';
import ResetPassword from '@/app/routes/reset-password';
import Wishlist from '@/app/routes/wishlist';
import { Nav } from '@/app/shell/nav';
import { SignUpForm, composeBirthDate } from '@/features/auth/components/sign-up-form';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { WishButton } from '@/features/wishlist/components/wish-button';
import type { ProductCard } from '@/lib/contract';
import { fakeApi } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const TOKEN = 'token-123456789012345';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}{location.search}</output>;
}
const where = () => screen.getByTestId('where').textContent;

/** Moves the test's router, as a link would. */
let navigateTo: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  navigateTo = (to) => void navigate(to);
  return null;
}

/** The app's providers and a memory router with the given routes, starting at `entry`. */
function renderRoutes(entry: InitialEntry, routes: ReactNode) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <UnauthorizedHandler />
        <Where />
        <Navigator />
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          {routes}
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

const json = (body: unknown, status = 200) => ({ status, body });
const user = { id: 1, first_name: 'Mona', last_name: 'Adel', email: 'mona@attar.eg', phone: '01012345678', birth_date: '1995-05-05', points: 0, role: 'shopper', must_change_password: false };
const card = (id: number, name: string): ProductCard => ({
  id, name, price: 900, price_after_sale: 750, image: `/media/${id}.webp`, overview: 'Warm oud', category_id: 1,
  category_name: 'Oud', rate: 4.5, reviews_count: 3, typesale_name: 'normal', in_stock: true, is_fav: false,
});

/** What a form field says under it: its helper text, linked by aria-describedby. */
function helpOf(label: string | RegExp) {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the route guards', () => {
  const guarded = (
    <>
      <Route path="/myAccount" element={<RequireAuth><h1>My account page</h1></RequireAuth>} />
      <Route element={<GuestOnly />}>
        <Route path="/sign-in" element={<h1>Sign-in page</h1>} />
        <Route path="/sign-up" element={<h1>Sign-up page</h1>} />
      </Route>
      <Route element={<RequireEarlierNavigation gate="payment-session" />}>
        <Route path="/payment-session/info" element={<h1>Your info page</h1>} />
      </Route>
      <Route path="/order-is-done" element={<RequireEarlierNavigation gate="order-is-done"><h1>Order done page</h1></RequireEarlierNavigation>} />
    </>
  );

  it('sends a visitor without a token from a login-required screen to /', async () => {
    fakeApi({});
    renderRoutes('/myAccount', guarded);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(where()).toBe('/');
  });

  it('lets a signed-in shopper through to a login-required screen', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({});
    renderRoutes('/myAccount', guarded);
    expect(await screen.findByRole('heading', { name: 'My account page' })).toBeTruthy();
  });

  it.each(['/sign-in', '/sign-up'])('sends a signed-in shopper from %s to /', async (path) => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({});
    renderRoutes(path, guarded);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(where()).toBe('/');
  });

  it('lets a visitor open sign-in and sign-up', async () => {
    fakeApi({});
    renderRoutes('/sign-up', guarded);
    expect(await screen.findByRole('heading', { name: 'Sign-up page' })).toBeTruthy();
  });

  it('sends a checkout step opened without the earlier navigation to /', async () => {
    fakeApi({});
    renderRoutes('/payment-session/info', guarded);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(where()).toBe('/');
  });

  it('allows a checkout step after Proceed recorded it, and keeps allowing it on a reload', async () => {
    fakeApi({});
    recordEarlierNavigation('payment-session');
    const first = renderRoutes('/payment-session/info', guarded);
    expect(await screen.findByRole('heading', { name: 'Your info page' })).toBeTruthy();
    first.unmount();
    renderRoutes('/payment-session/info', guarded);
    expect(await screen.findByRole('heading', { name: 'Your info page' })).toBeTruthy();
  });

  it('keeps each gate separate, and accepts the navigation in location state', async () => {
    fakeApi({});
    recordEarlierNavigation('payment-session');
    const first = renderRoutes('/order-is-done', guarded);
    await screen.findByRole('heading', { name: 'Home page' });
    first.unmount();
    forgetEarlierNavigation();
    renderRoutes({ pathname: '/order-is-done', state: { earlierNavigation: 'order-is-done' } }, guarded);
    expect(await screen.findByRole('heading', { name: 'Order done page' })).toBeTruthy();
  });
});

describe('sign-up', () => {
  const TODAY = '2026-06-15';

  function fillValid(overrides: Record<string, string> = {}) {
    const values: Record<string, string> = {
      'First name': 'Mona', 'Last name': 'Adel', Email: 'mona@attar.eg', Phone: '01012345678',
      Password: 'secret1', 'Confirm password': 'secret1', Day: '5', Month: '5', Year: '1995', ...overrides,
    };
    for (const [label, value] of Object.entries(values)) type(new RegExp(`^${label}`), value);
  }
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

  function renderForm() {
    renderRoutes('/sign-up', <Route path="/sign-up" element={<SignUpForm today={TODAY} onSignedUp={() => {}} />} />);
  }

  it('asks for every field', async () => {
    fakeApi({});
    renderForm();
    submit();
    await waitFor(() => expect(helpOf(/^First name/)).toBe('Required'));
    for (const label of ['Last name', 'Email', 'Phone', 'Password', 'Confirm password', 'Day', 'Month', 'Year']) {
      expect(helpOf(new RegExp(`^${label}`))).toBe('Required');
    }
    // The messages are announced and the first invalid field gets the focus.
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(9);
    expect(document.activeElement).toBe(screen.getByLabelText(/^First name/));
  });

  it.each([
    ['10', '13', '1990', 'Month', 'Month 1 to 12'],
    ['32', '1', '1990', 'Day', 'Day 1 to 31'],
    ['0', '1', '1990', 'Day', 'Day 1 to 31'],
    ['30', '2', '2000', 'Day', 'February max 29 days'],
    ['31', '4', '1990', 'Day', 'Other months 30 days'],
    ['31', '11', '1990', 'Day', 'Other months 30 days'],
    ['1', '1', '1850', 'Year', 'Valid year'],
    ['1', '1', '2030', 'Year', 'Valid year'],
    ['1', '1', '95', 'Year', 'Valid year'],
    ['16', '6', '2016', 'Year', 'At least 10 years old'],
    ['٣٠', '٢', '٢٠٠٠', 'Day', 'February max 29 days'],
    ['29', '2', '1995', 'Day', '1995 is not a leap year: February has 28 days.'],
    ['29', '2', '1900', 'Day', '1900 is not a leap year: February has 28 days.'],
    ['٢٩', '٢', '١٩٩٥', 'Day', '1995 is not a leap year: February has 28 days.'],
  ])('reads %s/%s/%s as wrong under %s: %s', async (day, month, year, field, message) => {
    const { fetchMock } = fakeApi({});
    renderForm();
    fillValid({ Day: day, Month: month, Year: year });
    submit();
    await waitFor(() => expect(helpOf(new RegExp(`^${field}`))).toBe(message));
    for (const other of ['Day', 'Month', 'Year'].filter((f) => f !== field)) expect(helpOf(new RegExp(`^${other}`))).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['29', '2', '2000', '2000-02-29'],
    ['29', '2', '1996', '1996-02-29'],
    ['31', '1', '1990', '1990-01-31'],
    ['15', '6', '2016', '2016-06-15'],
    ['٥', '٩', '١٩٩٥', '1995-09-05'],
  ])('accepts %s/%s/%s and sends %s', async (day, month, year, sent) => {
    expect(composeBirthDate({ day, month, year })).toBe(sent);
    const { fetchMock } = fakeApi({ '/user/register': () => json({ status: 201, message: 'Welcome', data: { token: 'new-token', user } }, 201) });
    renderForm();
    fillValid({ Day: day, Month: month, Year: year });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body)).birth_date).toBe(sent);
  });

  it.each([
    ['First name', 'Al', 'At least 3 characters'],
    ['Last name', 'Abd Allah', 'Must be one name'],
    ['First name', 'Mona2', 'Must be one name'],
    ['Email', 'mona@attar', 'Invalid email format'],
    ['Phone', '0101234567', 'Phone 11 digits'],
    ['Password', '12345', 'Password at least 6 characters'],
    ['Confirm password', 'secret2', 'Passwords must match'],
  ])('says what is wrong with %s "%s"', async (label, value, message) => {
    fakeApi({});
    renderForm();
    fillValid({ [label]: value });
    submit();
    await waitFor(() => expect(helpOf(new RegExp(`^${label}`))).toBe(message));
  });

  it('says the passwords do not match even when the first one is also too short', async () => {
    fakeApi({});
    renderForm();
    fillValid({ Password: '123', 'Confirm password': '124' });
    submit();
    await waitFor(() => expect(helpOf(/^Confirm password/)).toBe('Passwords must match'));
    expect(helpOf(/^Password/)).toBe('Password at least 6 characters');
  });

  it('shows the rule texts in Arabic when Arabic is on, from the real catalog', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({});
    renderForm();
    const arabic: Record<string, string> = {
      'الاسم الأول': 'Mona', 'اسم العائلة': 'Adel', 'البريد الإلكتروني': 'mona@attar.eg', 'رقم الهاتف': '٠١٠١٢٣٤٥٦٧٨',
      'كلمة المرور': 'secret1', 'تأكيد كلمة المرور': 'secret2', 'اليوم': '٣٠', 'الشهر': '٢', 'السنة': '٢٠٠٠',
    };
    for (const [label, value] of Object.entries(arabic)) type(new RegExp(`^${label}`), value);
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(helpOf(/^اليوم/)).toBe('فبراير ٢٩ يومًا كحد أقصى'));
    expect(helpOf(/^تأكيد كلمة المرور/)).toBe('يجب أن تتطابق كلمتا المرور');
    // Eastern Arabic digits in the phone are accepted: no error there.
    expect(helpOf(/^رقم الهاتف/)).toBe('');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('says in Arabic, with Eastern digits, that 29 February 1995 is no day, and sends nothing', async () => {
    localStorage.setItem('lang', 'ar');
    const { fetchMock } = fakeApi({});
    renderForm();
    const arabic: Record<string, string> = {
      'الاسم الأول': 'Mona', 'اسم العائلة': 'Adel', 'البريد الإلكتروني': 'mona@attar.eg', 'رقم الهاتف': '01012345678',
      'كلمة المرور': 'secret1', 'تأكيد كلمة المرور': 'secret1', 'اليوم': '29', 'الشهر': '2', 'السنة': '1995',
    };
    for (const [label, value] of Object.entries(arabic)) type(new RegExp(`^${label}`), value);
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(helpOf(/^اليوم/)).toBe('سنة ١٩٩٥ ليست كبيسة: شهر فبراير فيها ٢٨ يومًا.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server\'s 422 field errors under the same fields', async () => {
    fakeApi({
      '/user/register': () => json({
        status: 422, message: 'Please check the highlighted fields.',
        errors: { email: ['An account with this email already exists.'], birth_date: ['You must be at least 10 years old.'] },
      }, 422),
    });
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(helpOf(/^Email/)).toBe('An account with this email already exists.'));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    const birthDate = screen.getByRole('group', { name: 'Birth date' });
    expect(within(birthDate).getByRole('alert').textContent).toBe('You must be at least 10 years old.');
    expect(localStorage.getItem('userToken')).toBeNull();
  });

  it('sends the birth date as YYYY-MM-DD and the phone in Latin digits, stores the token and goes home', async () => {
    const { fetchMock } = fakeApi({ '/user/register': () => json({ status: 201, message: 'Welcome to Attar! Your account is ready.', data: { token: 'new-token', user } }, 201) });
    renderRoutes('/sign-up', <Route path="/sign-up" element={<GuestOnly><SignUp /></GuestOnly>} />);
    fillValid({ Phone: '٠١٠١٢٣٤٥٦٧٨', Day: '٥', Month: '٩' });
    submit();
    await screen.findByRole('heading', { name: 'Home page' });
    expect(localStorage.getItem('userToken')).toBe('new-token');
    expect(screen.getByText('Welcome to Attar! Your account is ready.')).toBeTruthy();
    const sent = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(sent).toMatchObject({ first_name: 'Mona', phone: '01012345678', birth_date: '1995-09-05', password_confirmation: 'secret1' });
  });
});

describe('sign-in', () => {
  const routes = (
    <>
      <Route element={<GuestOnly />}>
        <Route path="/sign-in" element={<SignIn />} />
      </Route>
      <Route path="/myAccount" element={<RequireAuth><h1>My account page</h1></RequireAuth>} />
    </>
  );

  it('stores the token and returns the shopper to the page they came from', async () => {
    const { fetchMock } = fakeApi({ '/user/login': () => json({ status: 200, message: 'Welcome back!', data: { token: 'fresh', user } }) });
    renderRoutes({ pathname: '/sign-in', state: { from: '/myAccount?tab=orders' } }, routes);
    type(/^Email or phone/, '٠١٠١٢٣٤٥٦٧٨');
    type(/^Password/, 'attar123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'My account page' });
    expect(where()).toBe('/myAccount?tab=orders');
    expect(localStorage.getItem('userToken')).toBe('fresh');
    // The role, for the account menu (a staff account's finds the back office there).
    expect(localStorage.getItem('user role')).toBe('shopper');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ login: '01012345678', password: 'attar123' });
    // Nothing else is fetched on the way.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('goes home when there is nowhere to return to', async () => {
    fakeApi({ '/user/login': () => json({ status: 200, message: 'Welcome back!', data: { token: 'fresh', user } }) });
    renderRoutes({ pathname: '/sign-in', state: { from: '//evil.example/' } }, routes);
    type(/^Email or phone/, 'demo@attar.eg');
    type(/^Password/, 'attar123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Home page' });
  });

  it('checks the fields, then shows the server\'s 422 under the login field', async () => {
    fakeApi({
      '/user/login': () => json({ status: 422, message: 'Please check the highlighted fields.', errors: { login: ['The email or phone, or the password, is not right.'] } }, 422),
    });
    renderRoutes('/sign-in', routes);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(helpOf(/^Email or phone/)).toBe('Required'));
    expect(helpOf(/^Password/)).toBe('Required');
    type(/^Email or phone/, 'demo@attar');
    type(/^Password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(helpOf(/^Email or phone/)).toBe('Invalid email format'));
    type(/^Email or phone/, 'demo@attar.eg');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(helpOf(/^Email or phone/)).toBe('The email or phone, or the password, is not right.'));
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(where()).toBe('/sign-in');
  });
});

describe('add to cart', () => {
  const routes = (
    <>
      <Route path="/products" element={<><Nav /><AddToCartButton productId={5} productName="Royal Oud" /></>} />
      <Route path="/sign-in" element={<h1>Sign-in page</h1>} />
    </>
  );

  it('updates the badge from data.count and shows the server\'s message', async () => {
    localStorage.setItem('userToken', TOKEN);
    localStorage.setItem('cart count', '2');
    const { fetchMock } = fakeApi({ '/addToCard': () => json({ status: 200, message: 'Added to your cart.', data: { count: 3 } }) });
    renderRoutes('/products', routes);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Royal Oud' }));
    await screen.findByText('Added to your cart.');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    expect(within(screen.getByTestId('cart-badge')).getByText('3')).toBeTruthy();
    expect(localStorage.getItem('cart count')).toBe('3');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ product_id: 5 });
  });

  it('says it is working while the add is on its way, and ignores presses until the answer: three quick taps add one unit', async () => {
    localStorage.setItem('userToken', TOKEN);
    localStorage.setItem('cart count', '2');
    let release!: () => void;
    let count = 2;
    const { fetchMock } = fakeApi({
      '/addToCard': async () => {
        await new Promise<void>((r) => { release = r; });
        count += 1;
        return json({ status: 200, message: 'Added to your cart.', data: { count } });
      },
    });
    renderRoutes('/products', routes);
    const button = screen.getByRole('button', { name: 'Add to cart: Royal Oud' }) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.textContent).toBe('Adding…');
    // Not disabled: focus stays on it.
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    const adds = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/addToCard')).length;
    expect(adds()).toBe(1);
    release();
    await screen.findByText('Added to your cart.');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.textContent).toBe('Add to cart');
    expect(adds()).toBe(1);
    // Answered: the next press is one more unit.
    fireEvent.click(button);
    await waitFor(() => expect(adds()).toBe(2));
    release();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeTruthy());
  });

  it('on a 401 says "Please Login First", removes the token and goes to sign-in', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/addToCard': () => json({ status: 401, message: 'Please log in first.' }, 401) });
    renderRoutes('/products', routes);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Royal Oud' }));
    await screen.findByRole('heading', { name: 'Sign-in page' });
    expect(screen.getByText('Please Login First')).toBeTruthy();
    expect(localStorage.getItem('userToken')).toBeNull();
  });

  it('shows any other failure\'s message and stays', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/addToCard': () => json({ status: 422, message: 'This product is out of stock.' }, 422) });
    renderRoutes('/products', routes);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Royal Oud' }));
    await screen.findByText('This product is out of stock.');
    expect(where()).toBe('/products');
    expect(localStorage.getItem('userToken')).toBe(TOKEN);
  });
});

describe('the wishlist heart', () => {
  const routes = (
    <>
      <Route path="/products" element={<WishButton productId={5} productName="Royal Oud" />} />
      <Route path="/sign-in" element={<h1>Sign-in page</h1>} />
    </>
  );

  it('adds and removes, following the wishlist', async () => {
    localStorage.setItem('userToken', TOKEN);
    let list: ProductCard[] = [];
    const { calls } = fakeApi({
      '/fav/show': () => json({ status: 200, message: 'OK', data: list }),
      '/fav/add/5': () => { list = [card(5, 'Royal Oud')]; return json({ status: 200, message: 'Added to your wishlist.', data: null }); },
      '/fav/remove/5': () => { list = []; return json({ status: 200, message: 'Removed from your wishlist.', data: null }); },
    });
    renderRoutes('/products', routes);
    await waitFor(() => expect(calls.some((c) => c.path === '/fav/show')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Royal Oud to wishlist' }));
    await screen.findByText('Added to your wishlist.');
    const remove = await screen.findByRole('button', { name: 'Remove Royal Oud from wishlist' });
    fireEvent.click(remove);
    await screen.findByText('Removed from your wishlist.');
    expect(await screen.findByRole('button', { name: 'Add Royal Oud to wishlist' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/fav/add/5', '/fav/remove/5']));
  });

  it('starts filled from is_fav', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/fav/show': () => new Promise(() => {}) });
    renderRoutes('/products', <Route path="/products" element={<WishButton productId={5} isFav productName="Royal Oud" />} />);
    expect(screen.getByRole('button', { name: 'Remove Royal Oud from wishlist' })).toBeTruthy();
  });

  it('tells a visitor to sign in and sends them there', async () => {
    const { fetchMock } = fakeApi({});
    renderRoutes('/products', routes);
    fireEvent.click(screen.getByRole('button', { name: 'Add Royal Oud to wishlist' }));
    await screen.findByRole('heading', { name: 'Sign-in page' });
    expect(screen.getByText('Please sign in to use your wishlist.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the wishlist page', () => {
  const routes = (
    <>
      <Route path="/wishlist" element={<Wishlist />} />
      <Route path="/sign-in" element={<SignIn />} />
    </>
  );

  it('lists the saved products; Remove takes one away', async () => {
    localStorage.setItem('userToken', TOKEN);
    let list = [card(5, 'Royal Oud'), card(6, 'Amber Night')];
    fakeApi({
      '/fav/show': () => json({ status: 200, message: 'OK', data: list }),
      '/fav/remove/5': () => { list = list.filter((p) => p.id !== 5); return json({ status: 200, message: 'Removed from your wishlist.', data: null }); },
    });
    renderRoutes('/wishlist', routes);
    expect(await screen.findByRole('heading', { name: 'Royal Oud' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart: Amber Night' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Royal Oud' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Royal Oud' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Amber Night' })).toBeTruthy();
  });

  it('shows an empty state with a way home', async () => {
    localStorage.setItem('userToken', TOKEN);
    fakeApi({ '/fav/show': () => json({ status: 200, message: 'OK', data: [] }) });
    renderRoutes('/wishlist', routes);
    expect(await screen.findByText('Your wishlist is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows a failed load with Retry', async () => {
    localStorage.setItem('userToken', TOKEN);
    let fail = true;
    fakeApi({ '/fav/show': () => (fail ? json({ status: 500, message: 'Something went wrong on our side.' }, 500) : json({ status: 200, message: 'OK', data: [card(6, 'Amber Night')] })) });
    renderRoutes('/wishlist', routes);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Amber Night' })).toBeTruthy();
  });

  it('sends a visitor to sign in with a message, and back to the wishlist after', async () => {
    fakeApi({
      '/user/login': () => json({ status: 200, message: 'Welcome back!', data: { token: 'fresh', user } }),
      '/fav/show': () => json({ status: 200, message: 'OK', data: [] }),
    });
    renderRoutes('/wishlist', routes);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByText('Please sign in to use your wishlist.')).toBeTruthy();
    type(/^Email or phone/, 'demo@attar.eg');
    type(/^Password/, 'attar123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your wishlist is empty.')).toBeTruthy();
    expect(where()).toBe('/wishlist');
  });

  /** Home, with a signed-in page at /gate; the API refuses the stored token (401) there, before the shopper goes on. */
  async function tokenRefusedOnHome() {
    renderRoutes('/', (
      <>
        {routes}
        <Route path="/gate" element={<RequireAuth><h1>Signed-in page</h1></RequireAuth>} />
      </>
    ));
    await screen.findByRole('heading', { name: 'Home page' });
    const { request } = await import('@/lib/api-client');
    await request('/fav/show', { lang: 'en' }).catch(() => undefined);
    await waitFor(() => expect(localStorage.getItem('userToken')).toBeNull());
  }

  it('on a token refused before a signed-in page is drawn, still goes to sign-in keeping the page, then back', async () => {
    localStorage.setItem('userToken', 'expired-token-1234567');
    fakeApi({
      '/fav/show': () => (localStorage.getItem('userToken') === 'fresh'
        ? json({ status: 200, message: 'OK', data: [] })
        : json({ status: 401, message: 'Please log in first.' }, 401)),
      '/user/login': () => json({ status: 200, message: 'Welcome back!', data: { token: 'fresh', user } }),
    });
    // The 401 is answered on home, before the shopper reaches a page that needs sign-in.
    await tokenRefusedOnHome();
    act(() => navigateTo('/gate'));
    await screen.findByRole('heading', { name: 'Sign in' });
    type(/^Email or phone/, 'demo@attar.eg');
    type(/^Password/, 'attar123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Signed-in page' })).toBeTruthy();
    expect(where()).toBe('/gate');
  });

  it('forgets a refused token once another tab signs in and out: a visitor again, sent home from a signed-in page', async () => {
    localStorage.setItem('userToken', 'expired-token-1234567');
    fakeApi({ '/fav/show': () => json({ status: 401, message: 'Please log in first.' }, 401) });
    await tokenRefusedOnHome();
    // Another tab signs in, then out: this tab follows through the storage events.
    const otherTab = (value: string | null) => {
      if (value === null) localStorage.removeItem('userToken');
      else localStorage.setItem('userToken', value);
      act(() => { window.dispatchEvent(new StorageEvent('storage', { key: 'userToken', newValue: value, storageArea: localStorage })); });
    };
    otherTab('other-tab-token-123456');
    otherTab(null);
    act(() => navigateTo('/gate'));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    expect(where()).toBe('/');
  });

  it('on an expired token, signs the shopper out; the wishlist sends them to sign-in keeping the page, then back', async () => {
    localStorage.setItem('userToken', 'expired-token-1234567');
    fakeApi({
      '/fav/show': () => (localStorage.getItem('userToken') === 'fresh'
        ? json({ status: 200, message: 'OK', data: [card(6, 'Amber Night')] })
        : json({ status: 401, message: 'Please log in first.' }, 401)),
      '/user/login': () => json({ status: 200, message: 'Welcome back!', data: { token: 'fresh', user } }),
    });
    renderRoutes('/wishlist', routes);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(localStorage.getItem('cart count')).toBe('0');
    expect(screen.getByText('Please sign in to use your wishlist.')).toBeTruthy();
    type(/^Email or phone/, 'demo@attar.eg');
    type(/^Password/, 'attar123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Amber Night' })).toBeTruthy();
    expect(where()).toBe('/wishlist');
  });
});

describe('a forgotten password', () => {
  const screens = (
    <>
      <Route path="/sign-in" element={<SignIn />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/reset-password" element={<ResetPassword />} />
    </>
  );

  it('goes from sign-in to the form, sends the typed phone in Latin digits, and shows the server\'s answer', async () => {
    const sent: unknown[] = [];
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ status: 200, message: 'If an account uses this e-mail or phone, we have sent a link.', data: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderRoutes('/sign-in', screens);
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await waitFor(() => expect(helpOf(/^Email or phone/)).toBe('Required'));
    expect(fetchMock).not.toHaveBeenCalled();
    type(/^Email or phone/, '٠١٠١١١١٢٢٢٢');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    const answer = await screen.findByText('If an account uses this e-mail or phone, we have sent a link.');
    expect(answer.closest('[role="status"]')).not.toBeNull();
    expect(sent).toEqual([{ login: '01011112222' }]);
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it('sets the new password with the link\'s token, signs this device out and opens sign-in', async () => {
    sessionStorage.clear();
    localStorage.setItem('userToken', TOKEN);
    const sent: unknown[] = [];
    fakeApi({
      '/user/password/reset': () => json({ status: 200, message: 'Your password was changed.', data: null }),
    }).fetchMock.mockImplementationOnce(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ status: 200, message: 'Your password was changed.', data: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderRoutes('/reset-password?token=abc-DEF_123&lang=en', screens);
    type(/^New password/, 'brand-new-1');
    type(/^Confirm new password/, 'brand-new-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(helpOf(/^Confirm new password/)).not.toBe(''));
    expect(sent).toEqual([]);
    type(/^Confirm new password/, 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sent).toEqual([{ token: 'abc-DEF_123', password: 'brand-new-1', password_confirmation: 'brand-new-1' }]);
    expect(localStorage.getItem('userToken')).toBeNull();
  });

  it('says when the link was used or expired, with the way to a new one; and when it is not complete', async () => {
    fakeApi({
      '/user/password/reset': () => json({ status: 422, message: 'Please check the highlighted fields.', errors: { token: ['This link has expired or was already used. Please ask for a new one.'] } }, 422),
    });
    const first = renderRoutes('/reset-password?token=old', screens);
    type(/^New password/, 'brand-new-1');
    type(/^Confirm new password/, 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has expired or was already used.');
    fireEvent.click(within(alert).getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    first.unmount();

    renderRoutes('/reset-password', screens);
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not complete.');
  });
});
