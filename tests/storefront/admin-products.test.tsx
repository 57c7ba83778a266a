// The owner's products in the back office: the menu entry for the owner only, the list's filters
// and search, the product form (both languages side by side with their directions, Arabic digits,
// smells added and removed, the server's field errors beside their fields with nothing typed lost,
// archive after a confirmation, the link to the photos), and the CSV import's check before import.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './render';
import { me, ok, renderAdmin } from './admin-render';
import { storage } from '@/lib/storage';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  storage.setLang('en');
});

/** A form field by its label (MUI adds " *" to a required one's): faster in jsdom than asking every element's role and name. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const field = (label: string) => screen.getByLabelText(labelled(label));
const findField = (label: string) => screen.findByLabelText(labelled(label));

const meta = (total: number) => ({ page: 1, per_page: 20, total, last_page: 1 });

const product = (extra: Record<string, unknown> = {}) => ({
  id: 5, name_en: 'Royal Oud', name_ar: 'عود ملكي', overview_en: '<p>Deep <b>oud</b></p>', overview_ar: '<p>عود عميق</p>',
  description_en: '', description_ar: '', how_to_use_en: '', how_to_use_ar: '',
  price: 450, price_after_sale: 399, typesale: 'normal', category_id: 2, smells: [{ en: 'Amber', ar: 'عنبر' }], gifts: [],
  product_code: 'B0ATR1', model_number: 'RO-50', stock: 3, archived: false, archived_at: null, slug: 'royal-oud',
  main_image: '/media/products/placeholder.svg', images: [], ...extra,
});

const categories = ok([{ id: 1, name: 'Perfumes', image: '', products_count: 3 }, { id: 2, name: 'Oud', image: '', products_count: 4 }]);
const gifts = ok({ gifts: [{ id: 1, name_en: 'Sample vial', name_ar: 'عينة', image: '/media/gifts/a.svg' }, { id: 2, name_en: 'Tote bag', name_ar: 'حقيبة', image: '/media/gifts/b.svg' }] });

/** The fake API, recording every write's method, path and body. */
function api(routes: Parameters<typeof fakeApi>[0]) {
  const fake = fakeApi({ '/user/profile': () => me('owner'), '/categories': () => categories, '/admin/gifts': () => gifts, ...routes });
  const writes: { method: string; path: string; body: unknown }[] = [];
  const original = fake.fetchMock.getMockImplementation()!;
  fake.fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      writes.push({ method, path: url.pathname + url.search, body });
    }
    return original(input, init);
  });
  return { ...fake, writes };
}

describe('who sees the products', () => {
  it('the owner has them in the menu; staff neither see the entry nor the screen', async () => {
    api({ '/admin/dashboard': () => ok({ today: { day: '2026-11-26', orders: 0, revenue: 0 }, by_status: {}, awaiting_payment: 0, payment_reported: 0, unread_messages: 0, failed_mails: null, low_stock: [] }) });
    const { unmount } = renderAdmin('/');
    expect(await screen.findByRole('link', { name: 'Products' })).toBeTruthy();
    unmount();
    fakeApi({ '/user/profile': () => me('staff') });
    renderAdmin('/products');
    expect(await screen.findByText('Only the shop\'s owner can change the catalog.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Products' })).toBeNull();
  });
});

