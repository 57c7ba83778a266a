// Reviews (docs/rules.md, "Reviews"): one per account and product, written by
// an upsert; the migration that made it so; verified buyers; the per-account
// write limit; pages of reviews; and a product page that stays small however
// many reviews its product has.
import type { Lang } from '../../server/contract/lang.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../server/db/database.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed/seed.ts';
import { MEDIA_DIR, OWNER_PASSWORD, addAddress, call, checkoutBody, completeCart, makeApp, registerShopper, seededProduct } from './helpers.ts';
import { refreshRatings } from '../../server/db/product-ratings.ts';
import { planOf, UNIQUE_VIOLATION, wholeTableReads } from './db-inspect.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const send = (token: string, productId: number, rate: number, comment: string, lang?: Lang) =>
  call(app, 'POST', '/review/send', { token, lang, body: { product_id: productId, comment, rate } });

const detailsOf = async (id: number) => {
  const res = await call(app, 'GET', `/products/details/${id}`);
  expect(res.statusCode).toBe(200);
  return res.body.data;
};

const cardOf = async (id: number) => {
  const res = await call(app, 'GET', '/products?per_page=48');
  return res.body.data.products.find((c: { id: number }) => c.id === id);
};

/** Count, average (one decimal) and per-star shares of a product's stored reviews, worked out here. */
async function storedStats(productId: number) {
  const rows = await app.db.selectFrom('reviews').select('rate_halves').where('product_id', '=', productId).execute();
  const n = rows.length;
  const sum = rows.reduce((s, r) => s + r.rate_halves, 0);
  const counts = [0, 0, 0, 0, 0];
  for (const r of rows) counts[Math.ceil(r.rate_halves / 2) - 1]++;
  return {
    n,
    avg: n ? Math.round((sum / n / 2) * 10) / 10 : 0,
    pct: Object.fromEntries(counts.map((c, i) => [String(i + 1), n ? Math.round((c / n) * 100) : 0])),
  };
}

let accounts = 0;

/**
 * `count` accounts written straight into the database (registering through
 * the API hashes a password each time), each with one review of the product,
 * a minute apart from `from` on: the last one is the newest.
 */
