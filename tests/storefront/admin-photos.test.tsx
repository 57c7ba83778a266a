// The back office's product photos screen (/admin/products/:id/photos): the photos as cards with
// their size and the main one marked; several files uploaded one after another, each with its
// progress and its own error; make main, move earlier/later (focus kept), delete after a
// confirmation; in Arabic too; staff are told it is the owner's.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderAdmin } from './admin-render';
import { writeStored } from '@/lib/storage';

vi.mock('@/admin/leave', () => ({ leaveFor: vi.fn() }));

const variant = (id: number, width: number, height: number) => ({ width, height, url: `/media/products/${String(id).repeat(16).slice(0, 16)}-${width}.webp`, type: 'image/webp' });
const photo = (id: number, width: number, height: number) => ({
  id, url: variant(id, Math.min(width, 1024), 0).url, width, height,
  variants: [variant(id, 320, Math.round((320 * height) / width)), variant(id, Math.min(width, 1024), Math.round((Math.min(width, 1024) * height) / width))],
});
const product = { id: 5, name_en: 'Royal Oud', name_ar: 'عود ملكي' };

interface Sent { method: string; path: string; body: unknown }

/** The photos the fake server keeps, and the calls it was sent (fetch for the changes). */
function serve(role: 'owner' | 'staff' = 'owner') {
  const state = { images: [photo(1, 1200, 900), photo(2, 800, 800), photo(3, 600, 800)], main_image_id: 1 as number | null };
  const sent: Sent[] = [];
  const answer = (message: string) => new Response(JSON.stringify({ status: 200, message, data: { product, ...state } }), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (path === '/user/profile') return new Response(JSON.stringify(me(role).body));
    sent.push({ method, path, body });
    const main = path.match(/^\/admin\/products\/5\/images\/(\d+)\/main$/);
    if (main) {
      state.main_image_id = Number(main[1]);
      return answer('This is now the main photo.');
    }
    if (path === '/admin/products/5/images/order') {
      state.images = (body as { ids: number[] }).ids.map((id) => state.images.find((p) => p.id === id)!);
      return answer('The photos\' order was saved.');
    }
    const one = path.match(/^\/admin\/products\/5\/images\/(\d+)$/);
    if (one && method === 'DELETE') {
      state.images = state.images.filter((p) => p.id !== Number(one[1]));
      if (state.main_image_id === Number(one[1])) state.main_image_id = state.images[0]?.id ?? null;
      return answer('The photo was deleted.');
    }
    if (path === '/admin/products/5/images') return answer('OK');
    return new Response(JSON.stringify({ status: 404, message: 'Not found' }), { status: 404 });
  }));
  return { state, sent };
}

/** XMLHttpRequest as the upload uses it: each request waits until the test answers it. */
class FakeXhr {
  static requests: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData) { this.body = body; FakeXhr.requests.push(this); }
  progress(loaded: number, total: number) { this.upload.onprogress?.({ lengthComputable: true, loaded, total }); }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  writeStored('lang', null);
});

