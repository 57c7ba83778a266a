// The owner's photos of a product: upload, delete, reorder, choose the main one. Each change is one
// transaction over the product's photos, the product's main picture (products.main_image_id and
// the URL the shop reads, products.main_image, kept in step) and its audit entry. An upload's
// files are written whole first (image-variants.ts) and removed again when its transaction fails;
// a deleted photo's files go once its transaction is committed.
import type { Db, Q } from '../db/database.ts';
import { notFound, refused } from '../errors.ts';
import { MAX_PRODUCT_IMAGES } from '../contract/admin-photos.ts';
import type { AuditRepository } from '../plugins/app/back-office/audit-repository.ts';
import { toAdminImage, type AdminImage, type ProductImagesRepository } from '../plugins/app/catalog/product-images.ts';
import { madeFile, makeVariants, PLACEHOLDER_URL, removeFiles, type MakeOptions, type StoredVariant } from './image-variants.ts';

export interface ProductImagesAnswer {
  product: { id: number; name_en: string; name_ar: string };
  images: AdminImage[];
  main_image_id: number | null;
}

export interface ProductPhotosRepositories {
  images: ProductImagesRepository;
  audit: AuditRepository;
  /** the shop's cached product pages, forgotten after every change (the cards and pages show the main photo) */
  forgetCachedPages(): void;
}

export class ProductPhotosService {
  constructor(
    private readonly db: Db,
    private readonly mediaDir: string,
    private readonly repos: ProductPhotosRepositories,
    private readonly options: MakeOptions = {},
  ) {}

