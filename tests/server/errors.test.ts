// The contract's conventions: every failure is a JSON envelope
// `{ status, message, errors? }` in the shopper's language; bad input never
// produces a 5xx, and a 5xx never leaks a stack trace or SQL.
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addAddress, call, checkoutBody, loginDemo, makeApp, makeFileApp, registerShopper, seededProduct, toAnswer, type Answer, type FileShop } from './helpers.ts';
import { breakDatabase } from './db-inspect.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const ARABIC = /[\u0600-\u06FF]/;
/** What no answer may show a shopper: parser and driver internals, stacks, paths. */
const LEAKS = /SQLITE|sqlite|Error:|TypeError|RangeError|SyntaxError|Unexpected token|JSON\.parse|position \d|\bat [\w.<>]+ \(|\n\s+at |node_modules|\/work\/|\.ts:\d|\.js:\d|stack/;

/** A raw request, for bodies `call` cannot send (broken JSON, other content types). */
async function raw(
  target: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  payload: string | Buffer | undefined,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await target.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload } : {}) });
  return toAnswer(res);
}

/** The contract's error envelope: JSON, `status` repeats the code, a human message, `errors` only on 422. */
function expectEnvelope(res: Answer, status: number) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof res.body).toBe('object');
  expect(res.body.status).toBe(status);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  const allowed = status === 422 ? ['errors', 'message', 'status'] : ['message', 'status'];
  for (const key of Object.keys(res.body)) expect(allowed).toContain(key);
  expect(res.raw).not.toMatch(LEAKS);
}

