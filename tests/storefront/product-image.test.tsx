// A product's picture (src/components/product-image.tsx): the widths the server made as srcset
// with the place's sizes, the stored width and height (its space kept before it arrives), the
// smallest width alone with data saver on, and the URL alone for a picture without widths (the
// demo shop's SVGs); the product card, cart line and order line use it.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { ProductImage } from '@/components/product-image';
import { ProductCard } from '@/components/product-card';
import { OrderItems } from '@/features/orders/components/order-items';
import { setDataSaver } from '@/lib/data-saver';
import { CARD_SIZES, imageSources } from '@/lib/image-sources';
import { writeStored } from '@/lib/storage';
import { renderApp } from './render';

/** As the API gives them: smallest first. */
const variants = [
  { width: 320, height: 240, url: '/media/products/cccccccccccccccc-320.webp', type: 'image/webp' },
  { width: 640, height: 480, url: '/media/products/bbbbbbbbbbbbbbbb-640.webp', type: 'image/webp' },
  { width: 1024, height: 768, url: '/media/products/aaaaaaaaaaaaaaaa-1024.webp', type: 'image/webp' },
];
const picture = { width: 4000, height: 3000, variants };

afterEach(() => writeStored('data saver', null));

const img = (container: HTMLElement) => container.querySelector('img')!;

describe('ProductImage', () => {
  it('offers every WebP width with the place\'s sizes and the photo\'s own width and height', () => {
    const { container } = render(<ProductImage src={variants[2].url} picture={picture} width={300} height={300} sizes={CARD_SIZES} alt="Oud" />);
    const image = img(container);
    expect(image.getAttribute('srcset')).toBe(
      '/media/products/cccccccccccccccc-320.webp 320w, /media/products/bbbbbbbbbbbbbbbb-640.webp 640w, /media/products/aaaaaaaaaaaaaaaa-1024.webp 1024w',
    );
    expect(image.getAttribute('sizes')).toBe('(min-width: 900px) 300px, 50vw');
    expect(image.getAttribute('src')).toBe('/media/products/aaaaaaaaaaaaaaaa-1024.webp');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['4000', '3000']);
    expect(image.getAttribute('alt')).toBe('Oud');
  });

  it('with data saver on: the smallest width only, no srcset for the browser to pick a larger one from', () => {
    setDataSaver(true);
    const { container } = render(<ProductImage src={variants[2].url} picture={picture} width={300} height={300} sizes="100vw" alt="" loading="lazy" />);
    const image = img(container);
    expect(image.getAttribute('src')).toBe('/media/products/cccccccccccccccc-320.webp');
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['4000', '3000']);
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('follows the data saver switch while shown', () => {
    const { container } = render(<ProductImage src={variants[2].url} picture={picture} width={300} height={300} sizes="100vw" alt="" />);
    expect(img(container).hasAttribute('srcset')).toBe(true);
    act(() => setDataSaver(true));
    expect(img(container).getAttribute('src')).toBe('/media/products/cccccccccccccccc-320.webp');
    act(() => setDataSaver(false));
    expect(img(container).getAttribute('srcset')).toContain('640w');
  });

  it('a picture without widths (an SVG of the demo shop): its URL alone, in the layout\'s box', () => {
    for (const none of [undefined, {}, { width: 600, height: 600, variants: [] }]) {
      const { container, unmount } = render(<ProductImage src="/media/products/royal-oud.svg" picture={none} width={300} height={300} sizes="100vw" alt="" />);
      const image = img(container);
      expect(image.getAttribute('src')).toBe('/media/products/royal-oud.svg');
      expect(image.hasAttribute('srcset')).toBe(false);
      expect(image.hasAttribute('sizes')).toBe(false);
      expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['300', '300']);
      unmount();
    }
  });

  it('leaves out widths of another type (AVIF would need a <picture>)', () => {
    const sources = imageSources('/x.webp', { width: 800, height: 800, variants: [...variants, { width: 640, height: 480, url: '/y-640.avif', type: 'image/avif' }] }, { width: 1, height: 1 }, '100vw', false);
    expect(sources.srcSet).not.toContain('avif');
  });
});

describe('where the shop shows a product picture', () => {
  const card = {
    id: 7, name: 'Royal Oud', price: 100, price_after_sale: 90, image: variants[2].url, image_width: 4000, image_height: 3000, image_variants: variants,
    overview: 'Oud', category_id: 1, category_name: 'Oud', rate: 4, reviews_count: 2, typesale_name: 'normal', in_stock: true, is_fav: false,
  };

  it('the product card: srcset and the card\'s sizes; a card without widths keeps its plain picture', () => {
    const { container } = renderApp(<ProductCard product={card} />);
    expect(img(container).getAttribute('sizes')).toBe(CARD_SIZES);
    expect(img(container).getAttribute('srcset')).toContain('320w');
    const plain = { ...card, image: '/media/products/royal-oud.svg', image_width: undefined, image_height: undefined, image_variants: undefined };
    const second = renderApp(<ProductCard product={plain} />);
    expect(img(second.container).outerHTML).toMatch(/src="\/media\/products\/royal-oud.svg"/);
    expect(img(second.container).hasAttribute('srcset')).toBe(false);
    expect(img(second.container).getAttribute('width')).toBe('300');
  });

  it('an order\'s line: a 72 px picture asks for the smallest width that fills it', () => {
    const item = { product_id: 7, name: 'Royal Oud', image: variants[2].url, image_width: 4000, image_height: 3000, image_variants: variants, price: 90, qty: 1, smell: [], gift: null };
    const { container } = renderApp(<OrderItems items={[item]} />);
    const image = img(container);
    expect(image.getAttribute('sizes')).toBe('72px');
    expect(image.getAttribute('srcset')).toContain('/media/products/cccccccccccccccc-320.webp 320w');
  });
});