async function reviewers(productId: number, count: number, options: { from?: string; comment?: (i: number) => string; halves?: (i: number) => number } = {}) {
  const from = Date.parse(options.from ?? '2030-01-01T00:00:00.000Z');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    accounts += 1;
    const user = await app.db.insertInto('users').values({
      first_name: 'Reviewer', last_name: `No${accounts}`, email: `reviewer${accounts}@example.com`,
      phone: `0155${String(accounts).padStart(7, '0')}`, password_hash: '!test', birth_date: '1990-01-01', points: 0,
      created_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('reviews').values({
      product_id: productId, user_id: user.id, rate_halves: options.halves?.(i) ?? 8,
      comment: options.comment?.(i) ?? `Review ${i} by No${accounts}`, created_at: new Date(from + i * 60_000).toISOString(),
    }).execute();
    ids.push(user.id);
  }
  // Written behind the repository's back: the product's counted stars and its cached pages follow.
  await refreshRatings(app.db, [productId]);
  app.catalog.invalidateDetails(productId);
  return ids;
}

describe('one review per account and product', () => {
  it('a second send by the same account edits the review: the count stays, the average moves', async () => {
    const p = await seededProduct(app, 5);
    const { token, user } = await registerShopper(app);
    const before = await detailsOf(p.id);

    const first = await send(token, p.id, 5, 'Lovely, lasts all day.');
    expect(first.body).toEqual({ status: 200, message: 'Thank you for your review.', data: null });
    const once = await detailsOf(p.id);
    expect(once.reviews_count).toBe(before.reviews_count + 1);

    const second = await send(token, p.id, 1, 'It faded within an hour.');
    expect(second.body).toEqual({ status: 200, message: 'Your review has been updated.', data: null });
    const third = await send(token, p.id, 1.5, 'It faded within an hour, sadly.', 'ar');
    expect(third.body).toEqual({ status: 200, message: 'تم تحديث تقييمك.', data: null });

    const rows = await app.db.selectFrom('reviews').selectAll().where('user_id', '=', user.id).where('product_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rate_halves: 3, comment: 'It faded within an hour, sadly.' });
    expect(rows[0].updated_at).not.toBeNull();
    expect(Date.parse(rows[0].updated_at!)).toBeGreaterThanOrEqual(Date.parse(rows[0].created_at));

    const stats = await storedStats(p.id);
    const after = await detailsOf(p.id);
    expect(after.reviews_count).toBe(once.reviews_count);
    expect(after.reviews_count).toBe(stats.n);
    expect(after.Product_details.reviews).toBe(stats.avg);
    expect(after.Product_details.reviews).not.toBe(once.Product_details.reviews);
    expect(after.review_rate).toEqual(stats.pct);
    const mine = after.review.filter((r: { user_name: string }) => r.user_name === `${user.first_name} ${user.last_name}`);
    expect(mine).toEqual([expect.objectContaining({ rate: 1.5, comment: 'It faded within an hour, sadly.' })]);

    // The product's card counts the one review too.
    const card = await cardOf(p.id);
    expect(card.reviews_count).toBe(stats.n);
    expect(card.rate).toBe(stats.avg);

    // The shopper's own review, as the edit dialog reads it.
    const own = await call(app, 'GET', `/review/mine/${p.id}`, { token });
    expect(own.body).toEqual({ status: 200, message: 'OK', data: { review: { rate: 1.5, comment: 'It faded within an hour, sadly.', created_at: rows[0].created_at } } });
  });

  it('many sends at once by one account leave one row, and only the first says "sent"', async () => {
    const p = await seededProduct(app, 6);
    const { token, user } = await registerShopper(app);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(token, p.id, (i % 10 + 1) / 2, `Take ${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === 'Thank you for your review.')).toHaveLength(1);
    expect(messages.filter((m) => m === 'Your review has been updated.')).toHaveLength(39);
    const rows = await app.db.selectFrom('reviews').select(['comment']).where('user_id', '=', user.id).where('product_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    // The database itself refuses a second row, whatever code tries.
    await expect(app.db.insertInto('reviews').values({
      product_id: p.id, user_id: user.id, rate_halves: 10, comment: 'again', created_at: new Date().toISOString(),
    }).execute()).rejects.toThrow(UNIQUE_VIOLATION);
  });

  it('answers the signed-in shopper\'s own review of a product, null when there is none, 404 for an unknown product', async () => {
    const p = await seededProduct(app, 10);
    const { token } = await registerShopper(app);
    expect((await call(app, 'GET', `/review/mine/${p.id}`, { token })).body).toEqual({ status: 200, message: 'OK', data: { review: null } });
    // Another shopper's review is not "mine".
    const other = await registerShopper(app);
    await send(other.token, p.id, 4, 'Strong and sweet.');
    expect((await call(app, 'GET', `/review/mine/${p.id}`, { token })).body.data).toEqual({ review: null });
    expect((await call(app, 'GET', `/review/mine/${p.id}`, { token: other.token })).body.data.review).toEqual({ rate: 4, comment: 'Strong and sweet.', created_at: expect.any(String) });
    expect((await call(app, 'GET', `/review/mine/${p.id}`)).statusCode).toBe(401);
    const unknown = await call(app, 'GET', '/review/mine/999999', { token, lang: 'ar' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({ status: 404, message: 'لم يتم العثور على هذا المنتج.' });
  });
});

describe('migration 004', () => {
  it('keeps each account\'s latest review of a product (by created_at, then id) and deletes the others', async () => {
    const opened = openDatabase(':memory:');
    try {
      const { db } = opened;
      // The seed writes today's tables: seeded there, then taken down to the tables as 003 left them.
      await migrateToLatest(db);
      await seedIfEmpty(db, { mediaDir: MEDIA_DIR, ownerPassword: OWNER_PASSWORD });
      await migrateTo(db, '003-idempotency-holder');
      const seeded = await db.selectFrom('reviews').select(['id', 'product_id', 'user_id', 'created_at', 'comment']).orderBy('id').execute();
      expect(seeded.length).toBeGreaterThan(40);
      const [a, b] = seeded;
      const add = async (of: { product_id: number; user_id: number }, created_at: string, comment: string) =>
        db.insertInto('reviews').values({ product_id: of.product_id, user_id: of.user_id, rate_halves: 1, comment, created_at }).execute();
      // a: two older duplicates and one newer, written in a shuffled order.
      await add(a, '2001-01-01T00:00:00.000Z', 'a: oldest');
      await add(a, '2099-01-01T00:00:00.000Z', 'a: newest');
      await add(a, '2002-01-01T00:00:00.000Z', 'a: older');
      // b: one written at the very time of the seeded one: the higher id (written last) wins.
      await add(b, b.created_at, 'b: same time, written later');

      await migrateToLatest(db);

      const kept = await db.selectFrom('reviews').select(['product_id', 'user_id', 'comment', 'updated_at']).orderBy('id').execute();
      expect(kept).toHaveLength(seeded.length);
      const of = (r: { product_id: number; user_id: number }) => kept.filter((k) => k.product_id === r.product_id && k.user_id === r.user_id);
      expect(of(a).map((k) => k.comment)).toEqual(['a: newest']);
      expect(of(b).map((k) => k.comment)).toEqual(['b: same time, written later']);
      // Every other seeded review is untouched.
      for (const r of seeded.slice(2)) expect(of(r).map((k) => k.comment)).toEqual([r.comment]);
      expect(kept.every((k) => k.updated_at === null)).toBe(true);
      // And from now on the database refuses a second review by an account.
      await expect(add(a, new Date().toISOString(), 'a: again')).rejects.toThrow(UNIQUE_VIOLATION);
    } finally {
      await opened.close();
    }
  });
});

describe('GET /products/{id}/reviews', () => {
  it('pages the reviews newest first with the lists\' meta; the product page carries the first page', async () => {
    const p = await seededProduct(app, 7);
    await reviewers(p.id, 9);
    const all = await app.db.selectFrom('reviews as r').innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.comment', 'r.rate_halves', 'r.created_at', 'u.first_name', 'u.last_name'])
      .where('r.product_id', '=', p.id).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
    const total = all.length;
    expect(total).toBeGreaterThan(10);
    const expected = all.map((r) => ({
      user_name: `${r.first_name} ${r.last_name}`, rate: r.rate_halves / 2, comment: r.comment, created_at: r.created_at, verified: false,
    }));
    const lastPage = Math.ceil(total / 5);

    const first = await call(app, 'GET', `/products/${p.id}/reviews`);
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toEqual({ reviews: expected.slice(0, 5), meta: { page: 1, per_page: 5, total, last_page: lastPage } });

    const pages = [];
    for (let page = 1; page <= lastPage; page++) {
      const res = await call(app, 'GET', `/products/${p.id}/reviews?page=${page}`, { lang: 'ar' });
      expect(res.body.data.meta).toEqual({ page, per_page: 5, total, last_page: lastPage });
      expect(res.body.data.reviews.length).toBe(page < lastPage ? 5 : total - 5 * (lastPage - 1));
      pages.push(...res.body.data.reviews);
    }
    expect(pages).toEqual(expected);

    // The details page: the same first page, the count of all.
    const d = await detailsOf(p.id);
    expect(d.review).toEqual(expected.slice(0, 5));
    expect(d.reviews_count).toBe(total);

    const wide = (await call(app, 'GET', `/products/${p.id}/reviews?per_page=20`)).body.data;
    expect(wide).toEqual({ reviews: expected.slice(0, 20), meta: { page: 1, per_page: 20, total, last_page: Math.ceil(total / 20) } });
    const past = (await call(app, 'GET', `/products/${p.id}/reviews?page=${lastPage + 1}`)).body.data;
    expect(past).toEqual({ reviews: [], meta: { page: lastPage + 1, per_page: 5, total, last_page: lastPage } });
  });

  it('refuses pages out of bounds and answers 404 for an unknown product', async () => {
    const p = await seededProduct(app, 7);
    for (const query of ['page=0', 'page=-1', 'per_page=21', 'per_page=0', 'page=abc']) {
      const res = await call(app, 'GET', `/products/${p.id}/reviews?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([query.split('=')[0]]);
    }
    for (const lang of ['en', 'ar'] as const) {
      const res = await call(app, 'GET', '/products/999999/reviews', { lang });
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 404, message: lang === 'en' ? 'This product was not found.' : 'لم يتم العثور على هذا المنتج.' });
    }
  });
});

