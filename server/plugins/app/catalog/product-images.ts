// A product's photos as the owner's screens show them. Minimal on purpose: the
// photo upload (responsive variants, order, the main photo) replaces this file
// with its own version of the same function.
import type { Q } from '../../../db/database.ts';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../../contract/admin-products.ts';

export interface AdminImage {
  id: number;
  url: string;
  width: number | null;
  height: number | null;
  variants: { width: number; url: string; type: string }[];
}

/**
 * Each product's photos: its main image first (id 0: it is kept on the
 * product itself; left out while it is the placeholder), then its
 * product_images rows in their order. Every id asked for has an entry.
 */
export async function adminImages(db: Q, productIds: number[]): Promise<Map<number, AdminImage[]>> {
  const found = new Map<number, AdminImage[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return found;
  for (let start = 0; start < productIds.length; start += 500) {
    const ids = productIds.slice(start, start + 500);
    const [mains, rows] = await Promise.all([
      db.selectFrom('products').select(['id', 'main_image']).where('id', 'in', ids).execute(),
      db.selectFrom('product_images').select(['id', 'product_id', 'image']).where('product_id', 'in', ids)
        .orderBy('product_id').orderBy('sort').orderBy('id').execute(),
    ]);
    for (const main of mains) {
      if (main.main_image !== PRODUCT_PLACEHOLDER_IMAGE) found.get(main.id)!.push(image(0, main.main_image));
    }
    for (const row of rows) found.get(row.product_id)!.push(image(row.id, row.image));
  }
  return found;
}

const image = (id: number, url: string): AdminImage => ({ id, url, width: null, height: null, variants: [] });
