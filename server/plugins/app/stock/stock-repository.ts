import type { Db, Q } from '../../../db/database.ts';

/** All SQL that moves a product's stock. */
export class StockRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes `qty` units of a product as sold, only while that many are left
   * and the owner has not archived it:
   * the guard that keeps stock from going below zero, whatever ran in
   * between. Answers whether they were taken.
   */
  async take(productId: number, qty: number, q: Q = this.db): Promise<boolean> {
    const taken = await q.updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', qty), units_sold: eb('units_sold', '+', qty) }))
      .where('id', '=', productId).where('stock', '>=', qty).where('archived_at', 'is', null).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Puts units of a cancelled order back on sale. */
  async restore(productId: number, qty: number, q: Q = this.db): Promise<void> {
    await q.updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', qty), units_sold: eb('units_sold', '-', qty) }))
      .where('id', '=', productId).execute();
  }
}