describe('malformed JSON', () => {
  it.each([
    ['a cut-off object', '{"login": "demo@attar.eg", "password": '],
    ['single quotes', "{'login': 'demo@attar.eg'}"],
    ['a trailing comma', '{"login": "demo@attar.eg",}'],
    ['an extra brace', '{"login": "demo@attar.eg", "password": "attar123"}}'],
    ['a bare word', 'hello'],
    ['NaN', '{"login": NaN}'],
  ])('answers %s with 400 and the envelope, no parser internals', async (_name, body) => {
    const res = await raw(app, 'POST', '/user/login', body, { 'content-type': 'application/json' });
    expectEnvelope(res, 400);
    expect(res.body.message).toBe('The request could not be read. Please check what was sent.');
    expect(res.raw).not.toContain('Unexpected');
    expect(res.raw).not.toContain('JSON');
  });

  it('says it in Arabic with lang: ar, also on signed-in routes', async () => {
    const token = await loginDemo(app);
    const res = await raw(app, 'POST', '/addToCard', '{"product_id": 1', {
      'content-type': 'application/json', lang: 'ar', authorization: `Bearer ${token}`,
    });
    expectEnvelope(res, 400);
    expect(res.body.message).toBe('تعذّرت قراءة الطلب. يُرجى التحقق مما أُرسل.');
  });

  it('handles deeply nested JSON without a 5xx', async () => {
    const depth = 20_000;
    const res = await raw(app, 'POST', '/user/login', '['.repeat(depth) + ']'.repeat(depth), { 'content-type': 'application/json' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectEnvelope(res, res.statusCode);
  });
});

describe('body size', () => {
  it('answers a ~100 KB JSON body with 413 and the envelope, in the shopper\'s language', async () => {
    const body = JSON.stringify({ login: DEMO_USER.email, password: 'x'.repeat(100_000) });
    expect(body.length).toBeGreaterThan(64 * 1024);
    const res = await raw(app, 'POST', '/user/login', body, { 'content-type': 'application/json' });
    expectEnvelope(res, 413);
    expect(res.body.message).toBe('The request is too large.');
    const ar = await raw(app, 'POST', '/contact', body, { 'content-type': 'application/json', lang: 'ar' });
    expectEnvelope(ar, 413);
    expect(ar.body.message).toBe('الطلب أكبر من الحجم المسموح به.');
  });

  it('still accepts a body just under the limit (and validates it as usual)', async () => {
    const body = JSON.stringify({ login: DEMO_USER.email, password: 'x'.repeat(60_000) });
    expect(body.length).toBeLessThan(64 * 1024);
    const res = await raw(app, 'POST', '/user/login', body, { 'content-type': 'application/json' });
    // password is at most 200 characters: a validation answer, not a size one
    expectEnvelope(res, 422);
    expect(res.body.errors.password).toEqual(['Must be at most 200 characters.']);
  });
});

describe('content types', () => {
  it.each([
    ['text/plain', 'login=demo@attar.eg&password=attar123'],
    ['text/plain', JSON.stringify({ login: DEMO_USER.email, password: DEMO_USER.password })],
    ['application/x-www-form-urlencoded', 'login=demo%40attar.eg&password=attar123'],
    ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="login"\r\n\r\ndemo@attar.eg\r\n--xyz--\r\n'],
    ['application/xml', '<login>demo@attar.eg</login>'],
  ])('answers %s on a JSON route with a 4xx envelope, never a 5xx and never a token', async (type, body) => {
    const res = await raw(app, 'POST', '/user/login', body, { 'content-type': type });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectEnvelope(res, res.statusCode);
    expect(res.raw).not.toContain('token');
  });

  it('a form-encoded body gets the localized "send JSON" message', async () => {
    const res = await raw(app, 'POST', '/user/login', 'login=a&password=b', { 'content-type': 'application/x-www-form-urlencoded', lang: 'ar' });
    expectEnvelope(res, 415);
    expect(res.body.message).toBe('يُرجى إرسال الطلب بصيغة JSON.');
  });

  it('accepts JSON with a charset', async () => {
    const res = await raw(app, 'POST', '/user/login', JSON.stringify({ login: DEMO_USER.email, password: DEMO_USER.password }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.token).toEqual(expect.any(String));
  });
});

describe('validation failures', () => {
  it('answer 422 with errors: { field: [messages] }, localized with lang: ar', async () => {
    const en = await call(app, 'POST', '/user/login', { body: { login: 42 } });
    expectEnvelope(en, 422);
    expect(en.body.message).toBe('Please check the highlighted fields.');
    expect(en.body.errors.password).toEqual(['Required']);

    const ar = await call(app, 'POST', '/user/register', { lang: 'ar', body: { first_name: 'S', email: 'x', phone: '1', password: '1', password_confirmation: '1', last_name: 'Nabil', birth_date: '2000-13-01' } });
    expectEnvelope(ar, 422);
    expect(ar.body.message).toBe('يُرجى مراجعة الحقول المحددة.');
    expect(Object.keys(ar.body.errors).length).toBeGreaterThanOrEqual(4);
    for (const [field, messages] of Object.entries(ar.body.errors as Record<string, string[]>)) {
      expect(Array.isArray(messages), field).toBe(true);
      expect(messages.length, field).toBeGreaterThan(0);
      for (const m of messages) expect(m, field).toMatch(ARABIC);
    }
  });

  it('localizes schema errors too (wrong type, out of range) under the field\'s name', async () => {
    const token = await loginDemo(app);
    const res = await call(app, 'POST', '/addToCard', { token, lang: 'ar', body: { product_id: 'abc' } });
    expectEnvelope(res, 422);
    expect(res.body.errors.product_id).toBeDefined();
    for (const m of res.body.errors.product_id) expect(m).toMatch(ARABIC);
    const review = await call(app, 'POST', '/review/send', { token, body: { product_id: 1, comment: 'Nice', rate: 'five' } });
    expectEnvelope(review, 422);
    expect(review.body.errors.rate).toBeDefined();
  });

  it('reads lang case-insensitively and falls back to English for unknown languages', async () => {
    const ar = await call(app, 'POST', '/user/login', { body: {}, headers: { lang: 'AR' } });
    expect(ar.body.message).toBe('يُرجى مراجعة الحقول المحددة.');
    const fr = await call(app, 'POST', '/user/login', { body: {}, headers: { lang: 'fr' } });
    expect(fr.body.message).toBe('Please check the highlighted fields.');
  });
});

describe('auth routes', () => {
  // A route that needs sign-in answers 401 without a valid, unexpired, unrevoked token.
  it.each([
    ['POST', '/addToCard', { product_id: 'abc' }],
    ['POST', '/addToCard', {}],
    ['POST', '/checkout', { card_id: 'x' }],
    ['POST', '/user/add/address', {}],
    ['POST', '/user/change-password', {}],
    ['DELETE', '/user/address/abc', undefined],
    ['GET', '/orders/abc', undefined],
  ] as const)('%s %s answers 401 to a caller without a valid token, whatever the input', async (method, url, body) => {
    for (const token of [undefined, 'a'.repeat(43)]) {
      const res = await call(app, method, url, { token, body, lang: 'ar' });
      expectEnvelope(res, 401);
      expect(res.body.message).toBe('يُرجى تسجيل الدخول أولاً.');
    }
  });
});

describe('choice fields', () => {
  it('a value outside a fixed list gets one message naming every allowed value', async () => {
    const sort = await call(app, 'GET', '/products?sort=drop');
    expectEnvelope(sort, 422);
    expect(sort.body.errors.sort).toHaveLength(1);
    for (const v of ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated']) expect(sort.body.errors.sort[0]).toContain(v);

    const token = await loginDemo(app);
    const checkout = await call(app, 'POST', '/checkout', {
      token, lang: 'ar',
      body: { card_id: 1, username: 'Demo Shopper', phone: '01011112222', address_id: 1, shiping: 'fast', date: null, payment: 'card', point: 0 },
    });
    expectEnvelope(checkout, 422);
    expect(checkout.body.errors.payment).toHaveLength(1);
    expect(checkout.body.errors.payment[0]).toMatch(ARABIC);
    expect(checkout.body.errors.payment[0]).toContain('cach');
    expect(checkout.body.errors.payment[0]).toContain('delivery');
    expect(checkout.body.errors.shiping).toHaveLength(1);
    expect(checkout.body.errors.shiping[0]).toContain('free');
    expect(checkout.body.errors.shiping[0]).toContain('date');
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/nope'],
    ['GET', '/products/details/abc/def'],
    ['POST', '/user/unknown'],
    ['DELETE', '/home'],
    ['PUT', '/showCard'],
  ] as const)('%s /api%s answers the 404 envelope, localized', async (method, url) => {
    const en = await call(app, method, url);
    expectEnvelope(en, 404);
    expect(en.body.message).toBe('We could not find what you asked for.');
    const ar = await call(app, method, url, { lang: 'ar' });
    expectEnvelope(ar, 404);
    expect(ar.body.message).toBe('لم نعثر على ما طلبته.');
    expect(ar.raw).not.toMatch(/<html|<!doctype/i);
  });

  it('an unknown id answers 404, not 5xx', async () => {
    const res = await call(app, 'GET', '/products/details/999999', { lang: 'ar' });
    expectEnvelope(res, 404);
    expect(res.body.message).toMatch(ARABIC);
  });
});

describe('prototype pollution', () => {
  it('a "__proto__" key in a JSON body pollutes nothing and does not 5xx', async () => {
    const body = '{"first_name":"Salma","last_name":"Nabil","email":"proto.' + process.pid + '@example.com","phone":"01733' + String(process.pid % 1_000_000).padStart(6, '0') +
      '","password":"secret123","password_confirmation":"secret123","birth_date":"1998-03-14",' +
      '"__proto__":{"polluted":true,"points":99999},"constructor":{"prototype":{"polluted":true}}}';
    const res = await raw(app, 'POST', '/user/register', body, { 'content-type': 'application/json' });
    expect(res.statusCode).toBeLessThan(500);
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(({} as any).points).toBeUndefined();
    if (res.statusCode === 201) expect(res.body.data.user.points).toBe(0);
    // and the server's own objects are not polluted either
    const after = await call(app, 'GET', '/home');
    expect(after.statusCode).toBe(200);
    expect(after.raw).not.toContain('polluted');
  });

  it('credentials hidden under "__proto__" do not log anyone in', async () => {
    const body = JSON.stringify({ x: 1 }).replace('"x":1', `"__proto__":{"login":"${DEMO_USER.email}","password":"${DEMO_USER.password}"}`);
    const res = await raw(app, 'POST', '/user/login', body, { 'content-type': 'application/json' });
    expectEnvelope(res, 422);
    expect(res.body.errors.login).toEqual(['Required']);
    expect(({} as any).login).toBeUndefined();
  });

  it('a "__proto__" nested deep in a body does not 5xx', async () => {
    const token = await loginDemo(app);
    const res = await raw(app, 'POST', '/add/smell/1', '{"smell":[{"__proto__":{"polluted":true}}]}', {
      'content-type': 'application/json', authorization: `Bearer ${token}`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(({} as any).polluted).toBeUndefined();
  });
});

describe('bad input never produces a 5xx', () => {
  const odd: unknown[] = [null, true, 12, 'text', [], [1, 2], { a: { b: { c: [] } } }];
  it.each([
    ['/user/register'], ['/user/login'], ['/user/add/address'], ['/addToCard'], ['/remove'], ['/checkout'],
    ['/review/send'], ['/contact'], ['/changeSummaryCard/1'], ['/add/coupons/1'], ['/user/change-password'],
  ])('POST %s with bodies of the wrong shape', async (url) => {
    const token = await loginDemo(app);
    for (const body of odd) {
      const res = await raw(app, 'POST', url, JSON.stringify(body), { 'content-type': 'application/json', authorization: `Bearer ${token}` });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expectEnvelope(res, res.statusCode);
    }
  });

  it.each([
    ['/products/details/-1'], ['/products/details/0'], ['/products/details/1.5'], ['/products/details/99999999999999999999'],
    ['/products/details/%00'], ['/products/category/abc'], ['/products?page=-1&per_page=100000&sort=drop'],
    ['/products?min_price=abc&max_price=-5'], ['/orders/abc'], ['/orders/1e400'],
  ])('GET %s answers a 4xx envelope (or a normal answer), never a 5xx', async (url) => {
    const token = await loginDemo(app);
    const res = await call(app, 'GET', url, { token });
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expectEnvelope(res, res.statusCode);
  });

  it('huge and odd values inside a valid shape', async () => {
    const token = await loginDemo(app);
    const p = await seededProduct(app, 0);
    const bodies: [string, unknown][] = [
      ['/addToCard', { product_id: 1e308 }],
      ['/addToCard', { product_id: -5 }],
      ['/addToCard', { product_id: 2.5 }],
      ['/addToCard', { product_id: '9'.repeat(400) }],
      ['/remove', { product_id: p.id, qty: 1e12 }],
      ['/remove', { product_id: p.id, qty: -1 }],
      ['/review/send', { product_id: p.id, comment: 'x', rate: 1e300 }],
      ['/user/login', { login: '\u0000\u0000', password: '\uD800' }],
    ];
    for (const [url, body] of bodies) {
      const res = await call(app, 'POST', url, { token, body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectEnvelope(res, res.statusCode);
    }
  });
});

describe('server errors', () => {
  it('a 5xx is generic: the localized message, no SQL, no stack, no paths', async () => {
    const broken = await makeApp();
    try {
      await breakDatabase(broken);
      for (const lang of ['en', 'ar'] as const) {
        const res = await call(broken, 'GET', '/categories', { lang });
        expect([500, 503]).toContain(res.statusCode);
        expectEnvelope(res, res.statusCode);
        const expected = res.statusCode === 500
          ? { en: 'Something went wrong on our side. Please try again.', ar: 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.' }
          : { en: 'The shop is busy right now. Please try again in a moment.', ar: 'المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.' };
        expect(res.body.message).toBe(expected[lang]);
        expect(res.raw).not.toMatch(/SQLITE|Error:| at |\/[a-z]+\/[a-z]+|database|connection/i);
      }
      // a signed-in route fails the same way, not as a 401
      const res = await call(broken, 'GET', '/showCard', { token: 'a'.repeat(43) });
      expect([500, 503]).toContain(res.statusCode);
      expectEnvelope(res, res.statusCode);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('a busy database', () => {
  let shop: FileShop;
  let busyApp: FastifyInstance;
  let file: string;

  beforeAll(async () => {
    shop = await makeFileApp('busy');
    ({ app: busyApp, file } = shop);
  });
  afterAll(() => shop?.dispose());

  it('answers 503 with Retry-After and the localized "busy" message while another writer holds the lock, writes nothing, then succeeds', async () => {
    const { token, user } = await registerShopper(busyApp);
    const p = await seededProduct(busyApp, 0);
    const first = await call(busyApp, 'POST', '/addToCard', { token, body: { product_id: p.id } });
    expect(first.statusCode).toBe(200);
    expect(first.body.data.count).toBe(1);

    const cartRows = (db: BetterSqlite3.Database) => db.prepare(
      'select i.product_id, i.qty, i.smell_ids, i.gift_id from cart_items i join carts c on c.id = i.cart_id where c.user_id = ? order by i.id',
    ).all(user.id);

    const other = new BetterSqlite3(file, { timeout: 100 });
    try {
      const before = cartRows(other);
      expect(before).toEqual([expect.objectContaining({ product_id: p.id, qty: 1 })]);
      other.exec('BEGIN IMMEDIATE');
      let released = false;
      try {
        const started = Date.now();
        const busy = await call(busyApp, 'POST', '/addToCard', { token, lang: 'ar', body: { product_id: p.id } });
        const waited = Date.now() - started;
        expectEnvelope(busy, 503);
        expect(busy.body.message).toBe('المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.');
        const retry = Number(busy.headers['retry-after']);
        expect(Number.isFinite(retry)).toBe(true);
        expect(retry).toBeGreaterThan(0);
        // it waited briefly for the lock (the busy timeout, 500 ms), not long enough to stall the shop
        expect(waited).toBeGreaterThanOrEqual(400);
        expect(waited).toBeLessThan(3000);

        const en = await call(busyApp, 'POST', '/addToCard', { token, body: { product_id: p.id } });
        expectEnvelope(en, 503);
        expect(en.body.message).toBe('The shop is busy right now. Please try again in a moment.');
        expect(en.headers['retry-after']).toBeDefined();

        // nothing half-written
        expect(cartRows(other)).toEqual(before);
        other.exec('ROLLBACK');
        released = true;
      } finally {
        if (!released) other.exec('ROLLBACK');
      }
      expect(cartRows(other)).toEqual(before);

      const again = await call(busyApp, 'POST', '/addToCard', { token, body: { product_id: p.id } });
      expect(again.statusCode).toBe(200);
      expect(again.body.data.count).toBe(2);
      expect(cartRows(other)).toEqual([expect.objectContaining({ product_id: p.id, qty: 2 })]);
      const cart = await call(busyApp, 'GET', '/showCard', { token });
      expect(cart.body.data.card_count).toBe(2);
    } finally {
      other.close();
    }
  }, 40_000);
});

/**
 * What a checkout writes, read through another connection: the shopper's
 * orders (with items and history), cart, points and ledger, coupon uses,
 * Idempotency-Keys, and the stock of every product.
 */
function checkoutTraces(db: BetterSqlite3.Database, userId: number) {
  const one = (sql: string) => db.prepare(sql).all(userId);
  return {
    orders: one('select id, total from orders where user_id = ?'),
    items: one('select i.product_id, i.qty from order_items i join orders o on o.id = i.order_id where o.user_id = ?'),
    history: one('select h.status from order_status_history h join orders o on o.id = h.order_id where o.user_id = ?'),
    cart: one('select i.product_id, i.qty, i.smell_ids, i.gift_id, c.coupon_id, c.points_applied from cart_items i join carts c on c.id = i.cart_id where c.user_id = ? order by i.id'),
    points: one('select points from users where id = ?'),
    ledger: one('select delta, reason from points_ledger where user_id = ?') as { delta: number; reason: string }[],
    uses: one('select coupon_id from coupon_uses where user_id = ?'),
    keys: one('select key, state from idempotency_keys where user_id = ?') as { key: string; state: string }[],
    stock: db.prepare('select id, stock, units_sold from products order by id').all(),
    coupons: db.prepare('select id, used_count from coupons order by id').all(),
  };
}

/** A shopper whose cart can be checked out: the WELCOME10 coupon, 1200 points applied, a product without smells. */
async function readyToCheckOut(target: FastifyInstance) {
  const { token, user } = await registerShopper(target);
  const p = await seededProduct(target, 2);
  expect((await call(target, 'POST', '/addToCard', { token, body: { product_id: p.id } })).statusCode).toBe(200);
  const addressId = await addAddress(target, token);
  await target.db.updateTable('users').set({ points: 1200 }).where('id', '=', user.id).execute();
  await target.db.insertInto('points_ledger').values({ user_id: user.id, delta: 1200, reason: 'welcome', order_id: null, created_at: new Date().toISOString() }).execute();
  const cart = (await call(target, 'GET', '/showCard', { token })).body.data;
  expect((await call(target, 'POST', `/add/coupons/${cart.card_id}`, { token, body: { name: 'WELCOME10' } })).statusCode).toBe(200);
  expect((await call(target, 'GET', '/usepoint/done', { token })).statusCode).toBe(200);
  return { token, userId: user.id as number, body: checkoutBody(cart.card_id, addressId) };
}

describe('a busy database during checkout (the multi-step write)', () => {
  let shop: FileShop;
  let busyApp: FastifyInstance;
  let file: string;

  beforeAll(async () => {
    shop = await makeFileApp('busy-checkout');
    ({ app: busyApp, file } = shop);
  });
  afterAll(() => shop?.dispose());

  it('answers 503 with Retry-After, writes nothing of the order, and the same Idempotency-Key then places it once', async () => {
    const s = await readyToCheckOut(busyApp);
    const headers = { 'idempotency-key': 'key-busy-checkout-1' };
    const other = new BetterSqlite3(file, { timeout: 100 });
    const original = busyApp.checkout.place;
    try {
      const before = checkoutTraces(other, s.userId);

      // Another writer holds the lock when the checkout arrives: its key cannot even be claimed.
      other.exec('BEGIN IMMEDIATE');
      try {
        const busy = await call(busyApp, 'POST', '/checkout', { token: s.token, headers, body: s.body, lang: 'ar' });
        expectEnvelope(busy, 503);
        expect(busy.body.message).toBe('المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.');
        expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        other.exec('ROLLBACK');
      }
      expect(checkoutTraces(other, s.userId)).toEqual(before);

      // Another writer takes the lock after the key is claimed, before the order's transaction
      // (the shop command moving an order along at that moment).
      busyApp.checkout.place = (...args: Parameters<typeof original>) => {
        other.exec('BEGIN IMMEDIATE');
        return original.apply(busyApp.checkout, args) as never;
      };
      try {
        const busy = await call(busyApp, 'POST', '/checkout', { token: s.token, headers, body: s.body });
        expectEnvelope(busy, 503);
        expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
        expect(busy.headers['idempotent-replayed']).toBeUndefined();
      } finally {
        busyApp.checkout.place = original;
        if (other.inTransaction) other.exec('ROLLBACK');
      }
      const { keys, ...rest } = checkoutTraces(other, s.userId);
      const { keys: keysBefore, ...restBefore } = before;
      expect(rest).toEqual(restBefore);
      expect(keysBefore).toEqual([]);

      // The lock is free again: the same key places the order, once, without waiting for a key nobody holds.
      const started = Date.now();
      const placed = await call(busyApp, 'POST', '/checkout', { token: s.token, headers, body: s.body });
      expect(placed.statusCode, placed.raw).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const again = await call(busyApp, 'POST', '/checkout', { token: s.token, headers, body: s.body });
      expect(again.raw).toBe(placed.raw);
      const after = checkoutTraces(other, s.userId);
      expect(after.orders).toHaveLength(1);
      expect(after.items).toHaveLength(1);
      expect(after.history).toEqual([{ status: 'pending' }]);
      expect(after.cart).toEqual([]);
      expect(after.uses).toHaveLength(1);
      expect(after.keys).toEqual([{ key: 'key-busy-checkout-1', state: 'done' }]);
      // The failed attempt kept no answer for its key.
      expect(keys.filter((k) => k.state === 'done')).toEqual([]);
      expect(other.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      busyApp.checkout.place = original;
      other.close();
    }
  }, 40_000);
});

describe('a full database', () => {
  it('keeps the error SQLite ended a transaction with: no second rollback hides it', async () => {
    const { app: shop, dispose } = await makeFileApp('rolled-back');
    try {
      const soldOut = () => shop.db.selectFrom('products').select('id').where('stock', '=', 0).execute();
      const before = await soldOut();
      const failed = await shop.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ stock: 0 }).execute();
        // What SQLite does on a full disk or an I/O error: the transaction ends, and the statement fails.
        shop.rawDb.exec('rollback');
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      }).catch((error: { code?: string }) => error);
      expect(failed.code).toBe('SQLITE_FULL');
      expect(shop.rawDb.inTransaction).toBe(false);
      expect(await soldOut()).toEqual(before);
    } finally {
      await dispose();
    }
  });

  it('answers 503 with Retry-After, in the shopper\'s language, and writes nothing half-way', async () => {
    const { app: fullApp, dispose } = await makeFileApp('full');
    try {
      const { token } = await registerShopper(fullApp);
      const p = await seededProduct(fullApp, 2);
      const before = await call(fullApp, 'GET', '/showCard', { token });
      // No page may be added: the disk is "full" for SQLite.
      const pages = fullApp.rawDb.pragma('page_count', { simple: true }) as number;
      fullApp.rawDb.pragma(`max_page_count = ${pages}`);
      // Enough new rows to need a new page.
      let full: Answer | null = null;
      for (let i = 0; i < 200 && !full; i++) {
        const res = await call(fullApp, 'POST', '/user/register', {
          lang: 'ar',
          body: {
            first_name: 'Salma', last_name: 'Nabil', email: `full${i}-${'x'.repeat(150)}@example.com`, phone: `0155${String(i).padStart(7, '0')}`,
            password: 'secret123', password_confirmation: 'secret123', birth_date: '1998-03-14',
          },
        });
        if (res.statusCode !== 201) full = res;
      }
      expect(full).not.toBeNull();
      expect(full!.statusCode).toBe(503);
      expect(Number(full!.headers['retry-after'])).toBeGreaterThan(0);
      expect(full!.body).toEqual({ status: 503, message: 'المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.' });
      expect(full!.raw).not.toMatch(/SQLITE|full/i);
      // Reads still work, and the cart is as it was.
      expect(await call(fullApp, 'GET', '/showCard', { token })).toMatchObject({ statusCode: 200, body: before.body });
      expect((await call(fullApp, 'GET', `/products/details/${p.id}`)).statusCode).toBe(200);
      expect(fullApp.rawDb.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await dispose();
    }
  });

  describe('in the middle of an order', () => {
    let shop: FileShop;
    let midApp: FastifyInstance;
    let other: BetterSqlite3.Database;

    beforeAll(async () => {
      shop = await makeFileApp('full-mid');
      midApp = shop.app;
      other = new BetterSqlite3(shop.file, { timeout: 1000 });
      other.exec('create table filler (b blob)');
    });
    afterAll(async () => {
      other?.close();
      await shop?.dispose();
    });

    // The disk fills up at a chosen step of the order's writes: a trigger on
    // that step's table writes a megabyte the disk (max_page_count) has no
    // room for, so that statement fails with SQLITE_FULL after the earlier
    // steps were written.
    it.each([
      ['its items', 'insert', 'order_items'],
      ['the coupon use', 'insert', 'coupon_uses'],
      ['the points ledger', 'insert', 'points_ledger'],
      ['its first status', 'insert', 'order_status_history'],
      ['the key\'s kept answer (the last step)', 'update', 'idempotency_keys'],
    ])('at %s: 503 with Retry-After, nothing of the order kept, and the same key then places it once', async (_step, event, table) => {
      const s = await readyToCheckOut(midApp);
      const key = `key-full-at-${table}`;
      const original = midApp.checkout.place;
      const failures: unknown[] = [];
      other.exec(`create trigger fill_up after ${event} on ${table} begin insert into filler values (zeroblob(1048576)); end`);
      try {
        midApp.checkout.place = (...args: Parameters<typeof original>) => {
          midApp.rawDb.pragma(`max_page_count = ${midApp.rawDb.pragma('page_count', { simple: true }) as number}`);
          return original.apply(midApp.checkout, args).catch((error: unknown) => {
            failures.push((error as { code?: string }).code);
            throw error;
          }).finally(() => midApp.rawDb.pragma('max_page_count = 1073741823')) as never;
        };
        const before = checkoutTraces(other, s.userId);
        const res = await call(midApp, 'POST', '/checkout', { token: s.token, headers: { 'idempotency-key': key }, body: s.body });
        expect(failures).toEqual(['SQLITE_FULL']);
        expectEnvelope(res, 503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(checkoutTraces(other, s.userId)).toEqual(before);
        expect(other.prepare('select count(*) as n from filler').get()).toEqual({ n: 0 });
      } finally {
        midApp.checkout.place = original;
        other.exec('drop trigger if exists fill_up');
      }
      const ok = await call(midApp, 'POST', '/checkout', { token: s.token, headers: { 'idempotency-key': key }, body: s.body });
      expect(ok.statusCode, ok.raw).toBe(200);
      const after = checkoutTraces(other, s.userId);
      expect(after.orders).toHaveLength(1);
      expect(after.items).toHaveLength(1);
      expect(after.history).toEqual([{ status: 'pending' }]);
      expect(after.uses).toHaveLength(1);
      expect(after.ledger.map((r) => r.reason).sort()).toEqual(['order_earned', 'order_spent', 'welcome']);
      expect(after.keys).toEqual([{ key, state: 'done' }]);
      expect(other.pragma('integrity_check', { simple: true })).toBe('ok');
    });
  });

  it('as orders fill the disk up: the checkout that finds no room answers 503 with Retry-After, leaves no part of the order, and with room again its key places it once', async () => {
    const { app: fullApp, file, dispose } = await makeFileApp('full-checkout');
    const other = new BetterSqlite3(file, { timeout: 1000 });
    const original = fullApp.checkout.place;
    try {
      const shoppers = [];
      for (let i = 0; i < 4; i++) shoppers.push(await readyToCheckOut(fullApp));
      const giftBox = await seededProduct(fullApp, 2);
      // The disk is full while the order is written, after its key is claimed:
      // no page may be added meanwhile.
      const failures: unknown[] = [];
      fullApp.checkout.place = (...args: Parameters<typeof original>) => {
        fullApp.rawDb.pragma(`max_page_count = ${fullApp.rawDb.pragma('page_count', { simple: true }) as number}`);
        return original.apply(fullApp.checkout, args).catch((error: unknown) => {
          failures.push((error as { code?: string }).code);
          throw error;
        }).finally(() => fullApp.rawDb.pragma('max_page_count = 1073741823')) as never;
      };
      // Orders (the shoppers buy again and again) until one needs a page the disk does not have.
      let full: { s: (typeof shoppers)[number]; key: string; res: Answer; before: ReturnType<typeof checkoutTraces> } | null = null;
      for (let i = 0; i < 200 && !full; i++) {
        const s = shoppers[i % shoppers.length];
        if (i >= shoppers.length) {
          expect((await call(fullApp, 'POST', '/addToCard', { token: s.token, body: { product_id: giftBox.id } })).statusCode).toBe(200);
        }
        const before = checkoutTraces(other, s.userId);
        const key = `key-full-${i}`;
        const res = await call(fullApp, 'POST', '/checkout', { token: s.token, headers: { 'idempotency-key': key }, body: s.body, lang: 'ar' });
        if (res.statusCode !== 200) full = { s, key, res, before };
      }
      expect(full, 'every order fitted').not.toBeNull();
      // The order's own transaction met the full disk (not the key's claim before it).
      expect(failures).toEqual(['SQLITE_FULL']);
      expectEnvelope(full!.res, 503);
      expect(full!.res.body.message).toBe('المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.');
      expect(Number(full!.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(full!.res.raw).not.toMatch(/SQLITE|full/i);
      // Nothing of the order, and its key is free again.
      expect(checkoutTraces(other, full!.s.userId)).toEqual(full!.before);
      expect(fullApp.rawDb.pragma('integrity_check', { simple: true })).toBe('ok');

      // Room again: the same key places the order, once.
      fullApp.checkout.place = original;
      const ok = await call(fullApp, 'POST', '/checkout', { token: full!.s.token, headers: { 'idempotency-key': full!.key }, body: full!.s.body });
      expect(ok.statusCode, ok.raw).toBe(200);
      const after = checkoutTraces(other, full!.s.userId);
      expect(after.orders).toHaveLength(full!.before.orders.length + 1);
      expect(after.items).toHaveLength(full!.before.items.length + 1);
      expect(after.history).toHaveLength(full!.before.history.length + 1);
      expect(after.cart).toEqual([]);
      expect(ok.body.data.order.total).toBeGreaterThan(0);
    } finally {
      fullApp.checkout.place = original;
      other.close();
      await dispose();
    }
  }, 60_000);
});