  async #answer(q: Q, productId: number): Promise<ProductImagesAnswer> {
    const product = await q.selectFrom('products').select(['id', 'name_en', 'name_ar', 'main_image_id']).where('id', '=', productId).executeTakeFirst();
    if (!product) throw notFound('product_not_found');
    const rows = await this.repos.images.list(q, productId);
    const { main_image_id, ...named } = product;
    return { product: named, images: rows.map(toAdminImage), main_image_id };
  }

  /** The product's photos in the shop's order, and which is main. */
  async list(productId: number): Promise<ProductImagesAnswer> {
    return this.#answer(this.db, productId);
  }

  /** The product locked for the transaction, or 404. */
  async #lock(trx: Q, productId: number) {
    const product = await this.repos.images.lockProduct(trx, productId);
    if (!product) throw notFound('product_not_found');
    return product;
  }

  /**
   * A new photo, last in the order; the product's main one when it has none. The file is checked
   * and its variants written before the transaction (slow work holds no lock), the product's
   * photos counted again inside it.
   */
  async upload(productId: number, file: Buffer, by: number): Promise<ProductImagesAnswer> {
    // Refused early, before the work: an unknown product, or one that has all its photos.
    const before = await this.list(productId);
    if (before.images.length >= MAX_PRODUCT_IMAGES) throw refused('images_too_many', { count: MAX_PRODUCT_IMAGES });
    const made = await makeVariants(file, this.mediaDir, this.options);
    try {
      const answer = await this.db.transaction().execute(async (trx) => {
        const product = await this.#lock(trx, productId);
        const rows = await this.repos.images.list(trx, productId);
        if (rows.length >= MAX_PRODUCT_IMAGES) throw refused('images_too_many', { count: MAX_PRODUCT_IMAGES });
        const sort = rows.reduce((last, row) => Math.max(last, row.sort + 1), 0);
        const variants: StoredVariant[] = made.variants;
        const id = await this.repos.images.insert(trx, productId, { url: made.url, width: made.width, height: made.height, variants }, sort);
        const main = product.main_image_id === null;
        if (main) await this.repos.images.setMain(trx, productId, id, made.url);
        await this.repos.audit.record({
          userId: by, action: 'product.image_add', target: `product ${productId}`,
          before: main ? { main_image_id: null } : undefined,
          after: { image_id: id, url: made.url, width: made.width, height: made.height, ...(main ? { main_image_id: id } : {}) },
        }, new Date().toISOString(), trx);
        return this.#answer(trx, productId);
      });
      this.repos.forgetCachedPages();
      return answer;
    } catch (error) {
      await removeFiles(made.created);
      throw error;
    }
  }

  /**
   * Deletes a photo. The main one's place goes to the first photo left in the order; with none
   * left the shop shows its placeholder. Its files go after the commit, except where something
   * else still shows them: the same photo on another row, or an order's line (its URL).
   */
  async remove(productId: number, imageId: number, by: number): Promise<ProductImagesAnswer> {
    const { answer, files } = await this.db.transaction().execute(async (trx) => {
      const product = await this.#lock(trx, productId);
      const rows = await this.repos.images.list(trx, productId);
      const row = rows.find((r) => r.id === imageId);
      if (!row) throw notFound('image_not_found');
      await this.repos.images.remove(trx, imageId);
      let mainAfter = product.main_image_id;
      if (product.main_image_id === imageId) {
        const next = rows.find((r) => r.id !== imageId);
        mainAfter = next?.id ?? null;
        await this.repos.images.setMain(trx, productId, mainAfter, next?.image ?? PLACEHOLDER_URL);
      }
      await this.repos.audit.record({
        userId: by, action: 'product.image_delete', target: `product ${productId}`,
        before: { image_id: imageId, url: row.image, main_image_id: product.main_image_id },
        after: { main_image_id: mainAfter },
      }, new Date().toISOString(), trx);
      const users = await this.repos.images.urlUsers(trx, row.image, imageId);
      const urls = users.rows ? [] : [row.image, ...JSON.parse(row.variants ?? '[]').map((v: StoredVariant) => v.url)];
      const kept = users.orders ? new Set([row.image]) : new Set<string>();
      const files = urls.filter((url) => !kept.has(url)).map((url) => madeFile(this.mediaDir, url)).filter((f): f is string => f !== null);
      return { answer: await this.#answer(trx, productId), files };
    });
    this.repos.forgetCachedPages();
    await removeFiles(files);
    return answer;
  }

  /** The photos in a new order: `ids` names each of the product's photos once. */
  async reorder(productId: number, ids: readonly number[], by: number): Promise<ProductImagesAnswer> {
    const answer = await this.db.transaction().execute(async (trx) => {
      await this.#lock(trx, productId);
      const rows = await this.repos.images.list(trx, productId);
      const current = rows.map((r) => r.id);
      const same = ids.length === current.length && [...ids].sort((a, b) => a - b).join() === [...current].sort((a, b) => a - b).join();
      if (!same) throw refused('image_order_mismatch');
      // The order it already has: nothing to write, nothing to audit.
      if (ids.some((id, i) => id !== current[i])) {
        await this.repos.images.setOrder(trx, productId, ids);
        await this.repos.audit.record({
          userId: by, action: 'product.image_order', target: `product ${productId}`, before: { order: current }, after: { order: [...ids] },
        }, new Date().toISOString(), trx);
      }
      return this.#answer(trx, productId);
    });
    this.repos.forgetCachedPages();
    return answer;
  }

  /** Makes one of the product's photos its main one (the shop's cards, cart and orders show it). */
  async makeMain(productId: number, imageId: number, by: number): Promise<ProductImagesAnswer> {
    const answer = await this.db.transaction().execute(async (trx) => {
      const product = await this.#lock(trx, productId);
      const row = (await this.repos.images.list(trx, productId)).find((r) => r.id === imageId);
      if (!row) throw notFound('image_not_found');
      if (product.main_image_id !== imageId) {
        await this.repos.images.setMain(trx, productId, imageId, row.image);
        await this.repos.audit.record({
          userId: by, action: 'product.image_main', target: `product ${productId}`,
          before: { main_image_id: product.main_image_id }, after: { main_image_id: imageId },
        }, new Date().toISOString(), trx);
      }
      return this.#answer(trx, productId);
    });
    this.repos.forgetCachedPages();
    return answer;
  }
}
