import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, cleanup, render, screen, waitFor, fireEvent, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import Home from '@/app/routes/home';
import { homeQuery } from '@/features/catalog/api/get-home';
import Products from '@/app/routes/products';
import Category from '@/app/routes/category';
import Offers from '@/app/routes/offers';
import BestSeller from '@/app/routes/best-seller';
import About from '@/app/routes/about';
import Contact from '@/app/routes/contact';
import type { HomeData, ProductCard } from '@/lib/contract';
import { fakeApi, renderApp } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => onlineManager.setOnline(true));
});

/** Intl's output without its invisible marks (Arabic's direction marks) and no-break spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200f\u200e\u061c]/g, '').replace(/\u00a0/g, ' ');

const product = (id: number, extra: Partial<ProductCard> = {}): ProductCard => ({
  id, name: `Perfume ${id}`, price: 500, price_after_sale: 450, image: `/media/products/${id}.svg`, overview: 'Nice',
  category_id: 1, category_name: 'Oud & Oriental', rate: 4.5, reviews_count: 3, typesale_name: 'normal', in_stock: true, is_fav: false, ...extra,
});

const list = (products: ProductCard[], meta: Partial<{ page: number; last_page: number; total: number }> = {}) => ({
  status: 200, message: 'OK',
  data: { products, meta: { page: 1, per_page: 12, total: products.length, last_page: 1, ...meta } },
});

const categories = {
  status: 200, message: 'OK',
  data: [
    { id: 1, name: 'Oud & Oriental', image: '/media/c1.svg', products_count: 9 },
    { id: 2, name: "Women's Perfumes", image: '/media/c2.svg', products_count: 9 },
  ],
};

/** Shows where the router is, so a test can read the query string the screen keeps. */
function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const screens = (
  <>
    <Routes>
      <Route path="/products" element={<Products />} />
      <Route path="/products/category/:id" element={<Category />} />
      <Route path="/offers" element={<Offers />} />
      <Route path="/bestSeller" element={<BestSeller />} />
      <Route path="/about-us" element={<About />} />
      <Route path="/contact-us" element={<Contact />} />
    </Routes>
    <Where />
  </>
);

