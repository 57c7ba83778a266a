import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Nav } from '@/app/shell/nav';
import ProductDetails from '@/app/routes/product-details';
import { isDataSaverOn } from '@/lib/data-saver';
import type { ProductDetails as Details } from '@/features/product/api/get-product';
import { fakeApi, renderApp, stubMatchMedia, swiperRegion } from './render';

// jsdom has no matchMedia, which Swiper's breakpoints ask for.
beforeAll(stubMatchMedia);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (navigator as Navigator & { connection?: unknown }).connection;
});

/** The browser's Network Information, asking to save data or not. */
function browserSaveData(saveData: boolean) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: Object.assign(new EventTarget(), { saveData }),
  });
}

/** An IntersectionObserver the test moves: `show()` brings every watched element into view. */
function fakeIntersectionObserver() {
  const watched: { element: Element; callback: IntersectionObserverCallback; observer: IntersectionObserver }[] = [];
  class FakeObserver {
    constructor(private callback: IntersectionObserverCallback) {}
    observe(element: Element) { watched.push({ element, callback: this.callback, observer: this as unknown as IntersectionObserver }); }
    unobserve() {}
    disconnect() {
      for (let i = watched.length - 1; i >= 0; i -= 1) if (watched[i].observer === (this as unknown)) watched.splice(i, 1);
    }
    takeRecords() { return []; }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    show(element: Element) {
      for (const w of [...watched]) {
        if (!element.contains(w.element) && !w.element.contains(element)) continue;
        w.callback([{ isIntersecting: true, target: w.element } as IntersectionObserverEntry], w.observer);
      }
    },
  };
}

const details = (): Details => ({
  OverView_Product: {
    name: 'Royal Oud Intense',
    overview: '<p>A deep, smoky oud.</p>',
    main_image: '/media/products/royal-oud-intense.svg',
    images: [
      { product_image_id: 1, product_image: '/media/products/royal-oud-intense-g1.svg' },
      { product_image_id: 2, product_image: '/media/products/royal-oud-intense-g2.svg' },
    ],
    product_after_sale: 1480,
    price: 1850,
    link: '/products/product-details/1',
    description: '<p>Our signature oud.</p>',
    typesale_name: 'normal',
    in_stock: true,
    stock_left: null,
  },
  Product_details: {
    product_id: 1, smell: 'Oud', smells: ['Oud'], product_code: 'B0ATR10458', model_number: 'ATR-OUD-001',
    category_name: 'Oud & Oriental', category_id: 1, reviews: 4.5,
  },
  How_to_use: {
    how_to_use: '<ol><li>Spray onto pulse points.</li></ol>',
    images: ['/media/products/royal-oud-intense-h1.svg', '/media/products/royal-oud-intense-h2.svg'],
  },
  realted_product: [
    { id: 7, name: 'Sultan Musk', price: 680, price_after_sale: 680, overview: 'A soft, clean musk.', image: '/media/products/sultan-musk.svg', typesale_name: 'normal', in_stock: true },
  ],
  review_rate: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 100 },
  reviews_count: 0,
  review: [],
});

function renderDetails() {
  fakeApi({ '/products/details/1': () => ({ body: { status: 200, message: 'OK', data: details() } }) });
  return renderApp(
    <Routes><Route path="/products/product-details/:id" element={<ProductDetails />} /></Routes>,
    { route: '/products/product-details/1' },
  );
}

const sources = (region: HTMLElement) => within(region).queryAllByRole('img').map((img) => img.getAttribute('src'));