const cards = (name = 'Photos') => within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('product photos', () => {
  it('shows each photo with its thumbnail and size, the main one marked, and the moves that make sense', async () => {
    serve();
    renderAdmin('/products/5/photos', { token: 'owner-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Photos of Royal Oud' })).toBeTruthy();
    const [first, second, third] = await waitFor(() => cards());
    expect(within(first).getByText('Main photo')).toBeTruthy();
    expect(within(first).getByRole('heading', { name: /Photo 1/ }).textContent).toContain('1,200 × 900');
    expect(first.querySelector('img')!.getAttribute('src')).toBe('/media/products/1111111111111111-320.webp');
    expect(within(first).queryByRole('button', { name: 'Make main: photo 1' })).toBeNull();
    expect((within(first).getByRole('button', { name: 'Move earlier: photo 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(third).getByRole('button', { name: 'Move later: photo 3' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(second).getByRole('button', { name: 'Make main: photo 2' })).toBeTruthy();
    for (const card of [first, second, third]) expect(within(card).getByRole('button', { name: /^Delete: photo/ })).toBeTruthy();
  });

  it('makes a photo main, moves one later keeping the focus on it, and deletes one only once confirmed', async () => {
    const { state, sent } = serve();
    renderAdmin('/products/5/photos', { token: 'owner-token' });
    await waitFor(() => expect(cards()).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Make main: photo 2' }));
    expect(await screen.findByText('This is now the main photo.')).toBeTruthy();
    expect(sent.at(-2)).toEqual({ method: 'POST', path: '/admin/products/5/images/2/main', body: undefined });
    await waitFor(() => expect(within(cards()[1]).getByText('Main photo')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Move later: photo 1' }));
    await waitFor(() => expect(state.images.map((p) => p.id)).toEqual([2, 1, 3]));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({ method: 'PUT', path: '/admin/products/5/images/order', body: { ids: [2, 1, 3] } });
    // The moved photo is now the second; its Move later button keeps the focus.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move later: photo 2'));
    expect(cards()[1].getAttribute('data-photo')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Delete: photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete photo 1?' });
    expect(within(dialog).getByText(/This is the main photo/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete: photo 2' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete the photo' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(sent.find((s) => s.method === 'DELETE')).toEqual({ method: 'DELETE', path: '/admin/products/5/images/1', body: undefined });
    expect(await screen.findByText('The photo was deleted.')).toBeTruthy();
  });

  it('uploads the chosen files one after another, each with its progress, and says which one failed and why', async () => {
    const { state } = serve();
    renderAdmin('/products/5/photos', { token: 'owner-token' });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const input = document.querySelector<HTMLInputElement>('#photo-files')!;
    expect(input.accept).toBe('image/*');
    expect(input.multiple).toBe(true);
    const big = new File([new Uint8Array(8)], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    const files = [new File(['text'], 'notes.jpg', { type: 'image/jpeg' }), big, new File([new Uint8Array(64)], 'bottle.jpg', { type: 'image/jpeg' })];
    fireEvent.change(input, { target: { files } });

    // Too large: refused here, never sent.
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByText(/larger than 10 MB/)).toBeTruthy();
    // One at a time: the first is sent, the third waits for it.
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const [first] = FakeXhr.requests;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/admin/products/5/images');
    expect(first.headers).toMatchObject({ lang: 'en', authorization: 'Bearer owner-token' });
    expect((first.body!.get('image') as File).name).toBe('notes.jpg');
    expect(within(uploads).getByText('Waiting')).toBeTruthy();
    act(() => first.progress(40, 100));
    expect(await within(uploads).findByText('Uploading 40%')).toBeTruthy();
    expect(within(uploads).getByRole('progressbar', { name: 'Uploading notes.jpg' }).getAttribute('aria-valuenow')).toBe('40');
    act(() => first.respond(422, { status: 422, message: 'This file is not a photo. Please choose a JPEG, PNG or WebP picture.', errors: { image: ['This file is not a photo.'] } }));

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    const second = FakeXhr.requests[1];
    expect((second.body!.get('image') as File).name).toBe('bottle.jpg');
    const added = photo(9, 1600, 1200);
    state.images = [...state.images, added];
    act(() => {
      second.progress(100, 100);
      second.respond(201, { status: 201, message: 'The photo was added.', data: { product, images: state.images, main_image_id: 1 } });
    });
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(within(uploads).getByText('Added')).toBeTruthy();
    const alerts = within(uploads).getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'This file is not a photo. Please choose a JPEG, PNG or WebP picture.',
      'This photo is larger than 10 MB. Please choose a smaller one.',
    ]);
    // A failed one can be dismissed; the photos already there are untouched.
    fireEvent.click(within(uploads).getAllByRole('button', { name: 'Dismiss' })[0]);
    expect(within(uploads).getAllByRole('alert')).toHaveLength(1);
  });

  it('in Arabic: the words and digits are the page\'s, the upload asks in Arabic', async () => {
    writeStored('lang', 'ar');
    serve();
    renderAdmin('/products/5/photos', { token: 'owner-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'صور عود ملكي' })).toBeTruthy();
    const [first] = await waitFor(() => cards('الصور'));
    expect(within(first).getByText('الصورة الرئيسية')).toBeTruthy();
    expect(within(first).getByRole('heading', { name: /الصورة ١/ }).textContent).toContain('١٬٢٠٠ × ٩٠٠');
    expect(screen.getByRole('button', { name: 'إضافة صور' })).toBeTruthy();
    fireEvent.change(document.querySelector('#photo-files')!, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.requests[0].headers.lang).toBe('ar');
  });

  it('staff are told the photos are the owner\'s', async () => {
    serve('staff');
    renderAdmin('/products/5/photos', { token: 'staff-token' });
    expect(await screen.findByText('Only the shop\'s owner can change product photos.')).toBeTruthy();
  });
});