describe('the products list', () => {
  it('shows each product with both names, price, stock and archived; filters and searches through the URL', async () => {
    const asked: URLSearchParams[] = [];
    api({
      '/admin/products': (_lang, url) => {
        asked.push(url.searchParams);
        return ok({ products: [product(), product({ id: 4, name_en: 'Old Musk', name_ar: 'مسك قديم', archived: true, stock: 20, price_after_sale: null })], meta: meta(2) });
      },
    });
    renderAdmin('/products');
    const card = (await screen.findAllByRole('link', { name: /Royal Oud/ }))[0];
    expect(within(card).getByText('عود ملكي')).toBeTruthy();
    expect(within(card).getByText('Stock: 3')).toBeTruthy();
    expect(card.textContent).toMatch(/EGP\s?399/);
    expect(screen.getAllByText('Archived').length).toBeGreaterThan(0);
    expect(asked[0].get('archived')).toBe('false');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Shown' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Archived' }));
    await waitFor(() => expect(asked.at(-1)!.get('archived')).toBe('true'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Oud' }));
    await waitFor(() => expect(asked.at(-1)!.get('category_id')).toBe('2'));

    fireEvent.click(screen.getByRole('checkbox', { name: /Low stock/ }));
    await waitFor(() => expect(asked.at(-1)!.get('low_stock')).toBe('true'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name or code' }), { target: { value: 'B0ATR١' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)!.get('q')).toBe('B0ATR1'));
    expect(asked.at(-1)!.get('archived')).toBe('true');
  });
});

describe('the product form', () => {
  it('a new product: both languages in their own directions, smells added (focus on the new one) and removed, a live sanitized preview', async () => {
    api({});
    renderAdmin('/products/new');
    const nameEn = await findField('Name in English');
    expect(nameEn.getAttribute('dir')).toBe('ltr');
    expect(field('Name in Arabic').getAttribute('dir')).toBe('rtl');
    expect(field('Overview in Arabic').getAttribute('dir')).toBe('rtl');
    expect(field('How to use in English').getAttribute('dir')).toBe('ltr');
    expect(screen.queryByRole('link', { name: 'Photos' })).toBeNull();
    for (const [n, en, ar] of [[1, 'Amber', 'عنبر'], [2, 'Musk', 'مسك'], [3, 'Rose', 'ورد']] as const) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a smell' }));
      const smellEn = field(`Smell ${n} in English`);
      await waitFor(() => expect(document.activeElement).toBe(smellEn));
      expect(field(`Smell ${n} in Arabic`).getAttribute('dir')).toBe('rtl');
      fireEvent.change(smellEn, { target: { value: en } });
      fireEvent.change(field(`Smell ${n} in Arabic`), { target: { value: ar } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Remove smell 2' }));
    expect(screen.getAllByLabelText(/^Smell \d in Arabic$/).map((input) => (input as HTMLInputElement).value)).toEqual(['عنبر', 'ورد']);
    fireEvent.change(field('Overview in English'), { target: { value: '<p>Warm <b>amber</b></p><script>alert(1)</script>' } });
    const preview = screen.getByRole('region', { name: 'Preview of Overview in English' });
    await waitFor(() => expect(preview.querySelector('b')?.textContent).toBe('amber'));
    expect(preview.innerHTML).not.toContain('script');
  });

  it('sends what was typed (Arabic digits read), shows the server\'s errors beside their fields and loses nothing; then saves', async () => {
    let answer: 'refuse' | 'accept' = 'refuse';
    const fake = api({
      '/admin/products': () => (answer === 'refuse'
        ? { status: 422, body: { status: 422, message: 'Please check the highlighted fields.', errors: { product_code: ['The code B0ATR1 is already used by "Royal Oud".'], 'smells.0.ar': ['Write the smell in both languages.'], smells: ['The smell "Amber" is listed twice.'] } } }
        : { status: 201, body: { status: 201, message: 'The product was added.', data: { product: product({ id: 9 }) } } }),
      '/admin/products/9': () => ok({ product: product({ id: 9 }) }),
    });
    renderAdmin('/products/new');
    fireEvent.change(await findField('Name in English'), { target: { value: 'Amber Night' } });
    fireEvent.change(field('Name in Arabic'), { target: { value: 'ليلة العنبر' } });
    fireEvent.change(field('Price (EGP)'), { target: { value: '١٢٠٫٥' } });
    fireEvent.change(field('Stock'), { target: { value: '١٢' } });
    fireEvent.change(field('Product code'), { target: { value: 'B0ATR1' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Oud' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a smell' }));
    fireEvent.change(field('Smell 1 in English'), { target: { value: 'Amber' } });
    fireEvent.change(field('Smell 1 in Arabic'), { target: { value: 'عنبر' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add the product' }));
    expect(await screen.findByText('The code B0ATR1 is already used by "Royal Oud".')).toBeTruthy();
    expect(screen.getByText('Write the smell in both languages.')).toBeTruthy();
    expect(screen.getByText('The smell "Amber" is listed twice.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(fake.writes[0]).toEqual({
      method: 'POST', path: '/api/admin/products',
      body: expect.objectContaining({
        name_en: 'Amber Night', name_ar: 'ليلة العنبر', price: 120.5, price_after_sale: null, stock: 12, category_id: 2, typesale: 'normal', gifts: [],
        product_code: 'B0ATR1', smells: [{ en: 'Amber', ar: 'عنبر' }],
      }),
    });
    // Nothing typed was lost.
    expect((field('Name in Arabic') as HTMLInputElement).value).toBe('ليلة العنبر');
    expect((field('Smell 1 in Arabic') as HTMLInputElement).value).toBe('عنبر');

    answer = 'accept';
    fireEvent.click(screen.getByRole('button', { name: 'Add the product' }));
    expect(await screen.findByText('The product was added.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Photos' }).getAttribute('href')).toBe('/products/9/photos');
  });

  it('checks before sending: a sale price not below the price and a buy 2 get 1 without a gift are named, nothing sent', async () => {
    const fake = api({ '/admin/products/5': () => ok({ product: product() }) });
    renderAdmin('/products/5');
    const sale = await findField('Sale price (EGP)');
    fireEvent.change(sale, { target: { value: '500' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sale type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Buy 2, get 1 free gift' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sale price must be below the price.')).toBeTruthy();
    expect(screen.getByText('A "buy 2 get 1" product needs at least one gift to offer.')).toBeTruthy();
    expect(fake.writes).toEqual([]);
    fireEvent.change(sale, { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tote bag' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.writes).toHaveLength(1));
    expect(fake.writes[0]).toMatchObject({ method: 'PUT', path: '/api/admin/products/5', body: { typesale: 'buy 2 get 1', gifts: [2], price_after_sale: null } });
  });

  it('archives after a confirmation, and says so', async () => {
    let archived = false;
    const fake = api({
      '/admin/products/5': () => ok({ product: product({ archived }) }),
      '/admin/products/5/archive': () => { archived = true; return { body: { status: 200, message: 'The product was archived: the shop no longer shows it.', data: { product: product({ archived: true }) } } }; },
    });
    renderAdmin('/products/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this product?' });
    expect(fake.writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('The product was archived: the shop no longer shows it.')).toBeTruthy();
    expect(fake.writes).toEqual([{ method: 'POST', path: '/api/admin/products/5/archive', body: { archived: true } }]);
    expect(await screen.findByRole('button', { name: 'Put back on sale' })).toBeTruthy();
  });

  it('in Arabic: the page right to left, each text field in its own language\'s direction', async () => {
    storage.setLang('ar');
    api({ '/admin/products/5': () => ok({ product: product() }) });
    renderAdmin('/products/5');
    const nameEn = await findField('الاسم بالإنجليزية');
    expect(nameEn.getAttribute('dir')).toBe('ltr');
    expect(field('الاسم بالعربية').getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('the CSV import', () => {
  it('checks the file first: counts and wrong lines, Import disabled until the file is right; then imports', async () => {
    let good = false;
    const fake = api({
      '/admin/products': () => ok({ products: [product()], meta: meta(1) }),
      '/admin/products/import': (_lang, url) => {
        if (url.searchParams.get('dry_run') !== 'true') return { body: { status: 200, message: 'Imported: 1 new, 43 updated.', data: { created: 1, updated: 43, errors: [] } } };
        return good
          ? { body: { status: 200, message: 'Checked: 1 new, 43 to update, 0 lines with mistakes.', data: { created: 1, updated: 43, errors: [] } } }
          : { body: { status: 200, message: 'Checked: 1 new, 42 to update, 1 line with mistakes.', data: { created: 1, updated: 42, errors: [{ line: 3, field: 'price', message: 'Write a number here.' }] } } };
      },
    });
    renderAdmin('/products');
    await screen.findAllByRole('link', { name: /Royal Oud/ });
    const input = screen.getByLabelText('CSV file to import') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['id,name_en\n'], 'catalog.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Checked: 1 new, 42 to update, 1 line with mistakes.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Lines with mistakes' });
    expect(within(table).getAllByRole('row')[1].textContent).toBe('3priceWrite a number here.');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fake.writes.map((w) => w.path)).toEqual(['/api/admin/products/import?dry_run=true']);

    good = true;
    fireEvent.change(input, { target: { files: [new File(['id,name_en\n'], 'catalog-fixed.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Checked: 1 new, 43 to update, 0 lines with mistakes.')).toBeTruthy();
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(false);
    fireEvent.click(importButton);
    expect(await screen.findByText('Imported: 1 new, 43 updated.')).toBeTruthy();
    expect(fake.writes.map((w) => w.path)).toEqual(['/api/admin/products/import?dry_run=true', '/api/admin/products/import?dry_run=true', '/api/admin/products/import']);
  });

  it('shows the server\'s refusal of a file that is not UTF-8', async () => {
    api({
      '/admin/products': () => ok({ products: [], meta: meta(0) }),
      '/admin/products/import': () => ({ status: 422, body: { status: 422, message: 'This file is not UTF-8 text.', errors: { file: ['This file is not UTF-8 text.'] } } }),
    });
    renderAdmin('/products');
    await screen.findByText('No product matches.');
    fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [new File([new Uint8Array([0xda, 0xe6, 0xcf])], 'old.csv')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not UTF-8 text.');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