/** The query strings the screen asked the API for, for one path. */
function queries(fetchMock: ReturnType<typeof fakeApi>['fetchMock'], path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`)
    .map((url) => Object.fromEntries(url.searchParams));
}

const location = () => new URL(screen.getByTestId('location').textContent!, 'http://localhost');

describe('the products grid', () => {
  it('shows skeleton cards of the grid while loading, then the cards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    fakeApi({
      '/products': async () => { await gate; return { body: list([product(1), product(2), product(3)], { total: 3 }) }; },
      '/categories': () => ({ body: categories }),
    });
    renderApp(screens, { route: '/products' });
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(4);
    expect(screen.getByRole('status').textContent).toBe('Loading products…');
    release();
    expect(await screen.findByRole('heading', { level: 3, name: 'Perfume 1' })).toBeTruthy();
    expect(screen.queryAllByTestId('product-skeleton')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: '3 products' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Perfume/ })[0].getAttribute('href')).toBe('/products/product-details/1');
    expect(plain(screen.getAllByTestId('price')[0].textContent)).toBe('EGP 450.00');
    // Each card carries the heart and add-to-cart.
    expect(screen.getByRole('button', { name: 'Add Perfume 1 to wishlist' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart: Perfume 1' })).toBeTruthy();
  });

  it('sends each filter to the API and keeps it in the URL', async () => {
    const { fetchMock } = fakeApi({
      '/products': () => ({ body: list([product(1)]) }),
      '/categories': () => ({ body: categories }),
    });
    renderApp(screens, { route: '/products' });
    await screen.findByRole('heading', { level: 3, name: 'Perfume 1' });
    expect(queries(fetchMock, '/products')).toEqual([{}]);

    const category = screen.getByRole('combobox', { name: 'Category' });
    await within(category).findByRole('option', { name: "Women's Perfumes" });
    fireEvent.change(category, { target: { value: '2' } });
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({ category_id: '2' }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'oud' } });
    // Debounced: nothing is asked while the shopper is still typing.
    expect(queries(fetchMock, '/products').at(-1)).toEqual({ category_id: '2' });
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({ category_id: '2', q: 'oud' }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_asc' } });
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({ category_id: '2', q: 'oud', sort: 'price_asc' }));

    // Eastern Arabic digits are read as 0-9.
    fireEvent.change(screen.getByRole('textbox', { name: 'Min price (EGP)' }), { target: { value: '٢٥٠' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Max price (EGP)' }), { target: { value: '900' } });
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({
      category_id: '2', q: 'oud', sort: 'price_asc', min_price: '250', max_price: '900',
    }));
    expect(Object.fromEntries(location().searchParams)).toEqual({
      category_id: '2', q: 'oud', sort: 'price_asc', min_price: '250', max_price: '900',
    });
    expect((screen.getByRole('textbox', { name: 'Min price (EGP)' }) as HTMLInputElement).value).toBe('٢٥٠');
  });

  it('says when a price is not a number, and does not send it', async () => {
    const { fetchMock } = fakeApi({ '/products': () => ({ body: list([product(1)]) }), '/categories': () => ({ body: categories }) });
    renderApp(screens, { route: '/products' });
    await screen.findByRole('heading', { level: 3, name: 'Perfume 1' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Min price (EGP)' }), { target: { value: 'cheap' } });
    expect(await screen.findByText('Enter a number, like 250')).toBeTruthy();
    expect(queries(fetchMock, '/products')).toEqual([{}]);
  });

  it('starts from the filters in the URL (reload, back and forward keep them)', async () => {
    const { fetchMock } = fakeApi({ '/products': () => ({ body: list([product(1)], { page: 2, last_page: 3 }) }), '/categories': () => ({ body: categories }) });
    renderApp(screens, { route: '/products?category_id=1&q=musk&sort=top_rated&min_price=100&page=2' });
    await screen.findByRole('heading', { level: 3, name: 'Perfume 1' });
    expect(queries(fetchMock, '/products')).toEqual([{ page: '2', category_id: '1', q: 'musk', sort: 'top_rated', min_price: '100' }]);
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('musk');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('top_rated');
    expect((screen.getByRole('textbox', { name: 'Min price (EGP)' }) as HTMLInputElement).value).toBe('100');
  });

  it('pages through meta.last_page, and a new filter goes back to page 1', async () => {
    const { fetchMock } = fakeApi({
      '/products': () => ({ body: list([product(1)], { last_page: 3, total: 30 }) }),
      '/categories': () => ({ body: categories }),
    });
    renderApp(screens, { route: '/products' });
    await screen.findByRole('heading', { level: 3, name: 'Perfume 1' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1, current page' })).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({ page: '2' }));
    expect(location().search).toBe('?page=2');
    expect(await screen.findByRole('button', { name: 'Page 2, current page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({ page: '3' }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_desc' } });
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({ sort: 'price_desc' }));
  });

  it('shows the empty state, whose button clears the filters', async () => {
    const { fetchMock } = fakeApi({
      '/products': () => ({ body: list([]) }),
      '/categories': () => ({ body: categories }),
    });
    renderApp(screens, { route: '/products?category_id=2&max_price=5' });
    expect(await screen.findByText('No products match your search.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({}));
  });

  it('offers the closest category and the best sellers when a search finds nothing', async () => {
    const { fetchMock } = fakeApi({
      '/products': () => ({ body: list([]) }),
      '/categories': () => ({ body: categories }),
      '/products/suggest': (_lang, url) => ({
        body: {
          status: 200, message: 'OK',
          data: { products: [], categories: [], closest_category: url.searchParams.get('q') === 'oud zzz' ? { id: 1, name: 'Oud & Oriental', image: '/media/c1.svg' } : null },
        },
      }),
      '/products/bestseller': () => ({ body: { status: 200, message: 'OK', data: [product(31), product(32)], footer: { description: '' }, linkfooter: {} } }),
    });
    renderApp(screens, { route: '/products?q=Oud%20zzz' });
    expect(await screen.findByText('Nothing matches “Oud zzz”. Check the spelling, or try fewer words.')).toBeTruthy();
    const browse = await screen.findByRole('link', { name: 'Browse Oud & Oriental' });
    expect(browse.getAttribute('href')).toBe('/products/category/1');
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    expect(within(best).getAllByTestId('product-card').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Perfume 31', 'Perfume 32']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(queries(fetchMock, '/products').at(-1)).toEqual({}));
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the error with Retry, and Retry asks again', async () => {
    let fail = true;
    const { fetchMock } = fakeApi({
      '/products': () => (fail
        ? { status: 500, body: { status: 500, message: 'Something went wrong on our side.' } }
        : { body: list([product(7)]) }),
      '/categories': () => ({ body: categories }),
    });
    renderApp(screens, { route: '/products' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Perfume 7' })).toBeTruthy();
    expect(queries(fetchMock, '/products')).toHaveLength(2);
  });

  it('works in Arabic: right to left, Arabic labels and Eastern Arabic digits', async () => {
    localStorage.setItem('lang', 'ar');
    const { calls } = fakeApi({ '/products': () => ({ body: list([product(1)]) }), '/categories': () => ({ body: categories }) });
    renderApp(screens, { route: '/products' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'المنتجات' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: 'Perfume 1' });
    expect(plain(screen.getAllByTestId('price')[0].textContent)).toBe('٤٥٠٫٠٠ ج.م.');
    expect(calls.filter((c) => c.path === '/products').map((c) => c.lang)).toEqual(['ar']);
  });
});

describe('the category page', () => {
  it('has the category name as its heading and sorts within it', async () => {
    const { fetchMock } = fakeApi({
      '/products/category/2': () => ({
        body: { status: 200, message: 'OK', data: { category: { id: 2, name: "Women's Perfumes", image: '' }, ...list([product(4)], { last_page: 2 }).data } },
      }),
    });
    renderApp(screens, { route: '/products/category/2' });
    expect(await screen.findByRole('heading', { level: 1, name: "Women's Perfumes" })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Perfume 4' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'best_selling' } });
    await waitFor(() => expect(queries(fetchMock, '/products/category/2').at(-1)).toEqual({ sort: 'best_selling' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queries(fetchMock, '/products/category/2').at(-1)).toEqual({ sort: 'best_selling', page: '2' }));
  });

  it('shows a not-found page with a link to all products for an unknown id', async () => {
    const { fetchMock } = fakeApi({});
    renderApp(screens, { route: '/products/category/999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/products');
    expect(queries(fetchMock, '/products/category/999')).toHaveLength(1);
  });
});

describe('offers, best sellers and about', () => {
  it('lists offers from GET /offers and best sellers from GET /products?sort=best_selling&in_stock=true, the top 12', async () => {
    const { fetchMock } = fakeApi({
      '/offers': () => ({ body: list([product(5, { typesale_name: 'buy 2 get 1' })]) }),
      '/products': () => ({ body: list([product(6)]) }),
    });
    renderApp(screens, { route: '/offers' });
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Perfume 5' })).toBeTruthy();
    cleanupAndRender('/bestSeller');
    expect(screen.getByRole('heading', { level: 1, name: 'Best sellers' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Perfume 6' })).toBeTruthy();
    // What cannot be bought is left out, and the page is the ranking's top, not every product a page at a time.
    expect(queries(fetchMock, '/products')).toEqual([{ per_page: '12', sort: 'best_selling', in_stock: 'true' }]);
  });

  it('shows about-us with its sanitized HTML and a sized image', async () => {
    fakeApi({
      '/about': () => ({
        body: { status: 200, message: 'OK', data: { title: 'About Attar', content: '<h2>Our story</h2><p>Since 1950</p><img src=x onerror="alert(1)">', image: '/media/about.svg' } },
      }),
    });
    const { container } = renderApp(screens, { route: '/about-us' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Attar' })).toBeTruthy();
    // Sanitized by DOMPurify here: jsdom has no Element.setHTML, and DOMPurify comes when first needed.
    expect(await screen.findByRole('heading', { level: 2, name: 'Our story' })).toBeTruthy();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('.attar-about__text img')).toBeNull();
    const image = container.querySelector('img[src="/media/about.svg"]')!;
    expect(image.getAttribute('width')).toBe('1200');
    expect(image.getAttribute('height')).toBe('600');
  });
});

const aboutAnswer = (lang: string) => ({
  body: {
    status: 200, message: 'OK',
    data: { title: lang === 'ar' ? 'عن عطّار' : 'About Attar', content: `<p>${lang === 'ar' ? 'منذ ١٩٥٠' : 'Since 1950'}</p>`, image: '/media/about.svg' },
  },
});

/** Cache Storage with the service worker's API cache holding `urls` (jsdom has none). */
function workerKeeps(urls: string[]) {
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      match: async (key: string) => (name === 'attar-api' && urls.includes(key) ? new Response('{}') : undefined),
    }),
  });
}

describe.each(['en', 'ar'] as const)('about us offline, in %s', (lang) => {
  const title = lang === 'ar' ? 'عن عطّار' : 'About Attar';

  it('shows the copy the service worker kept in the shopper\'s language, asked without the token so that the worker may keep it', async () => {
    localStorage.setItem('lang', lang);
    localStorage.setItem('userToken', 'token-123456789012345');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    workerKeeps([`${window.location.origin}/api/about?__lang=${lang}`]);
    const { fetchMock } = fakeApi({ '/about': aboutAnswer });
    renderApp(screens, { route: '/about-us' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    const asked = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/about'));
    expect(asked).toHaveLength(1);
    const headers = asked[0][1]!.headers as Record<string, string>;
    expect(headers.lang).toBe(lang);
    expect(headers.authorization).toBeUndefined();
  });

  it('never seen: says there is no connection under its heading, with Retry, instead of an empty page; back online it comes by itself', async () => {
    localStorage.setItem('lang', lang);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    workerKeeps([]);
    const { fetchMock } = fakeApi({ '/about': aboutAnswer });
    renderApp(screens, { route: '/about-us' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(lang === 'ar' ? 'لا يوجد اتصال' : 'No connection');
    expect(within(alert).getByRole('button', { name: lang === 'ar' ? 'إعادة المحاولة' : 'Retry' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: lang === 'ar' ? 'من نحن' : 'About us' })).toBeTruthy();
    // Nothing the worker could not answer was asked.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/about'))).toHaveLength(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => { window.dispatchEvent(new Event('online')); });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });
});

function cleanupAndRender(route: string) {
  cleanup();
  return renderApp(screens, { route });
}

describe('the contact form', () => {
  const fill = (values: Partial<Record<'Name' | 'Email' | 'Phone' | 'Message', string>>) => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
    }
  };

  it('explains each problem under its field, and sends nothing', async () => {
    const { fetchMock } = fakeApi({});
    renderApp(screens, { route: '/contact-us' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    fill({ Name: 'Mona Ali', Email: 'mona@', Phone: '٠١٠١٢٣٤', Message: 'Too short' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Invalid email format.')).toBeTruthy();
    expect(screen.getByText('Phone number must be 11 digits.')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters.')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Invalid email format.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains the problems in Arabic, from the real catalog', async () => {
    localStorage.setItem('lang', 'ar');
    fakeApi({});
    renderApp(screens, { route: '/contact-us' });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    expect(await screen.findAllByText('مطلوب')).toHaveLength(4);
    const [, email, phone] = screen.getAllByRole('textbox');
    fireEvent.change(email, { target: { value: 'mona@example' } });
    fireEvent.change(phone, { target: { value: '٠١٠١٢٣' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    expect(await screen.findByText('صيغة البريد الإلكتروني غير صحيحة.')).toBeTruthy();
    expect(screen.getByText('يجب أن يتكون رقم الهاتف من ١١ رقمًا.')).toBeTruthy();
  });

  it("puts the server's 422 field errors under the same fields and keeps what was typed", async () => {
    fakeApi({
      '/contact': () => ({
        status: 422,
        body: { status: 422, message: 'Please check the highlighted fields.', errors: { email: ['This email address cannot receive mail.'] } },
      }),
    });
    renderApp(screens, { route: '/contact-us' });
    fill({ Name: 'Mona Ali', Email: 'mona@example.com', Phone: '01012345678', Message: 'Do you ship to Aswan?' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This email address cannot receive mail.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Email/ }).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Mona Ali');
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe('Do you ship to Aswan?');
  });

  it('keeps what was typed when sending fails for another reason', async () => {
    fakeApi({ '/contact': () => ({ status: 429, body: { status: 429, message: 'Too many messages. Try again later.' } }) });
    renderApp(screens, { route: '/contact-us' });
    fill({ Name: 'Mona Ali', Email: 'mona@example.com', Phone: '01012345678', Message: 'Do you ship to Aswan?' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages. Try again later.');
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe('Do you ship to Aswan?');
  });

  it("sends the message (phone as 11 Latin digits), shows the server's thanks and clears the form", async () => {
    const bodies: unknown[] = [];
    const { fetchMock } = fakeApi({ '/contact': () => ({ body: { status: 200, message: 'Thank you! We will get back to you soon.', data: null } }) });
    fetchMock.mockImplementationOnce(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ status: 200, message: 'Thank you! We will get back to you soon.', data: null }), { status: 200 });
    });
    renderApp(screens, { route: '/contact-us' });
    fill({ Name: ' Mona Ali ', Email: 'mona@example.com', Phone: '٠١٠١٢٣٤٥٦٧٨', Message: 'Do you ship to Aswan?' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you! We will get back to you soon.')).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Mona Ali', email: 'mona@example.com', phone: '01012345678', message: 'Do you ship to Aswan?' }]);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(''));
    expect((screen.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe('');
  });
});

describe('home offline', () => {
  const HOME: HomeData = {
    Data_home_page: { message_nav: 'Free delivery', hero_title: 'Scents of the Nile', hero_subtitle: 'Oud and more', hero_image: '/media/hero.svg' },
    categories: [], offers: [product(1)], best_sellers: [], new_arrivals: [],
  };

  /** Home for a signed-in shopper; `seen` is a copy restored from this device (persisted, an hour old). */
  function renderHome({ seen }: { seen?: HomeData } = {}) {
    localStorage.setItem('userToken', 'token-123456789012345');
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    if (seen) queryClient.setQueryData(homeQuery('en').queryKey, seen, { updatedAt: Date.now() - 60 * 60 * 1000 });
    render(
      <AppProvider queryClient={queryClient} persister={null}>
        <MemoryRouter><Home /></MemoryRouter>
      </AppProvider>,
    );
  }

  it('says the home page is not on this device, with Retry, and asks nothing the worker cannot answer', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = fakeApi({ '/home': () => ({ body: { status: 200, message: 'OK', data: HOME } }) });
    renderHome();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You are offline, and the home page hasn't been saved on this device yet.");
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    // The shopper's home carries the token: the worker keeps none of those, so it is not asked.
    expect(calls.filter((c) => c.path === '/home')).toHaveLength(0);
  });

  it('keeps the home seen before on screen when its refresh fails offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeApi({});
    renderHome({ seen: HOME });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scents of the Nile' })).toBeTruthy();
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Scents of the Nile' })).toBeTruthy();
  });

  it('shows the server\'s words when home fails online', async () => {
    fakeApi({ '/home': () => ({ status: 500, body: { status: 500, message: 'Something went wrong on our side.' } }) });
    renderHome();
    // (After its one retry.)
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
  });
});

