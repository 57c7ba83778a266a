// Best sellers and the home page's rows: best sellers are ranked by units
// sold and leave out what cannot be bought; offers are what is on sale or
// "buy 2 get 1"; no row of the home page opens with the product the row
// above opens with. Each test bends the seeded shop to force the case.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp } from './helpers.ts';

let app: FastifyInstance;

beforeEach(async () => {
  app = await makeApp();
});
afterEach(async () => {
  await app.close();
});

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

async function products() {
  return app.db.selectFrom('products').selectAll().execute();
}

/** The seeded products with stock 0, made the best selling of all. */
async function soldOutTopSellers() {
  const soldOut = (await products()).filter((p) => p.stock === 0);
  expect(soldOut.length).toBeGreaterThan(0);
  for (const [i, p] of soldOut.entries()) {
    await app.db.updateTable('products').set({ units_sold: 1_000_000 + i }).where('id', '=', p.id).execute();
  }
  return soldOut.map((p) => p.id);
}

describe('best sellers', () => {
  it('leave out what is out of stock, however much it sold: the home row and /products/bestseller', async () => {
    const soldOut = await soldOutTopSellers();
    const home = (await call(app, 'GET', '/home')).body.data;
    const best = (await call(app, 'GET', '/products/bestseller')).body.data;
    expect(best).toHaveLength(12);
    for (const id of soldOut) {
      expect(ids(home.best_sellers)).not.toContain(id);
      expect(ids(best)).not.toContain(id);
      expect(ids(home.offers)).not.toContain(id);
    }
    for (const card of [...home.best_sellers, ...best, ...home.offers]) expect(card.in_stock).toBe(true);
  });

  it('are ranked by units sold, most first', async () => {
    const rows = await products();
    // Turn the seed's order around: the least sold in stock becomes the best seller.
    const inStock = rows.filter((p) => p.stock > 0).sort((a, b) => a.units_sold - b.units_sold);
    for (const [i, p] of inStock.entries()) {
      await app.db.updateTable('products').set({ units_sold: 10_000 - i * 10 }).where('id', '=', p.id).execute();
    }
    const best = (await call(app, 'GET', '/products/bestseller')).body.data;
    expect(ids(best)).toEqual(inStock.slice(0, 12).map((p) => p.id));
  });

  it('the best sellers page\'s list (sort=best_selling&in_stock=true) leaves out stock 0; without in_stock every product is listed', async () => {
    const soldOut = await soldOutTopSellers();
    const all = (await call(app, 'GET', '/products?per_page=48&sort=best_selling')).body.data;
    expect(all.meta.total).toBe(44);
    expect(ids(all.products).slice(0, soldOut.length).sort()).toEqual([...soldOut].sort());
    const buyable = (await call(app, 'GET', '/products?per_page=48&sort=best_selling&in_stock=true')).body.data;
    expect(buyable.meta.total).toBe(44 - soldOut.length);
    for (const id of soldOut) expect(ids(buyable.products)).not.toContain(id);
    const sold = new Map((await products()).map((p) => [p.id, p.units_sold]));
    const order = buyable.products.map((c: { id: number }) => sold.get(c.id)!);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });
});

describe('the home page\'s rows', () => {
  it('offers are only what is on sale or "buy 2 get 1", and not the best sellers in the same order', async () => {
    const rows = new Map((await products()).map((p) => [p.id, p]));
    const home = (await call(app, 'GET', '/home')).body.data;
    expect(home.offers.length).toBeGreaterThan(0);
    for (const card of home.offers) {
      const p = rows.get(card.id)!;
      expect(p.sale_price !== null || p.sale_type === 'buy 2 get 1').toBe(true);
    }
    // Not simply the best sellers among the offers: the biggest saving leads.
    const bySold = [...home.offers].sort((a: { id: number }, b: { id: number }) => rows.get(b.id)!.units_sold - rows.get(a.id)!.units_sold);
    expect(ids(home.offers)).not.toEqual(ids(bySold));
    const saving = (c: { price: number; price_after_sale: number }) => c.price - c.price_after_sale;
    const savings = home.offers.map(saving);
    expect(savings).toEqual([...savings].sort((a: number, b: number) => b - a));
  });

  it('a row never opens with the product the row above opens with', async () => {
    // One product both the biggest saving and the best selling: it would lead offers and best sellers.
    const onSale = (await products()).find((p) => p.sale_price !== null && p.stock > 0)!;
    await app.db.updateTable('products').set({ sale_price: 100, units_sold: 2_000_000 }).where('id', '=', onSale.id).execute();
    const home = (await call(app, 'GET', '/home')).body.data;
    expect(home.offers[0].id).toBe(onSale.id);
    expect(home.best_sellers[0].id).not.toBe(onSale.id);
    // Still a best seller, second.
    expect(home.best_sellers[1].id).toBe(onSale.id);
    expect(home.new_arrivals[0].id).not.toBe(home.best_sellers[0].id);

    // And the newest product, made the best seller, gives up the lead of new arrivals.
    const newest = (await app.db.selectFrom('products').select('id').orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    await app.db.updateTable('products').set({ units_sold: 3_000_000, stock: 5, sale_price: null, sale_type: 'normal' }).where('id', '=', newest).execute();
    const again = (await call(app, 'GET', '/home')).body.data;
    expect(again.best_sellers[0].id).toBe(newest);
    expect(again.new_arrivals[0].id).not.toBe(newest);
    expect(again.offers[0].id).not.toBe(again.best_sellers[0].id);
  });
});
