import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { useWaitingChanges } from '@/lib/offline-changes';
import ProductDetails from '@/app/routes/product-details';
import { Nav } from '@/app/shell/nav';
import { cutWords, RELATED_BREAKPOINTS } from '@/features/product/components/related-carousel';
import { CAROUSEL_DEFAULTS } from '@/features/product/components/carousel';
import type { ProductDetails as Details } from '@/features/product/api/get-product';
import { StockLeft } from '@/features/product/components/stock-left';
import { fakeApi, renderApp, stubMatchMedia, swiperRegion } from './render';

// jsdom has no matchMedia, which Swiper's breakpoints ask for.
beforeAll(stubMatchMedia);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => onlineManager.setOnline(true));
});

/** Intl's output without its invisible marks (Arabic's direction marks) and no-break spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200f\u200e\u061c]/g, '').replace(/\u00a0/g, ' ');

const details = (lang: string): Details => ({
  OverView_Product: {
    name: lang === 'ar' ? 'عود ملكي إنتنس' : 'Royal Oud Intense',
    overview: '<p>A deep, smoky <strong>Eau de Parfum</strong>.</p><img src=x onerror="alert(1)">',
    main_image: '/media/products/royal-oud-intense.svg',
    images: [
      { product_image_id: 1, product_image: '/media/products/royal-oud-intense-g1.svg' },
      { product_image_id: 2, product_image: '/media/products/royal-oud-intense-g2.svg' },
    ],
    product_after_sale: 1480,
    price: 1850,
    link: '/products/product-details/1',
    description: '<p>Our signature oud, blended for evenings.</p><script>alert(1)</script>',
    typesale_name: 'normal',
    in_stock: true,
    stock_left: null,
  },
  Product_details: {
    product_id: 1,
    smell: 'Oud, Amber, Saffron, Rose',
    smells: ['Oud', 'Amber', 'Saffron', 'Rose'],
    product_code: 'B0ATR10458',
    model_number: 'ATR-OUD-001',
    category_name: 'Oud & Oriental',
    category_id: 1,
    reviews: 4.5,
  },
  How_to_use: {
    how_to_use: '<ol><li>Spray from about 15 cm onto pulse points.</li></ol>',
    images: ['/media/products/royal-oud-intense-h1.svg', '/media/products/royal-oud-intense-h2.svg'],
  },
  realted_product: [
    { id: 7, name: 'Sultan Musk', price: 680, price_after_sale: 680, overview: 'A soft, clean musk that stays close to the skin, available in four variations.', image: '/media/products/sultan-musk.svg', typesale_name: 'buy 2 get 1', in_stock: true },
    { id: 9, name: 'Desert Sandalwood', price: 780, price_after_sale: 620, overview: 'Creamy sandalwood, calm and addictive.', image: '/media/products/desert-sandalwood.svg', typesale_name: 'normal', in_stock: true },
  ],
  review_rate: { '1': 0, '2': 0, '3': 10, '4': 25, '5': 65 },
  reviews_count: 2,
  review: [
    { user_name: 'Omar Elsayed', rate: 4, comment: 'Great oud for the price.', created_at: '2026-11-09T06:15:27.726Z', verified: true },
    { user_name: 'Mona Hassan', rate: 4.5, comment: 'ريحته فخمة جدًا وثابتة طول اليوم.', created_at: '2026-10-12T06:15:27.726Z', verified: false },
  ],
});

const ok = (lang: string) => ({ body: { status: 200, message: 'OK', data: details(lang) } });

function renderDetails(id = '1', extra: React.ReactNode = null) {
  return renderApp(
    <>
      {extra}
      <Routes>
        <Route path="/products/product-details/:id" element={<ProductDetails />} />
      </Routes>
    </>,
    { route: `/products/product-details/${id}` },
  );
}

describe('the product details page', () => {
  it('shows every section of the page from the details answer', async () => {
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();

    const h1 = await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' });
    expect(h1).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(calls.find((c) => c.path === '/products/details/1')?.lang).toBe('en');

    // Overview and description: sanitized HTML.
    // Sanitized by DOMPurify here: jsdom has no Element.setHTML, and DOMPurify comes when first needed.
    expect((await screen.findByText('Eau de Parfum')).tagName).toBe('STRONG');
    expect(await screen.findByText('Our signature oud, blended for evenings.')).toBeTruthy();
    expect(document.querySelector('main script, [onerror], script[src]')).toBeNull();
    expect(document.body.innerHTML).not.toContain('onerror');

    // The price after sale, and the old one struck through.
    const info = h1.parentElement!;
    expect(plain(within(info).getByTestId('price').textContent)).toBe('EGP 1,480.00');
    expect(plain(info.querySelector('del')!.textContent)).toBe('EGP 1,850.00');

    // Add to cart, the heart and copy link, all named.
    expect(within(info).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(within(info).getByRole('button', { name: 'Add Royal Oud Intense to wishlist' })).toBeTruthy();
    expect(within(info).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByText('Within 7 Days')).toBeTruthy();

    // The gallery: the main image, and the controls to the extra ones (shown as the shopper moves to
    // them, and all in Swiper once it has come: the next test).
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    const pictures = within(gallery).getAllByRole('img');
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(['/media/products/royal-oud-intense.svg']);
    expect(pictures[0].getAttribute('alt')).toBe('Royal Oud Intense');
    expect(within(gallery).getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(within(gallery).getByText('1 of 3')).toBeTruthy();
    for (const img of document.querySelectorAll('img[src^="/media/"]')) {
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
    }

    // The table: the first of the sections drawn after the top of the page, one a commit.
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => [
      within(row).getByRole('rowheader').textContent,
      row.querySelector('td')!.textContent,
    ]);
    expect(rows).toEqual([
      ['Smell', 'Oud, Amber, Saffron, Rose'],
      ['ASIN', 'B0ATR10458'],
      ['Model number', 'ATR-OUD-001'],
      ['Category', 'Oud & Oriental'],
      ['Average review', '4.5 out of 5'],
    ]);

    // How to use: its text and its own carousel.
    expect(await screen.findByRole('heading', { level: 2, name: 'How to use' })).toBeTruthy();
    expect(await screen.findByText('Spray from about 15 cm onto pulse points.')).toBeTruthy();
    // Further down the page: Swiper comes as it nears the screen (at once in jsdom, which has no IntersectionObserver).
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'How to use images' })).getAllByRole('img')).toHaveLength(2));

    // Related: names, prices, the overview cut to 7 words, a heart and add to cart each.
    const related = await screen.findByRole('region', { name: 'Related products' });
    expect(within(related).getByRole('link', { name: 'Sultan Musk' }).getAttribute('href')).toBe('/products/product-details/7');
    const overviews = within(related).getAllByTestId('related-overview').map((el) => el.textContent);
    expect(overviews).toEqual(['A soft, clean musk that stays close…', 'Creamy sandalwood, calm and addictive.']);
    expect(within(related).getByRole('button', { name: 'Add Sultan Musk to wishlist' })).toBeTruthy();
    expect(within(related).getByRole('button', { name: 'Add to cart: Desert Sandalwood' })).toBeTruthy();

    // The review summary: 5 down to 1 stars with their percentages.
    const bars = within(await screen.findByTestId('review-summary')).getAllByRole('listitem').map((li) => li.textContent);
    expect(bars).toEqual(['5 stars65%', '4 stars25%', '3 stars10%', '2 stars0%', '1 star0%']);
    expect(screen.getByRole('progressbar', { name: '5 stars' }).getAttribute('aria-valuenow')).toBe('65');

    // The reviews.
    const list = screen.getByRole('list', { name: 'Reviews' });
    const reviews = within(list).getAllByRole('listitem');
    expect(within(reviews[0]).getByText('Omar Elsayed')).toBeTruthy();
    expect(within(reviews[0]).getByRole('img', { name: '4 stars' })).toBeTruthy();
    expect(within(reviews[0]).getByText('Great oud for the price.')).toBeTruthy();
    expect(within(reviews[1]).getByRole('img', { name: '4.5 stars' })).toBeTruthy();
    // A verified buyer is marked; the other is not.
    expect(within(reviews[0]).getByText('Verified buyer')).toBeTruthy();
    expect(within(reviews[1]).queryByText('Verified buyer')).toBeNull();
    expect(screen.getByTestId('reviews-count').textContent).toBe('2 reviews');
    // Every review is on the page already: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeTruthy();
  });

  it('uses the carousel defaults, the related breakpoints and a seven-word cut', () => {
    expect(CAROUSEL_DEFAULTS).toEqual({ speed: 300, slidesPerView: 1, threshold: 5 });
    expect(RELATED_BREAKPOINTS).toEqual({ 640: { slidesPerView: 1 }, 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } });
    expect(cutWords('one two three four five six seven eight')).toBe('one two three four five six seven…');
    expect(cutWords('  one two  ')).toBe('one two');
  });

  it('moves the gallery with its buttons and the arrow keys, before Swiper and with it', async () => {
    // jsdom lays nothing out: give Swiper a width to slide by.
    const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
    onTestFinished(() => { if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width); });
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    // The first screen's carousel waits for the shopper: no Swiper yet, and its controls work already.
    await screen.findByRole('region', { name: 'Related products' });
    expect(gallery.querySelector('.swiper')).toBeNull();
    expect(within(gallery).getByRole('button', { name: 'Previous slide' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(gallery).getByRole('button', { name: 'Next slide' }));
    // The next slide at once, then Swiper takes over where it is, with the focus on its own Next.
    expect(within(gallery).getByText('2 of 3')).toBeTruthy();
    expect(within(gallery).getByRole('group', { name: '2 of 3' }).querySelector('img')!.getAttribute('src')).toBe('/media/products/royal-oud-intense-g1.svg');
    const swiperGallery = await swiperRegion('Product images');
    const next = within(swiperGallery).getByRole('button', { name: 'Next slide' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(within(swiperGallery).getByText('2 of 3')).toBeTruthy();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    await within(swiperGallery).findByText('3 of 3');
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(next, { key: 'Home' });
    await within(swiperGallery).findByText('1 of 3');
  });

  it('keeps the keyboard\'s focus on the same button when Swiper takes over the gallery the focus came to', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    expect(gallery.querySelector('.swiper')).toBeNull();
    // Tabbing in: Previous is disabled on the first slide, so Next is the first stop; the focus brings Swiper.
    act(() => within(gallery).getByRole('button', { name: 'Next slide' }).focus());
    const swiperGallery = await swiperRegion('Product images');
    await waitFor(() => expect(document.activeElement).toBe(within(swiperGallery).getByRole('button', { name: 'Next slide' })));
    expect(within(swiperGallery).getByText('1 of 3')).toBeTruthy();
  });

  it('moves the gallery by its keys before Swiper, which then starts where the shopper went', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    expect(gallery.querySelector('.swiper')).toBeNull();
    fireEvent.keyDown(gallery, { key: 'End' });
    expect(within(gallery).getByText('3 of 3')).toBeTruthy();
    expect(within(gallery).getByRole('group', { name: '3 of 3' }).querySelector('img')!.getAttribute('src')).toBe('/media/products/royal-oud-intense-g2.svg');
    const swiperGallery = await swiperRegion('Product images');
    expect(within(swiperGallery).getByText('3 of 3')).toBeTruthy();
  });

  it('brings Swiper to the gallery when a pointer comes over it', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    expect(gallery.querySelector('.swiper')).toBeNull();
    fireEvent.pointerEnter(gallery.parentElement!);
    expect((await swiperRegion('Product images')).querySelectorAll('img')).toHaveLength(3);
  });

  it('renders in Arabic: rtl, Arabic digits, the lang header, and Swiper in rtl', async () => {
    localStorage.setItem('lang', 'ar');
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    const h1 = await screen.findByRole('heading', { level: 1, name: 'عود ملكي إنتنس' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(calls.find((c) => c.path === '/products/details/1')?.lang).toBe('ar');
    const info = h1.parentElement!;
    expect(plain(within(info).getByTestId('price').textContent)).toBe('١٬٤٨٠٫٠٠ ج.م.');
    expect(plain(info.querySelector('del')!.textContent)).toBe('١٬٨٥٠٫٠٠ ج.م.');
    // The reviews come a few commits after the top of the page.
    const bars = within(await screen.findByTestId('review-summary')).getAllByRole('listitem');
    expect(plain(bars[0].textContent)).toContain('٦٥٪');
    await screen.findAllByRole('region', { name: 'صور المنتج' });
    // Swiper comes for the carousels further down (jsdom has no IntersectionObserver: at once).
    await waitFor(() => expect(document.querySelector('.swiper')).not.toBeNull());
    for (const swiper of document.querySelectorAll('.swiper')) {
      expect(swiper.getAttribute('dir')).toBe('rtl');
      expect(swiper.classList.contains('swiper-rtl')).toBe(true);
    }
    // Screen readers hear the slide's place in Eastern Arabic digits too.
    const firstSlide = document.querySelector('.swiper-slide')!;
    expect(firstSlide.getAttribute('aria-label')).toMatch(/^١ من [٠-٩]+$/);
  });

  it('flips the carousels when the language is switched', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails('1', <Nav />);
    await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' });
    await waitFor(() => expect(document.querySelector('.swiper')).not.toBeNull());
    expect(document.querySelector('.swiper')!.getAttribute('dir')).toBe('ltr');
    fireEvent.click(screen.getByTestId('language-toggle'));
    await screen.findByRole('heading', { level: 1, name: 'عود ملكي إنتنس' });
    const swipers = [...document.querySelectorAll('.swiper')];
    expect(swipers.length).toBeGreaterThan(0);
    for (const swiper of swipers) expect(swiper.classList.contains('swiper-rtl')).toBe(true);
  });

  it('copies the product link and says so where the device cannot share', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect('share' in navigator).toBe(false);
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/products/product-details/1`);
  });

  it('shares through the device\'s share sheet where it has one: its name, a line and the link, nothing copied', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const canShare = vi.fn().mockReturnValue(true);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare, clipboard: { writeText } });
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const button = await screen.findByRole('button', { name: 'Share' });
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = { title: 'Royal Oud Intense', text: 'Royal Oud Intense at Attar', url: `${window.location.origin}/products/product-details/1` };
    expect(share).toHaveBeenCalledWith(data);
    expect(canShare).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Link copied to clipboard!')).toBeNull();
  });

  it('says nothing when the shopper closes the share sheet without sharing (AbortError)', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true, clipboard: { writeText } });
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Failed to copy link. Please try again.')).toBeNull();
    expect(screen.queryByText('Link copied to clipboard!')).toBeNull();
  });

  it('copies the link instead when the share sheet fails for another reason', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn().mockRejectedValue(new DOMException('No', 'NotAllowedError')), canShare: () => true, clipboard: { writeText } });
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/products/product-details/1`);
  });

  it('names the share button in Arabic', async () => {
    localStorage.setItem('lang', 'ar');
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn(), canShare: () => true });
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    expect(await screen.findByRole('button', { name: 'مشاركة' })).toBeTruthy();
  });

  it('says when the link could not be copied', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy link. Please try again.')).toBeTruthy();
  });

  it('asks a visitor to sign in before writing a review', async () => {
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    expect(within(dialog).getByText('Please sign in to write a review.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(calls.some((c) => c.path === '/review/send')).toBe(false);
  });

  it('refuses an opinion made only of invisible characters, as the server would', async () => {
    localStorage.setItem('userToken', 'token-123456789012345');
    const { calls } = fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => ({ body: { status: 200, message: 'OK', data: [] } }),
      '/review/mine/1': () => ({ body: { status: 200, message: 'OK', data: { review: null } } }),
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4.5 stars' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your opinion' }), { target: { value: '\u200B\u200B\u202E ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByText('Please write your opinion.')).toBeTruthy();
    expect(within(dialog).queryByText('Please choose a rating.')).toBeNull();
    expect(calls.some((c) => c.path === '/review/send')).toBe(false);
  });

  it('sends a half-star rating and an opinion, shows the server message and refetches the product', async () => {
    localStorage.setItem('userToken', 'token-123456789012345');
    const { calls, fetchMock } = fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => ({ body: { status: 200, message: 'OK', data: [] } }),
      '/review/mine/1': () => ({ body: { status: 200, message: 'OK', data: { review: null } } }),
      '/review/send': () => ({ body: { status: 200, message: 'Thank you! Your review was sent.', data: null } }),
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });

    // Nothing is sent without a rating and an opinion.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByText('Please choose a rating.')).toBeTruthy();
    expect(within(dialog).getByText('Please write your opinion.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/review/send')).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: '4.5 stars' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your opinion' }), { target: { value: '  Lovely\u200B and long lasting.\u0000  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));

    expect(await screen.findByText('Thank you! Your review was sent.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/review/send'))!;
    expect(post[1]?.method).toBe('POST');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ product_id: 1, comment: 'Lovely and long lasting.', rate: 4.5 });
    expect((post[1]?.headers as Record<string, string>).authorization).toBe('Bearer token-123456789012345');
    await waitFor(() => expect(calls.filter((c) => c.path === '/products/details/1')).toHaveLength(2));
    // The shopper's own review is asked again: the button becomes "Edit your review" once it is there.
    await waitFor(() => expect(calls.filter((c) => c.path === '/review/mine/1')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when a review is refused", async () => {
    localStorage.setItem('userToken', 'token-123456789012345');
    fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => ({ body: { status: 200, message: 'OK', data: [] } }),
      '/review/send': () => ({ status: 422, body: { status: 422, message: 'Please check the highlighted fields.', errors: { comment: ['Required'] } } }),
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your opinion' }), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Please check the highlighted fields.')).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a not-found page with a way back to the products for a missing product', async () => {
    fakeApi({ '/products/details/999': () => ({ status: 404, body: { status: 404, message: 'This product was not found.' } }) });
    renderDetails('999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
  });

  it('treats an id that is not a number as not found, without calling the server', async () => {
    const { calls } = fakeApi({});
    renderDetails('abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('offers Retry when loading fails, and shows the product after it', async () => {
    let fail = true;
    fakeApi({
      '/products/details/1': (lang) => (fail ? { status: 500, body: { status: 500, message: 'Something went wrong on our side.' } } : ok(lang)),
    });
    renderDetails();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).toBeTruthy();
  });
});

/** Review `n` of a product with 12, newest first: a day apart, every third by a verified buyer. */
const nthReview = (n: number) => ({
  user_name: `Shopper ${n}`, rate: n % 2 ? 4.5 : 3, comment: `Review number ${n}.`,
  created_at: new Date(Date.UTC(2026, 10, 30 - n)).toISOString(), verified: n % 3 === 0,
});
const TWELVE = Array.from({ length: 12 }, (_, i) => nthReview(i + 1));

