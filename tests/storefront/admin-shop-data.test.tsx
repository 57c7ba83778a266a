// The owner's shop data in the back office: coupons (listed with their uses and standing; made and
// changed, checked in the form before sending and refused by the server on their fields),
// categories (moved up and down with the focus kept on the category moved; renamed in both
// languages; an image chosen among the shop's), and the shop's texts (side by side, the Arabic
// right to left; only the changed ones sent; the server's sanitized HTML shown back). Staff see none.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './render';
import { me, ok, renderAdmin } from './admin-render';
import { formatMoney } from '@/lib/money';
import { storage } from '@/lib/storage';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  storage.setLang('en');
});

type Answer = { status?: number; body: unknown };

/** The fake API, with the writes (PUT, POST) answered by `writes['PUT /admin/…']` and recorded with their bodies. */
function serve(routes: Record<string, () => Answer>, writes: Record<string, (body: any) => Answer> = {}) {
  const sent: { method: string; path: string; body: any }[] = [];
  const fake = fakeApi(Object.fromEntries(Object.entries(routes).map(([path, answer]) => [path, () => answer()])));
  const original = fake.fetchMock.getMockImplementation()!;
  fake.fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return original(input, init);
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const answer = writes[`${method} ${path}`]?.(body) ?? { status: 404, body: { status: 404, message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const refused = (errors: Record<string, string[]>) => ({ status: 422, body: { status: 422, message: 'Please check the highlighted fields.', errors } });

const coupon = (extra: Record<string, unknown> = {}) => ({
  id: 7, code: 'WELCOME10', kind: 'percent', value: 10, min_order: 300, max_uses: 100, once_per_customer: true,
  starts_at: null, ends_at: '2026-12-31', active: true, uses: 3, standing: 'active', active_now: true, ...extra,
});

describe('the menu', () => {
  it('offers the owner categories, coupons and the shop\'s texts; staff neither see them nor open them', async () => {
    serve({ '/user/profile': () => me('owner'), '/admin/dashboard': () => ok({ today: { day: '2026-11-26', orders: 0, revenue: 0 }, by_status: {}, awaiting_payment: 0, payment_reported: 0, unread_messages: 0, failed_mails: null, low_stock: [] }) });
    const owner = renderAdmin('/');
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    for (const name of ['Categories', 'Coupons', 'Shop texts']) expect(within(menu).getByRole('link', { name })).toBeTruthy();
    owner.unmount();

    serve({ '/user/profile': () => me('staff') });
    renderAdmin('/coupons');
    await screen.findByText('Only the shop\'s owner can change the coupons.');
    const staffMenu = screen.getByRole('navigation', { name: 'Back office' });
    for (const name of ['Categories', 'Coupons', 'Shop texts']) expect(within(staffMenu).queryByRole('link', { name })).toBeNull();
  });
});

describe('coupons', () => {
  const routes = {
    '/user/profile': () => me('owner'),
    '/admin/coupons': () => ok({ coupons: [coupon(), coupon({ id: 8, code: 'EID100', kind: 'fixed', value: 100, min_order: 1000, max_uses: null, once_per_customer: false, ends_at: null, uses: 0 }), coupon({ id: 9, code: 'SUMMER24', standing: 'ended', active_now: false })] }),
  };

  it('lists each with its discount, its uses and whether a customer can use it today', async () => {
    serve(routes);
    renderAdmin('/coupons');
    const welcome = (await screen.findByRole('heading', { name: 'WELCOME10' })).closest('li')!;
    expect(within(welcome).getByText('Active now')).toBeTruthy();
    expect(welcome.textContent).toContain('10% off');
    expect(welcome.textContent).toContain(`Orders from ${formatMoney(300, 'en')}`);
    expect(welcome.textContent).toContain('Used 3 of 100 times');
    expect(welcome.textContent).toContain('Once per customer');
    const eid = screen.getByRole('heading', { name: 'EID100' }).closest('li')!;
    expect(eid.textContent).toContain(`${formatMoney(100, 'en')} off`);
    expect(eid.textContent).toContain('Used 0 times, no limit');
    expect(within(screen.getByRole('heading', { name: 'SUMMER24' }).closest('li')!).getByText('Ended')).toBeTruthy();
  });

  it('checks the form before sending: a percent of 150, an end before its start; then sends what was typed, Arabic digits read', async () => {
    const sent = serve(routes, { 'POST /admin/coupons': () => ({ status: 201, body: { status: 201, message: 'The coupon RAMADAN25 was created.', data: { coupon: coupon({ id: 10, code: 'RAMADAN25' }) } } }) });
    renderAdmin('/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'ramadan25' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Discount' }), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    await within(dialog).findByText('A percentage is a whole number from 1 to 100.');
    expect(within(dialog).getByText('The last day cannot be before the first day.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Discount' })));
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Discount' }), { target: { value: '٢٥' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Minimum order (EGP)' }), { target: { value: '٥٠٠' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Uses allowed in all' }), { target: { value: '١٠٠' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Once per customer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    await waitFor(() => expect(sent).toEqual([{
      method: 'POST', path: '/admin/coupons',
      body: { code: 'ramadan25', kind: 'percent', value: 25, min_order: 500, max_uses: 100, once_per_customer: true, starts_at: '2026-12-10', ends_at: '2026-12-31', active: true },
    }]));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('The coupon RAMADAN25 was created.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server\'s refusal on its field (a duplicate code), focused, and keeps what was typed', async () => {
    serve(routes, { 'POST /admin/coupons': () => refused({ code: ['Another coupon already has this code.'] }) });
    renderAdmin('/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'welcome10' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Discount' }), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the coupon' }));
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await within(dialog).findByText('Another coupon already has this code.');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect((code as HTMLInputElement).value).toBe('welcome10');
  });

  it('edits one with what it holds, and saves it with PUT', async () => {
    const sent = serve(routes, { 'PUT /admin/coupons/7': () => ok({ coupon: coupon({ active: false, standing: 'off', active_now: false }) }) });
    renderAdmin('/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit coupon WELCOME10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon WELCOME10' });
    expect((within(dialog).getByRole('textbox', { name: 'Minimum order (EGP)' }) as HTMLInputElement).value).toBe('300');
    expect((within(dialog).getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-12-31');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Active: customers can use it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the coupon' }));
    await waitFor(() => expect(sent).toEqual([{
      method: 'PUT', path: '/admin/coupons/7',
      body: { code: 'WELCOME10', kind: 'percent', value: 10, min_order: 300, max_uses: 100, once_per_customer: true, starts_at: null, ends_at: '2026-12-31', active: false },
    }]));
  });

  it('in Arabic: the words and the digits of the page', async () => {
    storage.setLang('ar');
    serve(routes);
    renderAdmin('/coupons');
    const welcome = (await screen.findByRole('heading', { name: 'WELCOME10' })).closest('li')!;
    expect(welcome.textContent).toContain('١٠٠');
    // Every number in the page's digits; the code is as the customer types it.
    expect(welcome.textContent!.replace('WELCOME10', '')).not.toMatch(/[0-9]/);
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('categories', () => {
  const categories = [
    { id: 1, slug: 'oud', name_en: 'Oud', name_ar: 'العود', image: '/media/categories/oud.svg', position: 1, products_count: 8 },
    { id: 2, slug: 'musk', name_en: 'Musk', name_ar: 'المسك', image: '/media/categories/musk.svg', position: 2, products_count: 5 },
    { id: 3, slug: 'gifts', name_en: 'Gifts', name_ar: 'الهدايا', image: '/media/categories/gifts.svg', position: 3, products_count: 2 },
  ];
  const images = ['/media/categories/gifts.svg', '/media/categories/musk.svg', '/media/categories/oud.svg', '/media/products/rose.svg'];

  it('moves one up: the server is told its new place, and the focus stays on it', async () => {
    let order = categories;
    const sent = serve(
      { '/user/profile': () => me('owner'), '/admin/categories': () => ok({ categories: order, images }) },
      {
        'PUT /admin/categories/3': () => {
          order = [categories[0], { ...categories[2], position: 2 }, { ...categories[1], position: 3 }];
          return ok({ category: order[1] });
        },
      },
    );
    renderAdmin('/categories');
    expect((await screen.findByRole('button', { name: 'Move Oud up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Gifts down' }) as HTMLButtonElement).disabled).toBe(true);
    const up = screen.getByRole('button', { name: 'Move Gifts up' });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/admin/categories/3', body: { name_en: 'Gifts', name_ar: 'الهدايا', position: 2 } }]));
    await screen.findByText('Gifts is now number 2.');
    const items = () => screen.getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent);
    await waitFor(() => expect(items()).toEqual(['1. Oud', '2. Gifts', '3. Musk']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Gifts up' })));
  });

  it('renames in both languages (the Arabic field right to left) and takes one of the shop\'s images', async () => {
    const sent = serve(
      { '/user/profile': () => me('owner'), '/admin/categories': () => ok({ categories, images }) },
      { 'PUT /admin/categories/2': (body) => ok({ category: { ...categories[1], ...body } }) },
    );
    renderAdmin('/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Musk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    const arabic = within(dialog).getByRole('textbox', { name: 'Name in Arabic' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(within(dialog).getByRole('textbox', { name: 'Name in English' }).getAttribute('dir')).toBe('ltr');
    expect((within(dialog).getByRole('radio', { name: 'musk.svg' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name in English' }), { target: { value: 'White Musk' } });
    fireEvent.change(arabic, { target: { value: 'المسك الأبيض' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'rose.svg' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the category' }));
    await waitFor(() => expect(sent).toEqual([{
      method: 'PUT', path: '/admin/categories/2', body: { name_en: 'White Musk', name_ar: 'المسك الأبيض', image: '/media/products/rose.svg' },
    }]));
  });

  it('a new one needs both names; the server\'s refusal shows on its field', async () => {
    const sent = serve(
      { '/user/profile': () => me('owner'), '/admin/categories': () => ok({ categories, images }) },
      { 'POST /admin/categories': () => refused({ name_ar: ['Another category already has this name.'] }) },
    );
    renderAdmin('/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name in English' }), { target: { value: 'Candles' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the category' }));
    await within(dialog).findByText('Required');
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name in Arabic' }), { target: { value: 'العود' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the category' }));
    await within(dialog).findByText('Another category already has this name.');
    expect(sent).toEqual([{ method: 'POST', path: '/admin/categories', body: { name_en: 'Candles', name_ar: 'العود' } }]);
  });
});

describe('the shop\'s texts', () => {
  const content = {
    message_nav_en: 'Free delivery over EGP 1,500', message_nav_ar: 'توصيل مجاني', hero_title_en: 'Attar', hero_title_ar: 'عطّار',
    hero_subtitle_en: 'Oud and musk', hero_subtitle_ar: 'عود ومسك', footer_description_en: '<p>About us</p>', footer_description_ar: '<p>عنا</p>',
    link_twitter: 'https://www.tiktok.com/@attar', link_instegram: 'https://www.instagram.com/attar', link_facebook: 'https://www.facebook.com/attar',
    about_title_en: 'About Attar', about_title_ar: 'عن عطّار', about_content_en: '<p>Our story</p>', about_content_ar: '<p>قصتنا</p>',
  };

  it('shows both languages side by side, the Arabic right to left, and sends only what changed; the sanitized HTML comes back', async () => {
    const sent = serve(
      { '/user/profile': () => me('owner'), '/admin/content': () => ok({ content }) },
      { 'PUT /admin/content': (body) => ok({ content: { ...content, ...body, about_content_en: '<p>Hi</p>' } }) },
    );
    renderAdmin('/content');
    const bannerAr = await screen.findByRole('textbox', { name: 'Banner in Arabic' });
    expect(bannerAr.getAttribute('dir')).toBe('rtl');
    expect(bannerAr.getAttribute('lang')).toBe('ar');
    expect((bannerAr as HTMLInputElement).value).toBe('توصيل مجاني');
    expect(screen.getByRole('textbox', { name: 'Banner in English' }).getAttribute('dir')).toBe('ltr');
    const save = screen.getByRole('button', { name: 'Save the texts' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Banner in English' }), { target: { value: 'Eid sale' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'About page in English (HTML)' }), { target: { value: '<p>Hi</p><script>alert(1)</script>' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/admin/content', body: { message_nav_en: 'Eid sale', about_content_en: '<p>Hi</p><script>alert(1)</script>' } }]));
    await screen.findByRole('status');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'About page in English (HTML)' }) as HTMLTextAreaElement).value).toBe('<p>Hi</p>'));
    expect(save.disabled).toBe(true);
  });

  it('refuses a javascript: link before sending, on its field', async () => {
    const sent = serve({ '/user/profile': () => me('owner'), '/admin/content': () => ok({ content }) });
    renderAdmin('/content');
    const facebook = await screen.findByRole('textbox', { name: 'Facebook link' });
    fireEvent.change(facebook, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the texts' }));
    await screen.findByText('Enter a full https:// address.');
    await waitFor(() => expect(document.activeElement).toBe(facebook));
    expect(sent).toEqual([]);
  });
});