describe('the data saver switch', () => {
  it('toggles from the account menu, stays open, and is kept for the next visit', async () => {
    fakeApi({});
    const { unmount } = renderApp(<Nav />);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Data saver' });
    expect(item.getAttribute('aria-checked')).toBe('false');
    expect(isDataSaverOn()).toBe(false);

    fireEvent.click(item);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Data saver' }).getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('data saver')).toBe('on');
    expect(isDataSaverOn()).toBe(true);

    // A new visit starts with the shopper's choice.
    unmount();
    renderApp(<Nav />);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const again = await screen.findByRole('menuitemcheckbox', { name: 'Data saver' });
    expect(again.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(again);
    expect(again.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem('data saver')).toBe('off');
  });

  it('is a switch in the phone drawer too', async () => {
    fakeApi({});
    renderApp(<Nav />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const toggle = await screen.findByRole('switch', { name: 'Data saver' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('data saver')).toBe('on');
  });

  it('is on by default when the browser asks to save data, until the shopper turns it off', async () => {
    browserSaveData(true);
    fakeApi({});
    renderApp(<Nav />);
    expect(isDataSaverOn()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Data saver' });
    expect(item.getAttribute('aria-checked')).toBe('true');
    // The shopper's own choice wins over the browser's.
    fireEvent.click(item);
    expect(item.getAttribute('aria-checked')).toBe('false');
    expect(isDataSaverOn()).toBe(false);
  });

  it('follows the browser when it stops asking', () => {
    browserSaveData(false);
    expect(isDataSaverOn()).toBe(false);
  });
});

describe('the product page with data saver', () => {
  it('offers every gallery picture when data saver is off', async () => {
    renderDetails();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    expect(within(gallery).getByText('1 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more photos' })).toBeNull();
    // Swiper, and every picture in it, once the shopper reaches for the gallery.
    fireEvent.pointerEnter(gallery.parentElement!);
    expect(sources(await swiperRegion('Product images'))).toHaveLength(3);
  });

  it('loads only the main picture until the shopper asks for more photos', async () => {
    localStorage.setItem('data saver', 'on');
    renderDetails();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    expect(sources(gallery)).toEqual(['/media/products/royal-oud-intense.svg']);
    expect(within(gallery).queryByRole('button', { name: 'Next slide' })).toBeNull();
    const main = within(gallery).getByRole('img', { name: 'Royal Oud Intense' });
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['600', '600']);

    fireEvent.click(screen.getByRole('button', { name: 'Show more photos' }));
    const all = await swiperRegion('Product images');
    expect(sources(all)).toEqual([
      '/media/products/royal-oud-intense.svg', '/media/products/royal-oud-intense-g1.svg', '/media/products/royal-oud-intense-g2.svg',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more photos' })).toBeNull();
    // Focus goes on to the next photo rather than being lost with the button.
    await waitFor(() => expect(document.activeElement).toBe(within(all).getByRole('button', { name: 'Next slide' })));
  });

  it('holds the how-to-use and related pictures back until they are scrolled into view, then one slide at a time', async () => {
    const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
    onTestFinished(() => { if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width); });
    const viewport = fakeIntersectionObserver();
    localStorage.setItem('data saver', 'on');
    renderDetails();

    // Swiper is here from the tests before, so the carousels further down start with it.
    const howTo = await swiperRegion('How to use images');
    const related = await swiperRegion('Related products');
    expect(sources(howTo)).toEqual([]);
    expect(related.querySelectorAll('img')).toHaveLength(0);
    // Empty boxes of the pictures' shape keep the page from shifting.
    const boxes = within(howTo).getAllByTestId('deferred-image');
    expect(boxes).toHaveLength(2);
    expect(boxes[0].style.aspectRatio).toBe('600 / 600');

    act(() => viewport.show(howTo));
    await waitFor(() => expect(sources(howTo)).toEqual(['/media/products/royal-oud-intense-h1.svg']));
    // Still out of view: still held back.
    expect(related.querySelectorAll('img')).toHaveLength(0);

    fireEvent.click(within(howTo).getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(sources(howTo)).toEqual([
      '/media/products/royal-oud-intense-h1.svg', '/media/products/royal-oud-intense-h2.svg',
    ]));

    act(() => viewport.show(related));
    await waitFor(() => expect(related.querySelector('img')?.getAttribute('src')).toBe('/media/products/sultan-musk.svg'));
  });

  it('loads the how-to-use and related pictures at once when data saver is off', async () => {
    fakeIntersectionObserver();
    renderDetails();
    const howTo = await swiperRegion('How to use images');
    expect(sources(howTo)).toHaveLength(2);
    expect((await swiperRegion('Related products')).querySelectorAll('img')).toHaveLength(1);
  });
});