/** The product with 12 reviews: the details answer carries the newest 5; /products/1/reviews pages them by 5. */
function twelveReviews() {
  return fakeApi({
    '/products/details/1': (lang) => ({ body: { status: 200, message: 'OK', data: { ...details(lang), reviews_count: 12, review: TWELVE.slice(0, 5) } } }),
    '/products/1/reviews': (_lang, url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { body: { status: 200, message: 'OK', data: { reviews: TWELVE.slice((page - 1) * 5, page * 5), meta: { page, per_page: 5, total: 12, last_page: 3 } } } };
    },
  });
}

const reviewItems = () => within(screen.getByRole('list', { name: /^(Reviews|التقييمات)$/ })).getAllByRole('listitem');

describe('the reviews, a page at a time', () => {
  it('shows the first page from the product, then "Show more reviews" brings the next pages on demand', async () => {
    const { calls, fetchMock } = twelveReviews();
    renderDetails();
    await screen.findByRole('heading', { level: 2, name: 'Customer reviews' });
    expect(screen.getByTestId('reviews-count').textContent).toBe('12 reviews');
    expect(reviewItems().map((li) => within(li).getByText(/^Review number/).textContent)).toEqual(TWELVE.slice(0, 5).map((r) => r.comment));
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Showing 5 of 12 reviews');
    // Nothing more is asked until the shopper wants it.
    expect(calls.some((c) => c.path === '/products/1/reviews')).toBe(false);

    const more = screen.getByRole('button', { name: 'Show more reviews' });
    fireEvent.click(more);
    await waitFor(() => expect(reviewItems()).toHaveLength(10));
    expect(screen.getByText('Showing 10 of 12 reviews')).toBeTruthy();
    // The keyboard goes on from the first review it brought.
    expect(document.activeElement).toBe(reviewItems()[5]);
    // Every third is by a verified buyer.
    expect(reviewItems().map((li) => within(li).queryByText('Verified buyer') !== null)).toEqual(TWELVE.slice(0, 10).map((r) => r.verified));

    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(reviewItems()).toHaveLength(12));
    expect(reviewItems().map((li) => within(li).getByText(/^Review number/).textContent)).toEqual(TWELVE.map((r) => r.comment));
    expect(screen.getByText('Showing 12 of 12 reviews')).toBeTruthy();
    // The last page: no button left, and the keyboard is on the 11th review, not lost.
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(document.activeElement).toBe(reviewItems()[10]);

    const asked = fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/products/1/reviews'));
    expect(asked.map(([url]) => new URL(String(url), 'http://localhost').search)).toEqual(['?page=2', '?page=3']);
    // The same for every shopper: in the page's language, without a token.
    for (const [, init] of asked) {
      expect((init?.headers as Record<string, string>).lang).toBe('en');
      expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
    }
  });

  it('reads in Arabic: the count\'s plural, the button, the verified mark, Arabic digits and the lang header', async () => {
    localStorage.setItem('lang', 'ar');
    const { calls } = twelveReviews();
    renderDetails();
    await screen.findByRole('heading', { level: 2, name: 'آراء العملاء' });
    expect(plain(screen.getByTestId('reviews-count').textContent)).toBe('١٢ تقييمًا');
    expect(plain(screen.getByText(/^عرض [٠-٩]+ من/).textContent)).toBe('عرض ٥ من ١٢ تقييمًا');
    fireEvent.click(screen.getByRole('button', { name: 'عرض مزيد من التقييمات' }));
    await waitFor(() => expect(reviewItems()).toHaveLength(10));
    expect(plain(screen.getByText(/^عرض [٠-٩]+ من/).textContent)).toBe('عرض ١٠ من ١٢ تقييمًا');
    expect(within(reviewItems()[5]).getByText('مشترٍ موثَّق')).toBeTruthy();
    expect(within(reviewItems()[6]).queryByText('مشترٍ موثَّق')).toBeNull();
    expect(calls.filter((c) => c.path === '/products/1/reviews').map((c) => c.lang)).toEqual(['ar']);
  });

  it('says why more reviews could not come, and asks again from the same button', async () => {
    let fail = true;
    fakeApi({
      '/products/details/1': (lang) => ({ body: { status: 200, message: 'OK', data: { ...details(lang), reviews_count: 12, review: TWELVE.slice(0, 5) } } }),
      '/products/1/reviews': () => (fail
        ? { status: 503, body: { status: 503, message: 'The shop is busy right now. Please try again in a moment.' } }
        : { body: { status: 200, message: 'OK', data: { reviews: TWELVE.slice(5, 10), meta: { page: 2, per_page: 5, total: 12, last_page: 3 } } } }),
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more reviews' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The shop is busy right now. Please try again in a moment.');
    expect(reviewItems()).toHaveLength(5);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(reviewItems()).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("the shopper's own review", () => {
  const MINE = { rate: 3.5, comment: 'Nice, but it fades by noon.', created_at: '2026-11-01T10:00:00.000Z' };

  function signedInWithReview(sent: unknown[] = []) {
    localStorage.setItem('userToken', 'token-123456789012345');
    return fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => ({ body: { status: 200, message: 'OK', data: [] } }),
      '/review/mine/1': () => ({ body: { status: 200, message: 'OK', data: { review: MINE } } }),
      '/review/send': (lang) => {
        sent.push(lang);
        return { body: { status: 200, message: lang === 'ar' ? 'تم تحديث تقييمك.' : 'Your review has been updated.', data: null } };
      },
    });
  }

  it('turns "Write a review" into "Edit your review", opens the dialog with their rate and opinion, and sends the edit', async () => {
    const { calls, fetchMock } = signedInWithReview();
    renderDetails();
    const edit = await screen.findByRole('button', { name: 'Edit your review' });
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    // Asked with the shopper's token.
    const mine = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/review/mine/1'))!;
    expect((mine[1]?.headers as Record<string, string>).authorization).toBe('Bearer token-123456789012345');

    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    expect((within(dialog).getByRole('radio', { name: '3.5 stars' }) as HTMLInputElement).checked).toBe(true);
    const opinion = within(dialog).getByRole('textbox', { name: 'Your opinion' }) as HTMLTextAreaElement;
    expect(opinion.value).toBe(MINE.comment);

    fireEvent.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    fireEvent.change(opinion, { target: { value: 'It fades by noon.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update review' }));
    expect(await screen.findByText('Your review has been updated.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/review/send'))!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ product_id: 1, comment: 'It fades by noon.', rate: 2 });
    // The product, and the shopper's own review, are asked again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/products/details/1')).toHaveLength(2));
    await waitFor(() => expect(calls.filter((c) => c.path === '/review/mine/1')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reads in Arabic', async () => {
    localStorage.setItem('lang', 'ar');
    const sent: unknown[] = [];
    signedInWithReview(sent);
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'تعديل تقييمك' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل تقييمك' });
    expect((within(dialog).getByRole('textbox', { name: 'رأيك' }) as HTMLTextAreaElement).value).toBe(MINE.comment);
    fireEvent.click(within(dialog).getByRole('button', { name: 'تحديث التقييم' }));
    expect(await screen.findByText('تم تحديث تقييمك.')).toBeTruthy();
    expect(sent).toEqual(['ar']);
  });

  it('keeps "Write a review" for a visitor, and asks nothing about their review', async () => {
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/review/mine'))).toBe(false);
  });
});

/** The browser says it is offline from the start, as a page reloaded offline does. */
function startOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

/** Cache Storage with the service worker's API cache holding `urls` (jsdom has none). */
function workerKeeps(urls: string[]) {
  const asked: string[] = [];
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      match: async (key: string) => {
        asked.push(`${name} ${key}`);
        return name === 'attar-api' && urls.includes(key) ? new Response('{}') : undefined;
      },
    }),
  });
  return asked;
}

