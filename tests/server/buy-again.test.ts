// Buy again (docs/rules.md, "Buy again"): an order's lines back in the cart with their smells and
// gift, what cannot be bought skipped and named, anyone else's order refused as not found, and a
// retry with the same Idempotency-Key adding once. Also the product page's "only N left" count.
// Runs on SQLite (project server) and PostgreSQL (project server-pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, loginDemo, makeApp, placeOrder, registerShopper, seededProduct } from './helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

interface Line { product_id: number; product_qty: number; smell: (string | null)[]; gift_id: number | null }
interface Outcome { product_id: number; name: string; ordered: number; added: number; reason: string | null; smells: string[] }

const buyAgain = (token: string, orderId: number, options: { key?: string; lang?: 'en' | 'ar' } = {}) =>
  call(app, 'POST', `/orders/${orderId}/buy-again`, { token, lang: options.lang, headers: options.key ? { 'idempotency-key': options.key } : {} });

const orderLines = async (token: string, orderId: number) =>
  (await call(app, 'GET', `/orders/${orderId}`, { token })).body.data.order.items as { product_id: number; qty: number; smell: string[]; gift: string | null }[];

const cartOf = async (token: string) => (await call(app, 'GET', '/showCard', { token })).body.data as { product_in_card: Line[]; card_count: number };

async function setProduct(id: number, values: { stock?: number; archived_at?: string | null }) {
  await app.db.updateTable('products').set(values).where('id', '=', id).execute();
  app.catalog.invalidateDetails();
}

