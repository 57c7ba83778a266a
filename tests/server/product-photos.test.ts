// The owner's product photos (routes/api/admin/photos.ts): uploads of JPEG, PNG and WebP made
// here by sharp, their WebP sizes on disk with no metadata left (GPS included), the refusals
// (too large, not a picture, cut short, another kind) that change nothing, delete, reorder and
// the main photo kept in step with products.main_image, the audit, both roles, both languages,
// and the shop's answers carrying the sizes. A media folder of its own, so "no new file" is exact.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import { call, loginDemo, loginOwner, makeApp, makeStaff, placeOrder, seededProduct, toAnswer } from './helpers.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { PLACEHOLDER_URL } from '../../server/services/image-variants.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-photos-'));
const photosDir = path.join(mediaDir, 'products');
let app: FastifyInstance;
let owner: string;
let staff: string;

beforeAll(async () => {
  app = await makeApp({}, { mediaDir });
  owner = await loginOwner(app);
  staff = (await makeStaff(app)).token;
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A multipart/form-data body with one file in `field`, as a browser's FormData sends it. */
function form(file: Buffer, filename: string, type: string, field = 'image') {
  const boundary = `----attar${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(productId: number, file: Buffer, filename = 'photo.jpg', type = 'image/jpeg', options: { token?: string; lang?: 'en' | 'ar' } = {}) {
  const body = form(file, filename, type);
  const headers: Record<string, string> = { ...body.headers, lang: options.lang ?? 'en' };
  const token = options.token === undefined ? owner : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  return toAnswer(await app.inject({ method: 'POST', url: `/api/admin/products/${productId}/images`, headers, payload: body.payload }));
}

/** A photo-like picture: a gradient with some noise, so the encoders have real work. */
function picture(width: number, height: number, channels: 3 | 4 = 3) {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = (x * y) % 251;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : 128;
    }
  }
  return sharp(data, { raw: { width, height, channels } });
}

/** A JPEG as a phone writes it: camera and GPS EXIF, and turned by its orientation tag (6: a quarter clockwise). */
const phoneJpeg = (width: number, height: number) => picture(width, height)
  .withMetadata({ orientation: 6 })
  .withExif({
    IFD0: { Make: 'Attar Test Phone', Model: 'T-1' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 9/1' },
  })
  .jpeg({ quality: 90 }).toBuffer();

const listFiles = () => (fs.existsSync(photosDir) ? fs.readdirSync(photosDir).sort() : []);
const fileOf = (url: string) => path.join(mediaDir, url.replace(/^\/media\//, ''));
const rowsOf = async (productId: number) => app.db.selectFrom('product_images').selectAll().where('product_id', '=', productId).where('kind', '=', 'gallery').execute();
const productRow = (productId: number) => app.db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();

/** A product of its own with no photo, as a new product starts (the shop shows the placeholder). */
async function newProduct(name = 'Photo Oud') {
  const base = await seededProduct(app, 0);
  const { id } = await app.db.insertInto('products').values({
    slug: `photo-${Math.random().toString(16).slice(2)}`, category_id: base.category_id, name_en: name, name_ar: 'عود الصور',
    overview_en: '<p>x</p>', overview_ar: '<p>x</p>', description_en: '', description_ar: '', how_to_use_en: '', how_to_use_ar: '',
    price: 10000, sale_price: null, sale_type: 'normal', stock: 10, product_code: `P-${Math.random().toString(16).slice(2)}`, model_number: 'M-1',
    main_image: PLACEHOLDER_URL, main_image_id: null, units_sold: 0, created_at: new Date().toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

describe('uploading a photo', () => {
  it('turns a phone JPEG upright, drops its EXIF and GPS, and stores WebP at 320, 640 and 1024 px with their sizes', async () => {
    const id = await newProduct();
    const jpeg = await phoneJpeg(2000, 1200);
    const sent = await sharp(jpeg).metadata();
    expect(sent.orientation, 'the test photo is turned').toBe(6);
    expect(sent.exif?.toString('latin1'), 'the test photo carries the camera\'s EXIF').toContain('Attar Test Phone');
    const res = await upload(id, jpeg, 'IMG_0001.jpg', 'image/jpeg', { lang: 'ar' });
    expect(res.statusCode, res.raw).toBe(201);
    expect(res.body.message).toBe('تمت إضافة الصورة.');
    const { images, main_image_id, product } = res.body.data;
    expect(product).toEqual({ id, name_en: 'Photo Oud', name_ar: 'عود الصور' });
    expect(images).toHaveLength(1);
    const [photo] = images;
    // Orientation 6: the 2000 × 1200 pixels show as 1200 × 2000.
    expect([photo.width, photo.height]).toEqual([1200, 2000]);
    expect(photo.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1024]);
    expect(photo.url).toBe(photo.variants[2].url);
    expect(main_image_id).toBe(photo.id);
    for (const variant of photo.variants) {
      expect(variant.type).toBe('image/webp');
      expect(variant.url).toMatch(/^\/media\/products\/[0-9a-f]{16}-\d+\.webp$/);
      const meta = await sharp(fs.readFileSync(fileOf(variant.url))).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.height).toBe(Math.round((variant.width * 2000) / 1200));
      // Nothing of the camera's is left: no EXIF (so no GPS), no XMP, no IPTC, no orientation.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Upright: the picture's top-left (red 0, green 0 in the source) is now its top-right.
    const upright = await sharp(fs.readFileSync(fileOf(photo.url))).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => upright.data[(y * upright.info.width + x) * upright.info.channels + 1];
    expect(at(upright.info.width - 2, 1)).toBeLessThan(40);
    expect(at(1, 1)).toBeGreaterThan(200);
    // The shop's main picture follows: the product had none.
    expect((await productRow(id)).main_image).toBe(photo.url);
    // Served from the media folder, cached for a year: a new picture is a new name.
    const served = await app.inject({ method: 'GET', url: photo.variants[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('takes a PNG with transparency and a WebP, never making them wider than they are', async () => {
    const id = await newProduct();
    const png = await picture(500, 400, 4).png().toBuffer();
    const a = await upload(id, png, 'label.png', 'image/png');
    expect(a.statusCode, a.raw).toBe(201);
    const first = a.body.data.images[0];
    expect([first.width, first.height]).toEqual([500, 400]);
    expect(first.variants.map((v: { width: number }) => v.width)).toEqual([320, 500]);
    expect((await sharp(fs.readFileSync(fileOf(first.url))).metadata()).hasAlpha).toBe(true);

    const webp = await picture(800, 600).webp().toBuffer();
    const b = await upload(id, webp, 'bottle.webp', 'image/webp');
    expect(b.statusCode, b.raw).toBe(201);
    const second = b.body.data.images[1];
    expect(second.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([[320, 240], [640, 480], [800, 600]]);
    // A second photo goes last and leaves the main one as it was.
    expect(b.body.data.main_image_id).toBe(first.id);

    const tiny = await picture(200, 150).jpeg().toBuffer();
    const c = await upload(id, tiny);
    expect(c.body.data.images[2].variants.map((v: { width: number }) => v.width)).toEqual([200]);
  });

  it('reads a file by its content, not its name: a PNG named .jpg is taken', async () => {
    const id = await newProduct();
    const res = await upload(id, await picture(300, 300).png().toBuffer(), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode, res.raw).toBe(201);
  });
});

describe('a file the server refuses changes nothing', () => {
  let id: number;
  let jpeg: Buffer;
  beforeAll(async () => {
    id = await newProduct();
    jpeg = await picture(1600, 1200).jpeg({ quality: 92 }).toBuffer();
  });

  const cases: [string, () => Promise<{ file: Buffer; name: string; type: string }>, number, { en: RegExp; ar: RegExp }][] = [
    ['a file over 10 MB', async () => ({ file: Buffer.concat([jpeg, Buffer.alloc(Math.ceil(10.1 * 1024 * 1024) - jpeg.length, 1)]), name: 'big.jpg', type: 'image/jpeg' }), 413,
      { en: /larger than 10 MB/, ar: /أكبر من ١٠ ميجابايت/ }],
    ['a text file named .jpg', async () => ({ file: Buffer.from('Not a photo at all, only words.\n'.repeat(50)), name: 'notes.jpg', type: 'image/jpeg' }), 422,
      { en: /not a photo/, ar: /ليس صورة/ }],
    ['a JPEG cut short', async () => ({ file: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg', type: 'image/jpeg' }), 422,
      { en: /damaged or incomplete/, ar: /تالفة أو غير مكتملة/ }],
    ['a GIF', async () => ({ file: await picture(100, 100).gif().toBuffer(), name: 'moving.gif', type: 'image/gif' }), 422,
      { en: /kind of picture is not accepted/, ar: /غير مقبول/ }],
    ['an empty file', async () => ({ file: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' }), 422,
      { en: /choose a photo/, ar: /اختيار صورة/ }],
  ];

  it.each(cases)('%s: refused in the caller\'s language, no row, no file', async (_name, make, status, words) => {
    const { file, name, type } = await make();
    for (const lang of ['en', 'ar'] as const) {
      const filesBefore = listFiles();
      const rowsBefore = (await rowsOf(id)).length;
      const auditBefore = (await app.db.selectFrom('audit_log').select('id').execute()).length;
      const res = await upload(id, file, name, type, { lang });
      expect(res.statusCode, res.raw).toBe(status);
      expect(res.body.message).toMatch(words[lang]);
      if (status === 422) expect(res.body.errors.image[0]).toMatch(words[lang]);
      expect(listFiles()).toEqual(filesBefore);
      expect((await rowsOf(id)).length).toBe(rowsBefore);
      expect((await app.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
      expect((await productRow(id)).main_image).toBe(PLACEHOLDER_URL);
    }
  });

  it('over a real connection too: a file whose last bytes pass the limit is refused, and the refusal reaches the client whole', async () => {
    // inject hands the body over in one piece; a socket brings it in chunks, and the limit is then
    // crossed by the last of them (@fastify/multipart's toBuffer checks it only between chunks).
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    for (const megabytes of [10.1, 25]) {
      const filesBefore = listFiles();
      const body = new FormData();
      body.append('image', new Blob([new Uint8Array(Math.floor(megabytes * 1024 * 1024))], { type: 'image/jpeg' }), 'big.jpg');
      const res = await fetch(`${address}/api/admin/products/${id}/images`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, lang: 'en' }, body });
      expect(res.status, String(megabytes)).toBe(413);
      expect(((await res.json()) as { message: string }).message).toBe('This photo is larger than 10 MB. Please choose a smaller one.');
      expect(listFiles()).toEqual(filesBefore);
      expect(await rowsOf(id)).toHaveLength(0);
    }
  });

  it('a request that is not a form upload: 415, said in the caller\'s language', async () => {
    const res = await call(app, 'POST', `/admin/products/${id}/images`, { token: owner, body: { image: 'x' }, lang: 'ar' });
    expect(res.statusCode).toBe(415);
    expect(res.body.message).toMatch(/multipart\/form-data/);
  });

  it('a file in another field, or two files: 422, nothing kept', async () => {
    const filesBefore = listFiles();
    const other = form(jpeg, 'a.jpg', 'image/jpeg', 'photo');
    const res = toAnswer(await app.inject({ method: 'POST', url: `/api/admin/products/${id}/images`, headers: { ...other.headers, authorization: `Bearer ${owner}` }, payload: other.payload }));
    expect(res.statusCode, res.raw).toBe(422);
    expect(res.body.errors.image).toEqual(['Please choose a photo to upload.']);
    expect(listFiles()).toEqual(filesBefore);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('an unknown product: 404 before any work', async () => {
    const filesBefore = listFiles();
    const res = await upload(999999, jpeg);
    expect(res.statusCode).toBe(404);
    expect(listFiles()).toEqual(filesBefore);
  });

  it('a failure inside the transaction removes the files it had written', async () => {
    const filesBefore = listFiles();
    const record = app.audit.record.bind(app.audit);
    app.audit.record = async () => { throw new Error('the audit could not be written'); };
    try {
      const res = await upload(id, await picture(900, 700).jpeg().toBuffer());
      expect(res.statusCode).toBe(500);
    } finally {
      app.audit.record = record;
    }
    expect(listFiles()).toEqual(filesBefore);
    expect(await rowsOf(id)).toHaveLength(0);
    expect((await productRow(id)).main_image_id).toBeNull();
  });
});

describe('main photo, order and deleting', () => {
  it('keeps products.main_image in step, reorders, and deletes files nothing else shows', async () => {
    const id = await newProduct();
    const a = (await upload(id, await picture(1100, 900).jpeg().toBuffer())).body.data.images[0];
    const b = (await upload(id, await picture(700, 700).webp().toBuffer(), 'b.webp', 'image/webp')).body.data.images[1];
    expect((await productRow(id)).main_image_id).toBe(a.id);

    const main = await call(app, 'POST', `/admin/products/${id}/images/${b.id}/main`, { token: owner, lang: 'ar' });
    expect(main.statusCode, main.raw).toBe(200);
    expect(main.body.message).toBe('أصبحت هذه هي الصورة الرئيسية.');
    expect(main.body.data.main_image_id).toBe(b.id);
    expect(await productRow(id)).toMatchObject({ main_image_id: b.id, main_image: b.url });

    // The shop's answers carry the main photo's sizes: the card, the product page, the cart line.
    const cards = (await call(app, 'GET', '/products?per_page=48&sort=newest')).body.data.products;
    const card = cards.find((c: { id: number }) => c.id === id);
    expect(card).toMatchObject({ image: b.url, image_width: 700, image_height: 700 });
    expect(card.image_variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 700]);
    const page = (await call(app, 'GET', `/products/details/${id}`)).body.data.OverView_Product;
    expect(page).toMatchObject({ main_image: b.url, main_image_width: 700, main_image_height: 700 });
    expect(page.images).toEqual([{ product_image_id: a.id, product_image: a.url, product_image_width: 1100, product_image_height: 900, product_image_variants: a.variants }]);

    const order = await call(app, 'PUT', `/admin/products/${id}/images/order`, { token: owner, body: { ids: [b.id, a.id] } });
    expect(order.statusCode, order.raw).toBe(200);
    expect(order.body.data.images.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    for (const ids of [[a.id], [a.id, b.id, 999], [a.id, a.id]]) {
      const wrong = await call(app, 'PUT', `/admin/products/${id}/images/order`, { token: owner, body: { ids } });
      expect(wrong.statusCode, JSON.stringify(ids)).toBe(422);
    }

    // Deleting the main photo makes the next one main; its files go.
    const del = await call(app, 'DELETE', `/admin/products/${id}/images/${b.id}`, { token: owner });
    expect(del.statusCode, del.raw).toBe(200);
    expect(del.body.data).toMatchObject({ main_image_id: a.id, images: [{ id: a.id }] });
    expect(await productRow(id)).toMatchObject({ main_image_id: a.id, main_image: a.url });
    for (const v of b.variants) expect(fs.existsSync(fileOf(v.url)), v.url).toBe(false);
    for (const v of a.variants) expect(fs.existsSync(fileOf(v.url)), v.url).toBe(true);

    // The last one: the shop shows its placeholder, which is there.
    const last = await call(app, 'DELETE', `/admin/products/${id}/images/${a.id}`, { token: owner });
    expect(last.body.data).toMatchObject({ main_image_id: null, images: [] });
    expect(await productRow(id)).toMatchObject({ main_image_id: null, main_image: PLACEHOLDER_URL });
    expect((await app.inject({ method: 'GET', url: PLACEHOLDER_URL })).statusCode).toBe(200);
    const card2 = (await call(app, 'GET', '/products?per_page=48&sort=newest')).body.data.products.find((c: { id: number }) => c.id === id);
    expect(card2.image).toBe(PLACEHOLDER_URL);
    expect(card2).not.toHaveProperty('image_variants');

    const gone = await call(app, 'DELETE', `/admin/products/${id}/images/${a.id}`, { token: owner, lang: 'ar' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe('لم يتم العثور على هذه الصورة.');
  });

  it('a photo of another product is not found through this one', async () => {
    const one = await newProduct();
    const two = await newProduct();
    const photo = (await upload(one, await picture(400, 400).jpeg().toBuffer())).body.data.images[0];
    for (const [method, url] of [['POST', `/admin/products/${two}/images/${photo.id}/main`], ['DELETE', `/admin/products/${two}/images/${photo.id}`]] as const) {
      expect((await call(app, method, url, { token: owner })).statusCode, url).toBe(404);
    }
    expect((await call(app, 'PUT', `/admin/products/${two}/images/order`, { token: owner, body: { ids: [photo.id] } })).statusCode).toBe(422);
    expect((await productRow(one)).main_image_id).toBe(photo.id);
  });

  it('an ordered photo keeps its picture for the order after it is deleted, and the order shows its sizes meanwhile', async () => {
    const seeded = await seededProduct(app, 0);
    const photo = (await upload(seeded.id, await picture(1200, 1200).jpeg().toBuffer())).body.data.images.at(-1);
    await call(app, 'POST', `/admin/products/${seeded.id}/images/${photo.id}/main`, { token: owner });
    const shopper = await loginDemo(app);
    const cart = (await call(app, 'POST', '/addToCard', { token: shopper, body: { product_id: seeded.id } }));
    expect(cart.statusCode, cart.raw).toBe(200);
    const line = (await call(app, 'GET', '/showCard', { token: shopper })).body.data.product_in_card.find((l: { product_id: number }) => l.product_id === seeded.id);
    expect(line).toMatchObject({ product_image: photo.url, product_image_width: 1200, product_image_height: 1200 });
    expect(line.product_image_variants).toHaveLength(3);

    const { order } = await placeOrder(app, shopper, [{ index: 0, qty: 1 }]);
    const item = (await call(app, 'GET', `/orders/${order.id}`, { token: shopper })).body.data.order.items[0];
    expect(item).toMatchObject({ image: photo.url, image_width: 1200, image_height: 1200 });
    expect(item.image_variants.map((v: { url: string }) => v.url)).toEqual(photo.variants.map((v: { url: string }) => v.url));

    await call(app, 'DELETE', `/admin/products/${seeded.id}/images/${photo.id}`, { token: owner });
    // The order's line still shows its picture (the largest size); the smaller ones went.
    expect(fs.existsSync(fileOf(photo.url))).toBe(true);
    for (const v of photo.variants.slice(0, -1)) expect(fs.existsSync(fileOf(v.url))).toBe(false);
    const after = (await call(app, 'GET', `/orders/${order.id}`, { token: shopper })).body.data.order.items[0];
    expect(after.image).toBe(photo.url);
    expect(after).not.toHaveProperty('image_variants');
    // The seed's main picture is back as main: it was the first of the product's pictures.
    expect((await productRow(seeded.id)).main_image).toBe(`/media/products/${seeded.slug}.svg`);
  });
});

describe('who may', () => {
  it('staff get 403 and no token 401 on every photo route, in the caller\'s language; the owner reads the list', async () => {
    const id = await newProduct();
    const jpeg = await picture(300, 300).jpeg().toBuffer();
    const byStaff = await upload(id, jpeg, 'a.jpg', 'image/jpeg', { token: staff, lang: 'ar' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.body.message).toBe('ليست لديك صلاحية الوصول إلى هذا.');
    expect((await upload(id, jpeg, 'a.jpg', 'image/jpeg', { token: '' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `/admin/products/${id}/images`], ['DELETE', `/admin/products/${id}/images/1`],
      ['POST', `/admin/products/${id}/images/1/main`], ['PUT', `/admin/products/${id}/images/order`],
    ] as const) {
      const body = method === 'PUT' ? { ids: [1] } : undefined;
      expect((await call(app, method, url, { token: staff, body })).statusCode, url).toBe(403);
      expect((await call(app, method, url, { body })).statusCode, url).toBe(401);
    }
    expect(await rowsOf(id)).toHaveLength(0);
    const list = await call(app, 'GET', `/admin/products/${id}/images`, { token: owner });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.data).toEqual({ product: { id, name_en: 'Photo Oud', name_ar: 'عود الصور' }, images: [], main_image_id: null });
  });

  it('every change is in the audit, by the owner, in the same transaction as the change', async () => {
    const id = await newProduct();
    const ownerId = (await app.db.selectFrom('users').select('id').where('email', '=', 'owner@attar.eg').executeTakeFirstOrThrow()).id;
    const a = (await upload(id, await picture(300, 300).jpeg().toBuffer())).body.data.images[0];
    const b = (await upload(id, await picture(300, 200).jpeg().toBuffer())).body.data.images[1];
    await call(app, 'POST', `/admin/products/${id}/images/${b.id}/main`, { token: owner });
    await call(app, 'PUT', `/admin/products/${id}/images/order`, { token: owner, body: { ids: [b.id, a.id] } });
    await call(app, 'DELETE', `/admin/products/${id}/images/${a.id}`, { token: owner });
    const entries = await app.db.selectFrom('audit_log').selectAll().where('target', '=', `product ${id}`).orderBy('id').execute();
    expect(entries.map((e) => e.action)).toEqual(['product.image_add', 'product.image_add', 'product.image_main', 'product.image_order', 'product.image_delete']);
    for (const e of entries) expect(e.user_id).toBe(ownerId);
    expect(JSON.parse(entries[0].after_json!)).toMatchObject({ image_id: a.id, width: 300, height: 300, main_image_id: a.id });
    expect(JSON.parse(entries[2].before_json!)).toEqual({ main_image_id: a.id });
    expect(JSON.parse(entries[3].after_json!)).toEqual({ order: [b.id, a.id] });
    expect(JSON.parse(entries[4].before_json!)).toMatchObject({ image_id: a.id, main_image_id: b.id });
    const read = await call(app, 'GET', '/admin/audit', { token: owner });
    expect(read.body.data.entries[0]).toMatchObject({ action: 'product.image_delete', target: `product ${id}` });
  });
});

describe('migration 007', () => {
  it('makes every product\'s main image the first of its pictures, and points main_image_id at it', async () => {
    const raw = new BetterSqlite3(':memory:');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      await migrateTo(db, '005-back-office');
      await db.insertInto('categories').values({ slug: 'c', name_en: 'C', name_ar: 'ج', image: '/c.svg', sort: 0 }).execute();
      const product = (n: number) => ({
        slug: `p${n}`, category_id: 1, name_en: 'P', name_ar: 'P', overview_en: '', overview_ar: '', description_en: '', description_ar: '',
        how_to_use_en: '', how_to_use_ar: '', price: 100, sale_price: null, sale_type: 'normal', stock: 1, product_code: '', model_number: '',
        main_image: `/media/products/p${n}.svg`, units_sold: 0, created_at: '2026-01-01T00:00:00.000Z',
      });
      await db.insertInto('products').values([product(1), product(2)]).execute();
      // p1 has a gallery picture; p2's main image is already one of its gallery rows.
      await db.insertInto('product_images').values([
        { product_id: 1, image: '/media/products/p1-g1.svg', kind: 'gallery', sort: 1 },
        { product_id: 2, image: '/media/products/p2.svg', kind: 'gallery', sort: 3 },
        { product_id: 2, image: '/media/products/p2-h1.svg', kind: 'how_to_use', sort: 1 },
      ]).execute();
      await migrateToLatest(db);
      const products = await db.selectFrom('products').select(['id', 'main_image', 'main_image_id']).orderBy('id').execute();
      const images = await db.selectFrom('product_images').selectAll().where('kind', '=', 'gallery').orderBy('product_id').orderBy('sort').execute();
      expect(images.map((i) => [i.product_id, i.image, i.sort])).toEqual([
        [1, '/media/products/p1.svg', 0], [1, '/media/products/p1-g1.svg', 1], [2, '/media/products/p2.svg', 3],
      ]);
      for (const p of products) expect(images.find((i) => i.id === p.main_image_id)?.image).toBe(p.main_image);
      expect(images.every((i) => i.width === null && i.variants === null)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