const detailsAsked = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/products/details/')).length;

describe('the product details page offline', () => {
  it('says a product never saved on this device needs the connection, asks nothing, and loads once back online', async () => {
    startOffline();
    workerKeeps([]);
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent)
      .toBe("You're offline, and this product hasn't been saved on this phone yet.");
    expect(alert.textContent).toContain("It opens by itself once you're back online.");
    // Nothing the worker could not answer was asked: no failed load in the console.
    expect(detailsAsked(calls)).toBe(0);

    // Retry, still offline: the same words, Retry still there (and focused).
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('aria-busy') ?? 'false').not.toBe('true'));
    expect(screen.getByRole('alert').textContent).toContain("You're offline, and this product hasn't been saved on this phone yet.");
    expect(detailsAsked(calls)).toBe(0);

    // The connection's return asks again by itself.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).toBeTruthy();
    expect(detailsAsked(calls)).toBe(1);
  });

  it('asks for a product the service worker kept, in the shopper\'s language, and shows it', async () => {
    startOffline();
    const asked = workerKeeps([`${window.location.origin}/api/products/details/1?__lang=en`]);
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).toBeTruthy();
    expect(asked).toEqual([`attar-api ${window.location.origin}/api/products/details/1?__lang=en`]);
    expect(detailsAsked(calls)).toBe(1);
  });

  it('says so when the product was saved only in the other language', async () => {
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails('1', <Nav />);
    await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' });
    act(() => onlineManager.setOnline(false));
    workerKeeps([`${window.location.origin}/api/products/details/1?__lang=en`]);
    fireEvent.click(screen.getByTestId('language-toggle'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent)
      .toBe('أنت غير متصل بالإنترنت، ولم يُحفَظ هذا المنتج على هذا الهاتف بهذه اللغة بعد.');
    // Retry, in Arabic too.
    expect(within(alert).getAllByRole('button')).toHaveLength(1);
    expect(detailsAsked(calls)).toBe(1);
  });

  it('says the server\'s words, not "offline", when the connection is there but the shop is not reached', async () => {
    let down = true;
    fakeApi({
      '/products/details/1': (lang) => {
        if (down) throw new TypeError('Failed to fetch');
        return ok(lang);
      },
    });
    renderDetails();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe('This product could not be loaded.');
    expect(alert.textContent).toContain('No connection. Check your internet and try again.');
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    // The failure stays (Retry busy) until the answer arrives, instead of a flash of the skeleton.
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).toBeTruthy();
  });

  it('asks again by itself when the browser says it is back online', async () => {
    startOffline();
    workerKeeps([]);
    const { calls } = fakeApi({ '/products/details/1': ok });
    renderDetails();
    await screen.findByRole('alert');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => { window.dispatchEvent(new Event('online')); });
    expect(await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).toBeTruthy();
    expect(detailsAsked(calls)).toBe(1);
  });

  it('names the product in the changes made offline from its page', async () => {
    localStorage.setItem('userToken', 'token-123456789012345');
    fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => ({ body: { status: 200, message: 'OK', data: [] } }),
    });
    function Waiting() {
      const cart = useWaitingChanges('cart', 'token-123456789012345');
      const wishlist = useWaitingChanges('wishlist', 'token-123456789012345');
      return <ul data-testid="waiting">{[...cart, ...wishlist].map((c) => <li key={c.id}>{c.text}</li>)}</ul>;
    }
    renderDetails('1', <Waiting />);
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' });
    const info = h1.parentElement!;
    act(() => onlineManager.setOnline(false));
    fireEvent.click(within(info).getByRole('button', { name: 'Add to cart' }));
    fireEvent.click(within(info).getByRole('button', { name: 'Add Royal Oud Intense to wishlist' }));
    await waitFor(() => expect(within(screen.getByTestId('waiting')).getAllByRole('listitem').map((li) => li.textContent))
      .toEqual(['Add Royal Oud Intense', 'Add Royal Oud Intense to wishlist']));
  });
});