describe('verified buyers', () => {
  /** A shopper who ordered the product (moved through `statuses`), and their token. */
  async function buyer(productId: number, statuses: string[]) {
    const shopper = await registerShopper(app);
    expect((await call(app, 'POST', '/addToCard', { token: shopper.token, body: { product_id: productId } })).statusCode).toBe(200);
    const cart = await completeCart(app, shopper.token);
    const address = await addAddress(app, shopper.token);
    const placed = await call(app, 'POST', '/checkout', { token: shopper.token, body: checkoutBody(cart.card_id, address) });
    expect(placed.statusCode, placed.raw).toBe(200);
    for (const status of statuses) await app.orderStatus.change(placed.body.data.order.number, status, { userId: null });
    return shopper;
  }
  const DELIVERED = ['confirmed', 'on the way', 'out for delivery', 'delivered'];

  it('marks a review verified only when its writer has a delivered order with that product', async () => {
    const [x, y] = [await seededProduct(app, 4), await seededProduct(app, 11)];
    const delivered = await buyer(x.id, DELIVERED);
    const onTheWay = await buyer(x.id, ['confirmed', 'on the way']);
    const cancelled = await buyer(x.id, ['cancelled']);
    const otherProduct = await buyer(y.id, DELIVERED);
    const never = await registerShopper(app);
    const writers = { delivered, onTheWay, cancelled, otherProduct, never };
    for (const [name, w] of Object.entries(writers)) expect((await send(w.token, x.id, 4, `by ${name}`)).statusCode).toBe(200);

    const verifiedOf = (reviews: { comment: string; verified: boolean }[]) =>
      Object.fromEntries(reviews.filter((r) => r.comment.startsWith('by ')).map((r) => [r.comment.slice(3), r.verified]));
    const expected = { delivered: true, onTheWay: false, cancelled: false, otherProduct: false, never: false };
    expect(verifiedOf((await detailsOf(x.id)).review)).toEqual(expected);
    expect(verifiedOf((await call(app, 'GET', `/products/${x.id}/reviews?per_page=20`)).body.data.reviews)).toEqual(expected);

    // The order on its way arrives: its writer becomes a verified buyer.
    const order = (await call(app, 'GET', '/orders', { token: onTheWay.token })).body.data.orders[0];
    for (const status of ['out for delivery', 'delivered']) await app.orderStatus.change(order.number, status, { userId: null });
    expect(verifiedOf((await call(app, 'GET', `/products/${x.id}/reviews?per_page=20`)).body.data.reviews))
      .toEqual({ ...expected, onTheWay: true });
  });

  it('is looked up through indexes: the writer\'s orders, then each order\'s lines', async () => {
    const p = await seededProduct(app, 2);
    const query = app.catalog.reviewsQuery(p.id, 5, 0).compile();
    const plan = await planOf(app, query);
    if (app.dbDialect === 'postgres') {
      for (const table of ['r', 'o', 'oi']) expect(wholeTableReads(plan, `\\w+ ${table}`), plan.join('\n')).toEqual([]);
      return;
    }
    expect(plan).toEqual(expect.arrayContaining([
      expect.stringMatching(/^SEARCH r USING (COVERING )?INDEX reviews_product_created_idx \(product_id=\?\)$/),
      expect.stringMatching(/^SEARCH o USING (COVERING )?INDEX orders_user_(status_)?idx \(user_id=\?( AND status=\?)?\)$/),
      expect.stringMatching(/^SEARCH oi USING (COVERING )?INDEX order_items_order_idx \(order_id=\?\)$/),
    ]));
    // No table read whole, and no sort outside the index.
    expect(plan.filter((line) => /^SCAN|TEMP B-TREE/.test(line))).toEqual([]);
  });
});

