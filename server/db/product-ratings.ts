// A product's reviews counted on its own row (products.reviews_count and
// products.rate_halves_sum): every card of every list shows its stars, and
// counting them from the reviews for each list grew with the reviews (a
// grouped read of all of them per request). Written again from the reviews
// in the transaction of every review written; docs/architecture.md, "Lists at scale".
import { sql } from 'kysely';
import type { Q } from './database.ts';

/** Counts the reviews of `productIds` (every product when none are named) into their rows. */
export async function refreshRatings(q: Q, productIds?: number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  let update = q.updateTable('products').set({
    reviews_count: sql<number>`(select count(*) from reviews r where r.product_id = products.id)`,
    rate_halves_sum: sql<number>`(select coalesce(sum(r.rate_halves), 0) from reviews r where r.product_id = products.id)`,
  });
  if (productIds) update = update.where('id', 'in', productIds);
  await update.execute();
}