/** Another product's details: `id`, named `name`. */
const otherDetails = (lang: string, id: number, name: string): Details => ({
  ...details(lang),
  OverView_Product: { ...details(lang).OverView_Product, name, main_image: `/media/products/${id}.svg`, price: 700, product_after_sale: 700 },
  Product_details: { ...details(lang).Product_details, product_id: id },
});

/** Cache Storage whose API cache holds these answers, by key (jsdom has none). */
function workerHolds(answers: Record<string, unknown>) {
  const respond = (key: string) => (key in answers ? new Response(JSON.stringify({ status: 200, message: 'OK', data: answers[key] })) : undefined);
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      keys: async () => (name === 'attar-api' ? Object.keys(answers).map((url) => ({ url })) : []),
      match: async (key: string | { url: string }) => (name === 'attar-api' ? respond(typeof key === 'string' ? key : key.url) : undefined),
    }),
  });
}

describe.each(['en', 'ar'] as const)('a product never seen, offline, in %s', (lang) => {
  const say = (en: string, ar: string) => (lang === 'ar' ? ar : en);

  it('offers the products saved on this phone (seen this visit, or kept by the service worker) in the shopper\'s language', async () => {
    localStorage.setItem('lang', lang);
    const origin = window.location.origin;
    fakeApi({ '/products/details/2': (l) => ({ body: { status: 200, message: 'OK', data: otherDetails(l, 2, l === 'ar' ? 'مسك السلطان' : 'Sultan Musk') } }) });
    renderApp(
      <>
        <Link to="/products/product-details/1">to product 1</Link>
        <Routes>
          <Route path="/products/product-details/:id" element={<ProductDetails />} />
        </Routes>
      </>,
      { route: '/products/product-details/2' },
    );
    await screen.findByRole('heading', { level: 1, name: say('Sultan Musk', 'مسك السلطان') });

    // The connection goes; the worker keeps product 3 in this language, product 4 only in the other.
    startOffline();
    act(() => onlineManager.setOnline(false));
    const other = lang === 'ar' ? 'en' : 'ar';
    workerHolds({
      [`${origin}/api/products/details/3?__lang=${lang}`]: otherDetails(lang, 3, say('Desert Sandalwood', 'صندل الصحراء')),
      [`${origin}/api/products/details/4?__lang=${other}`]: otherDetails(other, 4, 'Amber Nights'),
    });
    fireEvent.click(screen.getByRole('link', { name: 'to product 1' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe(say(
      "You're offline, and this product hasn't been saved on this phone yet.",
      'أنت غير متصل بالإنترنت، ولم يُحفَظ هذا المنتج على هذا الهاتف بعد.',
    ));
    const saved = await screen.findByRole('region', { name: say('Saved on this phone', 'محفوظة على هذا الهاتف') });
    await waitFor(() => expect(within(saved).getAllByRole('heading', { level: 3 }).map((h) => h.textContent))
      .toEqual([say('Sultan Musk', 'مسك السلطان'), say('Desert Sandalwood', 'صندل الصحراء')]));
    expect(within(saved).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/products/product-details/2', '/products/product-details/3']);
    // Outside the alert: a screen reader announces the message, not the whole list.
    expect(alert.contains(saved)).toBe(false);
  });

  it('offers nothing when nothing is saved', async () => {
    localStorage.setItem('lang', lang);
    startOffline();
    workerHolds({});
    fakeApi({});
    renderDetails();
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('what the product page offers', () => {
  const variant = (change: (d: Details) => void) => (lang: string) => {
    const d = details(lang);
    change(d);
    return { body: { status: 200, message: 'OK', data: d } };
  };

  it('out of stock: says so, keeps the heart, and its add to cart is disabled, described by "Out of stock"; no delivery line', async () => {
    const { calls } = fakeApi({ '/products/details/1': variant((d) => { d.OverView_Product.in_stock = false; }) });
    renderDetails();
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' });
    const info = h1.parentElement!;
    expect(within(info).getByText('Out of stock')).toBeTruthy();
    expect(within(info).queryByText('Within 7 Days')).toBeNull();
    expect(within(info).queryByText('Delivery:')).toBeNull();
    const add = within(info).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe('product-stock');
    expect(document.getElementById('product-stock')!.textContent).toBe('Out of stock');
    fireEvent.click(add);
    expect(calls.some((c) => c.path === '/addToCard')).toBe(false);
    expect(within(info).queryByRole('combobox', { name: 'Smell' })).toBeNull();
    expect(within(info).queryByText(/left$/)).toBeNull();
    const heart = within(info).getByRole('button', { name: 'Add Royal Oud Intense to wishlist' }) as HTMLButtonElement;
    expect(heart.disabled).toBe(false);
  });

  it('in stock with 5 or fewer left: "Only N left", and the add button works', async () => {
    fakeApi({ '/products/details/1': variant((d) => { d.OverView_Product.stock_left = 3; }) });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    expect(within(info).getByText('Only 3 left')).toBeTruthy();
    expect((within(info).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without a count (more than 5 left) says nothing about how many', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    expect(within(info).queryByText(/^Only/)).toBeNull();
  });

  it('in stock: the delivery line and no "Out of stock"', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    expect(within(info).getByText('Within 7 Days')).toBeTruthy();
    expect(within(info).queryByText('Out of stock')).toBeNull();
  });

  it('shows the "Buy 2 get 1" badge of a product on that offer, and none on a normal one', async () => {
    fakeApi({ '/products/details/1': variant((d) => { d.OverView_Product.typesale_name = 'buy 2 get 1'; }), '/products/details/2': ok });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    expect(within(info).getByText('Buy 2 get 1')).toBeTruthy();
  });

  it('a normal product has no "Buy 2 get 1" badge beside its price', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    expect(within(info).queryByText('Buy 2 get 1')).toBeNull();
  });

  it('leaves the Smell row out of the table for a product without smells', async () => {
    fakeApi({ '/products/details/1': variant((d) => { d.Product_details.smell = ''; d.Product_details.smells = []; }) });
    renderDetails();
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('rowheader', { name: 'Smell' })).toBeNull();
    expect(within(table).getByRole('rowheader', { name: 'ASIN' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Smell' })).toBeNull();
  });

  it('keeps the Smell row for a product with smells', async () => {
    fakeApi({ '/products/details/1': ok });
    renderDetails();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Smell' })).toBeTruthy();
  });

  it('the smell chosen on the page becomes the added unit\'s: the line\'s smells are sent with its new unit set', async () => {
    // A sign-in of its own: a change an earlier test left waiting is never sent under it.
    localStorage.setItem('userToken', 'token-of-the-page-test-1');
    const cartLine = (smell: (string | null)[]) => ({
      id: 11, product_id: 1, product_name: 'Royal Oud Intense', product_image: '/media/1.svg', product_price: 1480,
      product_qty: smell.length, line_total: 1480 * smell.length, typesale_name: 'normal', product_smell: ['Oud', 'Amber', 'Saffron', 'Rose'],
      smell, gift_id: null, giftproduct: [], stock: 10, previous_price: null,
    });
    let line = cartLine(['Oud']);
    const cart = () => ({
      card_id: 3, points: 0, points_applied: false, points_discount: 0, points_used: 0, coupon: 'not there', coupon_discount: 0,
      coupon_problem: null, price_after_coupon: 0, shiping: 0, shipping_governorate: null, fee_varies_by_governorate: false, standard_delivery_days: 7,
      phone: '01000000000', subtotal: 0,
      summary: { total: 0, totalAfterShiping: 0, Estimated_Delivery_by: '2026-06-22' }, delivery_days: [], closed_weekdays: [5],
      product_in_card: [line], card_count: line.product_qty,
    });
    const answer = (data: unknown, message = 'OK') => ({ body: { status: 200, message, data } });
    const { fetchMock } = fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => answer([]),
      '/showCard': () => answer(cart()),
      '/addToCard': () => { line = cartLine(['Oud', null]); return answer({ count: 2 }, 'Added to your cart.'); },
      '/add/smell/11': () => answer(cart(), 'Smells saved.'),
    });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    fireEvent.change(within(info).getByRole('combobox', { name: 'Smell' }), { target: { value: 'Amber' } });
    fireEvent.click(within(info).getByRole('button', { name: 'Add to cart' }));
    const sent = (path: string) => fetchMock.mock.calls
      .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`)
      .map(([, init]) => JSON.parse(String(init?.body)));
    await waitFor(() => expect(sent('/add/smell/11')).toEqual([{ smell: ['Oud', 'Amber'] }]));
    expect(sent('/addToCard')).toEqual([{ product_id: 1 }]);
    expect(await screen.findByText('Added to your cart.')).toBeTruthy();
  });

  it('without a smell chosen, the add sends no smell', async () => {
    // A sign-in of its own: a change an earlier test left waiting is never sent under it.
    localStorage.setItem('userToken', 'token-of-the-page-test-1');
    const answer = (data: unknown, message = 'OK') => ({ body: { status: 200, message, data } });
    const { calls } = fakeApi({
      '/products/details/1': ok,
      '/fav/show': () => answer([]),
      '/addToCard': () => answer({ count: 1 }, 'Added to your cart.'),
    });
    renderDetails();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Royal Oud Intense' })).parentElement!;
    fireEvent.click(within(info).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to your cart.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/add/smell'))).toBe(false);
  });
});

describe('"Only N left" in both languages', () => {
  const renderLeft = (left: number) => renderApp(<StockLeft left={left} />);

  it.each([[1, 'Only 1 left'], [2, 'Only 2 left'], [5, 'Only 5 left']])('English: %i', async (left, text) => {
    renderLeft(left);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  // Arabic's plural forms (one, two, few for 3–10, many for 11–99), in the page's Eastern digits.
  it.each([
    [1, 'باقي قطعة واحدة بس'],
    [2, 'باقي قطعتين بس'],
    [3, 'باقي ٣ قطع بس'],
    [5, 'باقي ٥ قطع بس'],
    [11, 'باقي ١١ قطعة بس'],
  ])('Arabic: %i', async (left, text) => {
    localStorage.setItem('lang', 'ar');
    renderLeft(left);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
