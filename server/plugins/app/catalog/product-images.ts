// A product's pictures (product_images, kind 'gallery'): how the back office reads them
// (adminImages, AdminProduct.images), how the shop's answers carry their sizes (shownImage), and
// the SQL of the photos' writes (ProductImagesRepository, used by services/product-photos.ts).
import type { Q } from '../../../db/database.ts';
import type { ImageVariantData } from '../../../contract/images.ts';

/** One of a product's photos, as API.md's AdminProduct.images has it. */
export interface AdminImage {
  id: number;
  url: string;
  /** as it shows; null for a picture the server did not make (the demo shop's SVGs) */
  width: number | null;
  height: number | null;
  /** smallest first; empty for a picture the server did not make */
  variants: ImageVariantData[];
}

/** A picture's row as the photos are kept. */
export interface ImageRow {
  id: number;
  product_id: number;
  image: string;
  sort: number;
  width: number | null;
  height: number | null;
  variants: string | null;
}

/** The gallery: the pictures the owner manages (how-to-use pictures are the product text's). */
export const GALLERY = 'gallery';

/** The stored variants JSON as the API gives it (the bytes are the server's own). */
export function parseVariants(json: string | null): ImageVariantData[] {
  if (!json) return [];
  const stored = JSON.parse(json) as (ImageVariantData & { bytes?: number })[];
  return stored.map(({ width, height, url, type }) => ({ width, height, url, type }));
}

export const toAdminImage = (row: Pick<ImageRow, 'id' | 'image' | 'width' | 'height' | 'variants'>): AdminImage =>
  ({ id: row.id, url: row.image, width: row.width, height: row.height, variants: parseVariants(row.variants) });

/** Each product's photos, in the shop's order, for every id asked (an id with none: an empty list). */
export async function adminImages(db: Q, productIds: number[]): Promise<Map<number, AdminImage[]>> {
  const found = new Map<number, AdminImage[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return found;
  const rows = await db.selectFrom('product_images')
    .select(['id', 'product_id', 'image', 'width', 'height', 'variants'])
    .where('product_id', 'in', [...new Set(productIds)]).where('kind', '=', GALLERY)
    .orderBy('product_id').orderBy('sort').orderBy('id')
    .execute();
  for (const row of rows) found.get(row.product_id)?.push(toAdminImage(row));
  return found;
}

/**
 * A picture's size and sizes for a shopper's answer, under the name of the field that holds its
 * URL (`image` → image_width, image_height, image_variants); nothing for one without variants, so
 * the answer is what it was before photos had sizes.
 */
export function shownImage<P extends string>(prefix: P, row: { width: number | null; height: number | null; variants: string | null } | undefined) {
  type Fields = Partial<Record<`${P}_width` | `${P}_height`, number> & Record<`${P}_variants`, ImageVariantData[]>>;
  const variants = parseVariants(row?.variants ?? null);
  if (!row || !row.width || !row.height || variants.length === 0) return {} as Fields;
  return { [`${prefix}_width`]: row.width, [`${prefix}_height`]: row.height, [`${prefix}_variants`]: variants } as Fields;
}

/** The sizes of the pictures named by `urls` (each product's own: the same file may be two products'), by product and URL. */
export async function imagesByUrl(db: Q, pairs: { product_id: number; image: string }[]) {
  const found = new Map<string, { width: number | null; height: number | null; variants: string | null }>();
  const urls = [...new Set(pairs.map((p) => p.image))];
  if (urls.length === 0) return found;
  const rows = await db.selectFrom('product_images').select(['product_id', 'image', 'width', 'height', 'variants'])
    .where('image', 'in', urls).where('kind', '=', GALLERY).where('variants', 'is not', null)
    .where('product_id', 'in', [...new Set(pairs.map((p) => p.product_id))])
    .execute();
  for (const row of rows) found.set(`${row.product_id} ${row.image}`, row);
  return found;
}

/** The SQL of a product's photos' writes; each method runs in the caller's transaction. */
export class ProductImagesRepository {
  /**
   * The product, locked for the rest of the transaction (a write to its row: SQLite's transaction
   * holds the write lock already, PostgreSQL locks the row), so two changes to its photos never
   * both read the same list. Null when there is no such product.
   */
  async lockProduct(q: Q, productId: number): Promise<{ id: number; main_image_id: number | null; main_image: string } | null> {
    const touched = await q.updateTable('products').set((eb) => ({ main_image_id: eb.ref('main_image_id') }))
      .where('id', '=', productId).executeTakeFirst();
    if (Number(touched.numUpdatedRows) !== 1) return null;
    return q.selectFrom('products').select(['id', 'main_image_id', 'main_image']).where('id', '=', productId).executeTakeFirstOrThrow();
  }

  /** The product's photos in their order. */
  async list(q: Q, productId: number): Promise<ImageRow[]> {
    return q.selectFrom('product_images').select(['id', 'product_id', 'image', 'sort', 'width', 'height', 'variants'])
      .where('product_id', '=', productId).where('kind', '=', GALLERY)
      .orderBy('sort').orderBy('id').execute();
  }

  async insert(q: Q, productId: number, image: { url: string; width: number; height: number; variants: unknown }, sort: number): Promise<number> {
    const row = await q.insertInto('product_images').values({
      product_id: productId, image: image.url, kind: GALLERY, sort,
      width: image.width, height: image.height, variants: JSON.stringify(image.variants),
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async remove(q: Q, imageId: number): Promise<void> {
    await q.deleteFrom('product_images').where('id', '=', imageId).execute();
  }

  /** Each photo's place: its index in `ids`. */
  async setOrder(q: Q, productId: number, ids: readonly number[]): Promise<void> {
    for (const [sort, id] of ids.entries()) {
      await q.updateTable('product_images').set({ sort }).where('id', '=', id).where('product_id', '=', productId).execute();
    }
  }

  /** The main photo, and the URL the shop reads (products.main_image) with it. */
  async setMain(q: Q, productId: number, imageId: number | null, url: string): Promise<void> {
    await q.updateTable('products').set({ main_image_id: imageId, main_image: url }).where('id', '=', productId).execute();
  }

  /**
   * Who else shows the picture at `url` besides the row `exceptId`: another row (the same photo
   * uploaded twice shares its files) and an order's line (orders keep the main picture's URL).
   */
  async urlUsers(q: Q, url: string, exceptId: number): Promise<{ rows: boolean; orders: boolean }> {
    const row = await q.selectFrom('product_images').select('id').where('image', '=', url).where('id', '!=', exceptId).limit(1).executeTakeFirst();
    const item = await q.selectFrom('order_items').select('id').where('image', '=', url).limit(1).executeTakeFirst();
    return { rows: Boolean(row), orders: Boolean(item) };
  }
}
