// The shop's pages and the cross-cutting answers: about, contact, health,
// the OpenAPI document, security headers and compression.
import type { Lang } from '../../server/contract/lang.ts';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp } from './helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const ARABIC = /[\u0600-\u06FF]/;

describe('GET /about', () => {
  it('answers the title, the HTML content and a served image, in English and Arabic', async () => {
    const en = await call(app, 'GET', '/about');
    expect(en.statusCode).toBe(200);
    expect(en.body.status).toBe(200);
    const about = en.body.data;
    expect(Object.keys(about).sort()).toEqual(['content', 'image', 'title']);
    expect(about.title).toBe('About Attar');
    expect(about.content).toMatch(/^<(p|h\d|div|section)[^>]*>/);
    expect(about.content).toMatch(/<\/p>/);
    expect(about.content).not.toMatch(ARABIC);
    expect(about.image).toMatch(/^\/media\//);
    const image = await app.inject({ method: 'GET', url: about.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);

    const ar = await call(app, 'GET', '/about', { lang: 'ar' });
    expect(ar.statusCode).toBe(200);
    expect(ar.body.data.title).toBe('عن عطّار');
    expect(ar.body.data.content).toMatch(ARABIC);
    expect(ar.body.data.content).toMatch(/<p>/);
    expect(ar.body.data.content).not.toBe(about.content);
    expect(ar.body.data.image).toBe(about.image);
    expect(ar.body.message).not.toBe(en.body.message);
  });
});

describe('POST /contact', () => {
  const valid = { name: 'Salma Nabil', email: 'salma@example.com', phone: '01012345678', message: 'Do you ship to Aswan on Fridays?' };
  const contact = (body: unknown, lang?: Lang) => call(app, 'POST', '/contact', { body, lang });
  const stored = () => app.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

  it('thanks the shopper in their language and keeps the message', async () => {
    const before = (await stored()).length;
    const en = await contact(valid);
    expect(en.statusCode).toBe(200);
    expect(en.body).toEqual({ status: 200, message: 'Thank you! We will get back to you soon.', data: null });

    const ar = await contact({ ...valid, name: 'سلمى نبيل', message: 'هل يوجد توصيل إلى أسوان؟ شكراً' }, 'ar');
    expect(ar.statusCode).toBe(200);
    expect(ar.body.message).toBe('شكراً لك! سنتواصل معك قريباً.');

    const rows = await stored();
    expect(rows).toHaveLength(before + 2);
    const [first, second] = rows.slice(-2);
    expect(first).toMatchObject({ name: valid.name, email: valid.email, phone: valid.phone, message: valid.message });
    expect(Number.isNaN(Date.parse(first.created_at))).toBe(false);
    expect(second).toMatchObject({ name: 'سلمى نبيل', message: 'هل يوجد توصيل إلى أسوان؟ شكراً' });
  });

  it('accepts a phone typed in Eastern Arabic digits', async () => {
    const res = await contact({ ...valid, phone: '٠١٠١٢٣٤٥٦٧٨', message: 'Eastern digits phone test' }, 'ar');
    expect(res.statusCode).toBe(200);
    const row = (await stored()).find((r) => r.message === 'Eastern digits phone test');
    expect(row).toBeDefined();
    const latin = row!.phone.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));
    expect(latin).toBe('01012345678');
  });

  it('names every missing field, in the shopper\'s language, and stores nothing', async () => {
    const before = (await stored()).length;
    const en = await contact({});
    expect(en.statusCode).toBe(422);
    expect(en.body.status).toBe(422);
    expect(en.body.message).toBe('Please check the highlighted fields.');
    for (const field of ['name', 'email', 'phone', 'message']) {
      expect(en.body.errors[field], field).toEqual([expect.any(String)]);
    }
    const ar = await contact({ name: '  ', email: '', phone: '', message: '' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(Object.keys(ar.body.errors).sort()).toEqual(['email', 'message', 'name', 'phone']);
    for (const list of Object.values(ar.body.errors as Record<string, string[]>)) expect(list[0]).toMatch(ARABIC);
    expect((await stored()).length).toBe(before);
  });

  it('refuses a bad email, a phone that is not 11 digits and a too short message, field by field', async () => {
    const before = (await stored()).length;
    const email = await contact({ ...valid, email: 'salma@example' });
    expect(email.statusCode).toBe(422);
    expect(email.body.errors).toEqual({ email: ['Invalid email format.'] });

    for (const phone of ['0101234567', '010123456789', '01o12345678']) {
      const res = await contact({ ...valid, phone });
      expect(res.statusCode, phone).toBe(422);
      expect(res.body.errors, phone).toEqual({ phone: ['Phone must be 11 digits.'] });
    }

    const short = await contact({ ...valid, message: 'Hi' }, 'ar');
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.body.errors)).toEqual(['message']);
    expect(short.body.errors.message[0]).toMatch(ARABIC);
    expect((await stored()).length).toBe(before);
  });

  it('refuses an overlong message with a 4xx, never a 5xx', async () => {
    const before = (await stored()).length;
    // Past the schema's maxLength but within the body limit: a field error.
    for (const length of [6000, 60_000]) {
      const res = await contact({ ...valid, message: 'x'.repeat(length) });
      expect(res.statusCode, String(length)).toBe(422);
      expect(res.body.errors.message, String(length)).toEqual([expect.stringMatching(/at most/)]);
    }
    // 100k characters: refused by the schema (422) or, above the body limit, as too large (413).
    const huge = await contact({ ...valid, message: 'x'.repeat(100_000) });
    expect([413, 422]).toContain(huge.statusCode);
    expect(huge.body.status).toBe(huge.statusCode);
    expect(typeof huge.body.message).toBe('string');
    expect(huge.raw).not.toMatch(/at .+\.ts:\d+|SQLITE|stack/i);
    expect((await stored()).length).toBe(before);
  });
});