describe('the write limit', () => {
  it('answers 429 in the envelope, with Retry-After, once an account has sent the most reviews a window allows', async () => {
    const limited = await makeApp({ reviewRateLimitMax: 3, reviewRateLimitWindowMs: 60 * 60 * 1000 });
    try {
      const [p, q] = [await seededProduct(limited, 8), await seededProduct(limited, 9)];
      const shopper = await registerShopper(limited);
      const other = await registerShopper(limited);
      const sendAs = (token: string, productId: number, comment: string, lang?: Lang) =>
        call(limited, 'POST', '/review/send', { token, lang, body: { product_id: productId, comment, rate: 4 } });
      for (const comment of ['one', 'two', 'three']) expect((await sendAs(shopper.token, p.id, comment)).statusCode).toBe(200);

      for (const [productId, lang] of [[p.id, 'en'], [q.id, 'ar']] as const) {
        // Per account: another product does not reset it.
        const refused = await sendAs(shopper.token, productId, 'four', lang);
        expect(refused.statusCode).toBe(429);
        expect(Object.keys(refused.body).sort()).toEqual(['message', 'status']);
        expect(refused.body.status).toBe(429);
        const seconds = Number(refused.headers['retry-after']);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(3600);
        // The header in seconds; the message in whole minutes, rounded up (an hour's window less this test's
        // own time, which its 60 s limit bounds: 59 or 60).
        const minutes = Math.ceil(seconds / 60);
        expect(minutes).toBeGreaterThanOrEqual(59);
        expect(refused.body.message).toBe(lang === 'en'
          ? `Too many attempts. Please try again in ${minutes} minutes.`
          : `محاولات كثيرة جداً. يُرجى المحاولة مرة أخرى بعد ${new Intl.NumberFormat('ar-EG').format(minutes)} دقيقة.`);
      }
      // Nothing was written past the limit.
      const rows = await limited.db.selectFrom('reviews').select('comment').where('user_id', '=', shopper.user.id).execute();
      expect(rows.map((r) => r.comment)).toEqual(['three']);
      // Another account, from the same address, still writes.
      expect((await sendAs(other.token, p.id, 'mine')).statusCode).toBe(200);
      // Reading is not limited.
      expect((await call(limited, 'GET', `/review/mine/${p.id}`, { token: shopper.token })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('a product with many reviews', () => {
  it('keeps the product page small: the first page of 300 reviews by 300 accounts, counted and averaged over all of them', async () => {
    const p = await seededProduct(app, 2);
    const seeded = (await storedStats(p.id)).n;
    // Long comments and low stars, as the attack wrote them.
    await reviewers(p.id, 300, { from: '2031-01-01T00:00:00.000Z', comment: (i) => `${i} ${'x'.repeat(1990)}`, halves: (i) => (i % 2) + 1 });
    const stats = await storedStats(p.id);
    expect(stats.n).toBeGreaterThanOrEqual(seeded + 300);

    for (const lang of ['en', 'ar'] as const) {
      const res = await call(app, 'GET', `/products/details/${p.id}`, { lang });
      expect(res.statusCode).toBe(200);
      // Five reviews of 2,000 characters and the rest of the page: about 13 KB, not 600.
      expect(res.raw.length).toBeLessThan(20_000);
      const d = res.body.data;
      expect(d.review.map((r: { comment: string }) => r.comment.split(' ')[0])).toEqual(['299', '298', '297', '296', '295']);
      expect(d.reviews_count).toBe(stats.n);
      expect(d.Product_details.reviews).toBe(stats.avg);
      expect(d.review_rate).toEqual(stats.pct);
    }
    const card = await cardOf(p.id);
    expect(card.reviews_count).toBe(stats.n);
    expect(card.rate).toBe(stats.avg);
  });
});