describe('POST /orders/{id}/buy-again', () => {
  it('puts every line back with the same smells and gift, and answers the cart', async () => {
    const { token } = await registerShopper(app);
    const { order } = await placeOrder(app, token, [{ index: 0, qty: 2 }, { index: 1, qty: 2 }, { index: 2, qty: 1 }]);
    expect((await cartOf(token)).card_count).toBe(0);
    const ordered = await orderLines(token, order.id);
    const gifted = await app.db.selectFrom('order_items').select(['product_id', 'gift_id']).where('order_id', '=', order.id).execute();

    const res = await buyAgain(token, order.id);
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('The order\'s products are back in your cart.');
    const lines = res.body.data.lines as Outcome[];
    expect(lines.map((l) => [l.product_id, l.ordered, l.added, l.reason])).toEqual(ordered.map((o) => [o.product_id, o.qty, o.qty, null]));

    const cart = res.body.data.cart as { product_in_card: Line[]; card_count: number };
    expect(cart.card_count).toBe(5);
    expect(await cartOf(token)).toEqual(cart);
    for (const item of ordered) {
      const line = cart.product_in_card.find((l) => l.product_id === item.product_id)!;
      expect(line.product_qty).toBe(item.qty);
      // The product without smells has none to choose; the others have the order's, unit by unit.
      expect(line.smell.filter((s) => s !== null)).toEqual(item.smell);
      expect(line.smell).toHaveLength(item.qty);
    }
    const giftLine = gifted.find((g) => g.gift_id !== null)!;
    expect(giftLine).toBeDefined();
    expect(cart.product_in_card.find((l) => l.product_id === giftLine.product_id)!.gift_id).toBe(giftLine.gift_id);
  });

  it('adds on top of what the cart holds, and never above the stock', async () => {
    const { token } = await registerShopper(app);
    const p0 = await seededProduct(app, 0);
    const { order } = await placeOrder(app, token, [{ index: 0, qty: 2 }]);
    const left = (await seededProduct(app, 0)).stock;
    // The cart already holds all but one of what is left.
    await app.db.updateTable('products').set({ stock: 3 }).where('id', '=', p0.id).execute();
    expect((await call(app, 'POST', '/addToCard', { token, body: { product_id: p0.id } })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/addToCard', { token, body: { product_id: p0.id } })).statusCode).toBe(200);
    const res = await buyAgain(token, order.id);
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.message).toBe('Some of the order\'s products are back in your cart; some could not be added.');
    expect(res.body.data.lines).toEqual([expect.objectContaining({ product_id: p0.id, ordered: 2, added: 1, reason: 'stock_limit' })]);
    const line = (await cartOf(token)).product_in_card.find((l) => l.product_id === p0.id)!;
    expect(line.product_qty).toBe(3);
    // The two units added by hand have no smell yet; the one put back has the order's first.
    const ordered = await orderLines(token, order.id);
    expect(line.smell).toEqual([null, null, ordered[0].smell[0]]);
    await app.db.updateTable('products').set({ stock: left }).where('id', '=', p0.id).execute();
  });

  it('skips what is archived, sold out or no longer has its smell, and names each in the shopper\'s language', async () => {
    const { token } = await registerShopper(app);
    const [p0, p1, p2] = await Promise.all([0, 1, 2].map((i) => seededProduct(app, i)));
    const { order } = await placeOrder(app, token, [{ index: 0, qty: 1 }, { index: 1, qty: 1 }, { index: 2, qty: 1 }]);
    const ordered = await orderLines(token, order.id);
    const smell = await app.db.selectFrom('product_smells').selectAll()
      .where('product_id', '=', p0.id).where('name_en', '=', ordered.find((o) => o.product_id === p0.id)!.smell[0]).executeTakeFirstOrThrow();
    try {
      await setProduct(p1.id, { stock: 0 });
      await setProduct(p2.id, { archived_at: new Date().toISOString() });
      // The smell this order had is renamed by the owner: no longer one the product offers.
      await app.db.updateTable('product_smells').set({ name_en: 'Discontinued', name_ar: 'متوقفة' }).where('id', '=', smell.id).execute();

      const res = await buyAgain(token, order.id, { lang: 'ar' });
      expect(res.statusCode, res.raw).toBe(200);
      expect(res.body.message).toBe('لم نقدر نضيف أي منتج من هذا الطلب إلى سلتك.');
      const byProduct = new Map((res.body.data.lines as Outcome[]).map((l) => [l.product_id, l]));
      expect(byProduct.get(p0.id)).toEqual({ product_id: p0.id, name: p0.name_ar, ordered: 1, added: 0, reason: 'smell_gone', smells: [smell.name_ar] });
      expect(byProduct.get(p1.id)).toEqual({ product_id: p1.id, name: p1.name_ar, ordered: 1, added: 0, reason: 'out_of_stock', smells: [] });
      expect(byProduct.get(p2.id)).toEqual({ product_id: p2.id, name: p2.name_ar, ordered: 1, added: 0, reason: 'unavailable', smells: [] });
      expect((await cartOf(token)).card_count).toBe(0);
    } finally {
      await setProduct(p1.id, { stock: p1.stock });
      await setProduct(p2.id, { archived_at: null });
      await app.db.updateTable('product_smells').set({ name_en: smell.name_en, name_ar: smell.name_ar }).where('id', '=', smell.id).execute();
    }
  });

  it('refuses another shopper\'s order as not found, exactly as one that does not exist, and changes nothing', async () => {
    const demo = await loginDemo(app);
    const { order } = await placeOrder(app, demo, [{ index: 2, qty: 1 }]);
    const { token } = await registerShopper(app);
    const before = await cartOf(token);
    const theirs = await buyAgain(token, order.id);
    const none = await buyAgain(token, 2_000_000_000);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toEqual(none.body);
    expect(theirs.body.message).toBe('This order was not found.');
    expect(await cartOf(token)).toEqual(before);
    expect((await call(app, 'POST', `/orders/${order.id}/buy-again`, {})).statusCode).toBe(401);
  });

  it('adds once for a retry with the same Idempotency-Key, and again for a new key', async () => {
    const { token } = await registerShopper(app);
    const { order } = await placeOrder(app, token, [{ index: 2, qty: 1 }, { index: 0, qty: 1 }]);
    const first = await buyAgain(token, order.id, { key: 'buy-again-1' });
    expect(first.statusCode, first.raw).toBe(200);
    const retry = await buyAgain(token, order.id, { key: 'buy-again-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await cartOf(token)).card_count).toBe(2);
    const again = await buyAgain(token, order.id, { key: 'buy-again-2' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((await cartOf(token)).card_count).toBe(4);
  });
});

describe('the product page\'s stock_left', () => {
  const stockLeft = async (id: number) => {
    const res = await call(app, 'GET', `/products/details/${id}`);
    expect(res.statusCode).toBe(200);
    return res.body.data.OverView_Product.stock_left as number | null;
  };

  it('tells the count only at 5 or fewer, and never when none can be bought', async () => {
    const p = await seededProduct(app, 2);
    try {
      for (const [stock, shown] of [[6, null], [5, 5], [2, 2], [1, 1], [0, null], [100, null]] as const) {
        await setProduct(p.id, { stock });
        expect(await stockLeft(p.id), `stock ${stock}`).toBe(shown);
      }
      await setProduct(p.id, { stock: 3, archived_at: new Date().toISOString() });
      expect(await stockLeft(p.id)).toBeNull();
    } finally {
      await setProduct(p.id, { stock: p.stock, archived_at: null });
    }
  });

  it('shows the new count at once after an order leaves 5 or fewer', async () => {
    const p = await seededProduct(app, 2);
    try {
      await setProduct(p.id, { stock: 7 });
      expect(await stockLeft(p.id)).toBeNull(); // cached now
      const { token } = await registerShopper(app);
      await placeOrder(app, token, [{ index: 2, qty: 3 }]);
      expect(await stockLeft(p.id)).toBe(4);
    } finally {
      await setProduct(p.id, { stock: p.stock });
    }
  });
});