describe('GET /health', () => {
  it('answers that the database is up', async () => {
    const res = await call(app, 'GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data).toEqual({ db: 'ok' });
  });
});

describe('GET /openapi.json', () => {
  // Every route of the published contract.
  const ROUTES: [method: string, path: string, body: boolean][] = [
    ['get', '/api/home', false],
    ['get', '/api/products/bestseller', false],
    ['get', '/api/products/details/{id}', false],
    ['get', '/api/user/logout', false],
    ['post', '/api/user/add/address', true],
    ['get', '/api/user/show/address', false],
    ['post', '/api/addToCard', true],
    ['get', '/api/showCard', false],
    ['post', '/api/fav/add/{id}', false],
    ['get', '/api/fav/remove/{id}', false],
    ['post', '/api/review/send', true],
    ['get', '/api/review/mine/{id}', false],
    ['get', '/api/products/{id}/reviews', false],
    ['post', '/api/add/smell/{cartItemId}', true],
    ['post', '/api/changeSummaryCard/{cartId}', true],
    ['post', '/api/remove', true],
    ['post', '/api/add/coupons/{cardId}', true],
    ['get', '/api/usepoint', false],
    ['get', '/api/usepoint/done', false],
    ['get', '/api/usepoint/cancel', false],
    ['post', '/api/checkout', true],
    ['post', '/api/user/register', true],
    ['post', '/api/user/login', true],
    ['get', '/api/user/profile', false],
    ['post', '/api/user/profile/update', true],
    ['post', '/api/user/change-password', true],
    ['delete', '/api/user/address/{id}', false],
    ['get', '/api/categories', false],
    ['get', '/api/products', false],
    ['get', '/api/products/category/{id}', false],
    ['get', '/api/offers', false],
    ['get', '/api/fav/show', false],
    ['post', '/api/remove/coupons/{cardId}', false],
    ['get', '/api/orders', false],
    ['get', '/api/orders/{id}', false],
    ['get', '/api/about', false],
    ['post', '/api/contact', true],
    ['get', '/api/health', false],
  ];
  const GUEST = new Set(['/api/home', '/api/products/bestseller', '/api/products/details/{id}', '/api/products/{id}/reviews', '/api/user/register', '/api/user/login',
    '/api/categories', '/api/products', '/api/products/category/{id}', '/api/offers', '/api/about', '/api/contact', '/api/health']);

  let doc: any;
  beforeAll(async () => {
    const res = await call(app, 'GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.body;
  });

  it('is an OpenAPI 3 document', () => {
    expect(String(doc.openapi)).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.paths).toEqual(expect.any(Object));
  });

  it.each(ROUTES)('describes %s %s', (method, path, hasBody) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path} is missing`).toBeDefined();
    const status = path === '/api/user/register' ? '201' : '200';
    const schema = op.responses?.[status]?.content?.['application/json']?.schema;
    expect(schema, `${status} schema`).toBeDefined();
    expect(schema.properties).toEqual(expect.objectContaining({ status: expect.any(Object), message: expect.any(Object), data: expect.any(Object) }));
    if (hasBody) expect(op.requestBody?.content?.['application/json']?.schema, 'requestBody').toBeDefined();
    for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
      expect(op.parameters, `path parameter ${param}`).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: param })]));
    }
    if (!GUEST.has(path)) expect(op.security, 'bearer security').toEqual([{ bearer: [] }]);
  });

  it('documents the list query and the same limits the server validates with', () => {
    const params = doc.paths['/api/products'].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'per_page', 'category_id', 'q', 'sort', 'min_price', 'max_price']));
    const perPage = doc.paths['/api/products'].get.parameters.find((p: any) => p.name === 'per_page');
    expect(perPage.schema.maximum).toBe(48);
    const contact = doc.paths['/api/contact'].post.requestBody.content['application/json'].schema;
    expect(contact.required).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'message']));
    expect(contact.properties.message.maxLength).toBeGreaterThan(0);
    const bestseller = doc.paths['/api/products/bestseller'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(bestseller.properties)).toEqual(expect.arrayContaining(['footer', 'linkfooter']));
    const details = doc.paths['/api/products/details/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(details.properties.data.properties)).toEqual(expect.arrayContaining([
      'OverView_Product', 'Product_details', 'How_to_use', 'realted_product', 'review_rate', 'reviews_count', 'review',
    ]));
  });
});

describe('Security headers', () => {
  it('come with API answers, successes and errors alike', async () => {
    for (const url of ['/home', '/products/details/999999']) {
      const { headers } = await call(app, 'GET', url);
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|;)\s*default-src 'self'/);
      const hsts = /max-age=(\d+)/.exec(String(headers['strict-transport-security']));
      expect(hsts, url).not.toBeNull();
      expect(Number(hsts![1])).toBeGreaterThanOrEqual(31_536_000);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(headers['referrer-policy'] ?? ''), url).not.toBe('');
      expect(String(headers['permissions-policy'] ?? ''), url).not.toBe('');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('Compression', () => {
  it('answers /home with brotli or gzip as asked, the same JSON inside', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/home', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.body);

    const br = await app.inject({ method: 'GET', url: '/api/home', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gzip = await app.inject({ method: 'GET', url: '/api/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);
    expect(String(gzip.headers.vary ?? '')).toMatch(/accept-encoding/i);
  });

  it('answers the cached product page compressed once, the same JSON inside, in each language', async () => {
    for (const lang of ['en', 'ar']) {
      const plain = await app.inject({ method: 'GET', url: '/api/products/details/1', headers: { lang } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const expected = JSON.parse(plain.body);
      expect(expected.data.OverView_Product.name.length).toBeGreaterThan(0);
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
        ['gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
      ] as const) {
        for (let i = 0; i < 2; i++) {
          const res = await app.inject({ method: 'GET', url: '/api/products/details/1', headers: { lang, 'accept-encoding': accept } });
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(String(res.headers.vary ?? '')).toMatch(/accept-encoding/i);
          expect(res.headers['content-type']).toMatch(/application\/json/);
          expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
          expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(expected);
        }
      }
    }
  });
});
