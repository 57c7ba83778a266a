import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Lang } from '../../../i18n/messages.ts';
import { localized } from '../../../contract/lang.ts';
import { BUY_2_GET_1 } from '../../../contract/cart-rules.ts';
import { toEgp } from '../../../domain/money.ts';
import { htmlToText } from '../text.ts';
import type { ShopSettings } from '../../../settings.ts';

export interface ListFilter {
  page?: number;
  per_page?: number;
  category_id?: number;
  q?: string;
  sort?: 'newest' | 'price_asc' | 'price_desc' | 'best_selling' | 'top_rated';
  min_price?: number;
  max_price?: number;
  offersOnly?: boolean;
}

const effectivePrice = sql<number>`coalesce(p.sale_price, p.price)`;

/** All SQL for products, categories, reviews and wishlists. */
export class CatalogRepository {
  /** product details by `${id}:${lang}`: the details page is the hottest read; reviews clear it */
  readonly #details = new Map<string, DetailsEntry>();

  constructor(private readonly db: Db, private readonly settings: ShopSettings) {}

  #cards() {
    const reviews = this.db.selectFrom('reviews')
      .select(['product_id'])
      .select((eb) => [eb.fn.avg<number>('rate_halves').as('avg_halves'), eb.fn.countAll<number>().as('n')])
      .groupBy('product_id')
      .as('r');
    return this.db.selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin(reviews, 'r.product_id', 'p.id')
      .select([
        'p.id', 'p.name_en', 'p.name_ar', 'p.price', 'p.sale_price', 'p.main_image', 'p.overview_en', 'p.overview_ar',
        'p.category_id', 'c.name_en as category_en', 'c.name_ar as category_ar', 'p.sale_type', 'p.stock',
        'r.avg_halves', 'r.n',
      ]);
  }

  #toCard(row: CardRow, lang: Lang, favs: Set<number>) {
    return {
      id: row.id,
      name: localized(row, 'name', lang),
      price: toEgp(row.price),
      price_after_sale: toEgp(row.sale_price ?? row.price),
      image: row.main_image,
      overview: htmlToText(localized(row, 'overview', lang)),
      category_id: row.category_id,
      category_name: localized(row, 'category', lang),
      rate: rateOf(row.avg_halves),
      reviews_count: Number(row.n ?? 0),
      typesale_name: row.sale_type,
      in_stock: row.stock > 0,
      is_fav: favs.has(row.id),
    };
  }

  async favoriteIds(userId: number | null): Promise<Set<number>> {
    if (userId === null) return new Set();
    const rows = await this.db.selectFrom('favorites').select('product_id').where('user_id', '=', userId).execute();
    return new Set(rows.map((r) => r.product_id));
  }

  async list(filter: ListFilter, lang: Lang, userId: number | null) {
    const perPage = Math.min(filter.per_page ?? this.settings.perPageDefault, this.settings.perPageMax);
    const page = filter.page ?? 1;
    let q = this.#cards();
    if (filter.category_id) q = q.where('p.category_id', '=', filter.category_id);
    if (filter.offersOnly) q = q.where((eb) => eb.or([eb('p.sale_price', 'is not', null), eb('p.sale_type', '=', BUY_2_GET_1)]));
    if (filter.min_price !== undefined) q = q.where(effectivePrice, '>=', Math.round(filter.min_price * 100));
    if (filter.max_price !== undefined) q = q.where(effectivePrice, '<=', Math.round(filter.max_price * 100));
    const term = filter.q?.trim();
    if (term) {
      const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      q = q.where(sql<boolean>`(lower(p.name_en) like ${pattern} escape '\\' or p.name_ar like ${pattern} escape '\\'
        or lower(c.name_en) like ${pattern} escape '\\' or c.name_ar like ${pattern} escape '\\')`);
    }
    const countRow = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    const total = Number(countRow?.total ?? 0);
    switch (filter.sort ?? 'newest') {
      case 'price_asc': q = q.orderBy(effectivePrice, 'asc'); break;
      case 'price_desc': q = q.orderBy(effectivePrice, 'desc'); break;
      case 'best_selling': q = q.orderBy('p.units_sold', 'desc'); break;
      case 'top_rated': q = q.orderBy(sql`coalesce(r.avg_halves, 0)`, 'desc').orderBy(sql`coalesce(r.n, 0)`, 'desc'); break;
      default: q = q.orderBy('p.created_at', 'desc');
    }
    const rows = await q.orderBy('p.id', 'asc').limit(perPage).offset((page - 1) * perPage).execute();
    const favs = await this.favoriteIds(userId);
    return {
      products: rows.map((r) => this.#toCard(r as CardRow, lang, favs)),
      meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
    };
  }

  async cardsByIds(ids: number[], lang: Lang, userId: number | null) {
    if (ids.length === 0) return [];
    const rows = await this.#cards().where('p.id', 'in', ids).execute();
    const favs = await this.favoriteIds(userId);
    const byId = new Map(rows.map((r) => [r.id, r as CardRow]));
    return ids.flatMap((id) => (byId.has(id) ? [this.#toCard(byId.get(id)!, lang, favs)] : []));
  }

  async top(kind: 'best' | 'new' | 'offers', limit: number, lang: Lang, userId: number | null) {
    let q = this.#cards();
    if (kind === 'best') q = q.orderBy('p.units_sold', 'desc');
    if (kind === 'new') q = q.orderBy('p.created_at', 'desc');
    if (kind === 'offers') {
      q = q.where((eb) => eb.or([eb('p.sale_price', 'is not', null), eb('p.sale_type', '=', BUY_2_GET_1)]))
        .orderBy('p.units_sold', 'desc');
    }
    const rows = await q.orderBy('p.id', 'asc').limit(limit).execute();
    const favs = await this.favoriteIds(userId);
    return rows.map((r) => this.#toCard(r as CardRow, lang, favs));
  }

  async categories(lang: Lang) {
    const rows = await this.db.selectFrom('categories as c')
      .leftJoin('products as p', 'p.category_id', 'c.id')
      .select(['c.id', 'c.name_en', 'c.name_ar', 'c.image', 'c.sort'])
      .select((eb) => eb.fn.count<number>('p.id').as('products_count'))
      .groupBy(['c.id', 'c.name_en', 'c.name_ar', 'c.image', 'c.sort'])
      .orderBy('c.sort').orderBy('c.id')
      .execute();
    return rows.map((c) => ({ id: c.id, name: localized(c, 'name', lang), image: c.image, products_count: Number(c.products_count) }));
  }

  async category(id: number, lang: Lang) {
    const c = await this.db.selectFrom('categories').select(['id', 'name_en', 'name_ar', 'image']).where('id', '=', id).executeTakeFirst();
    return c ? { id: c.id, name: localized(c, 'name', lang), image: c.image } : null;
  }

  async productExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
    return Boolean(row);
  }

  /** The details page, the same for every shopper, cached per language with its JSON. */
  /**
   * The cached page, without waiting, while it is fresh. Pages expire after
   * a minute so changes made by another process (the shop command restocking
   * a cancelled order) show; this process clears them at once when a product
   * sells out or gets a review.
   */
  cachedDetails(id: number, lang: Lang): DetailsEntry | undefined {
    const entry = this.#details.get(`${id}:${lang}`);
    if (entry && entry.expiresAt > Date.now()) return entry;
    return undefined;
  }

  async details(id: number, lang: Lang): Promise<DetailsEntry | null> {
    const key = `${id}:${lang}`;
    const cached = this.cachedDetails(id, lang);
    if (cached) return cached;
    const data = await this.loadDetails(id, lang);
    if (!data) return null;
    const entry: DetailsEntry = { data, json: JSON.stringify(data), encoded: {}, expiresAt: Date.now() + DETAILS_TTL_MS };
    if (this.#details.size > 2000) this.#details.clear();
    this.#details.set(key, entry);
    return entry;
  }

  /** Forgets cached pages: one product's (a review), or all (stock crossed zero: pages list related products' stock). */
  invalidateDetails(productId?: number) {
    if (productId === undefined) this.#details.clear();
    else for (const lang of ['en', 'ar']) this.#details.delete(`${productId}:${lang}`);
  }

  /** The details page read from the database, uncached. */
  async loadDetails(id: number, lang: Lang) {
    const p = await this.db.selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select(['c.name_en as category_en', 'c.name_ar as category_ar'])
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!p) return null;
    const [images, smells, reviews, related] = await Promise.all([
      this.db.selectFrom('product_images').select(['id', 'image', 'kind']).where('product_id', '=', id).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('product_smells').select(['name_en', 'name_ar']).where('product_id', '=', id).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('reviews as r').innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.rate_halves', 'r.comment', 'r.created_at', 'u.first_name', 'u.last_name'])
        .where('r.product_id', '=', id).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute(),
      this.db.selectFrom('products').select(['id', 'name_en', 'name_ar', 'price', 'sale_price', 'overview_en', 'overview_ar', 'main_image', 'sale_type', 'stock'])
        .where('category_id', '=', p.category_id).where('id', '!=', id).orderBy('units_sold', 'desc').orderBy('id').limit(8).execute(),
    ]);
    const smellNames = smells.map((s) => localized(s, 'name', lang));
    const counts = [0, 0, 0, 0, 0];
    let halves = 0;
    for (const r of reviews) {
      counts[Math.min(5, Math.max(1, Math.ceil(r.rate_halves / 2))) - 1]++;
      halves += r.rate_halves;
    }
    const pct = (n: number) => (reviews.length ? Math.round((n / reviews.length) * 100) : 0);
    return {
      OverView_Product: {
        name: localized(p, 'name', lang),
        overview: localized(p, 'overview', lang),
        main_image: p.main_image,
        images: images.filter((i) => i.kind === 'gallery').map((i) => ({ product_image_id: i.id, product_image: i.image })),
        product_after_sale: toEgp(p.sale_price ?? p.price),
        price: toEgp(p.price),
        link: `/products/product-details/${p.id}`,
        description: localized(p, 'description', lang),
        typesale_name: p.sale_type,
        in_stock: p.stock > 0,
      },
      Product_details: {
        product_id: p.id,
        smell: smellNames.join(lang === 'ar' ? '، ' : ', '),
        smells: smellNames,
        product_code: p.product_code,
        model_number: p.model_number,
        category_name: localized(p, 'category', lang),
        category_id: p.category_id,
        reviews: reviews.length ? Math.round((halves / reviews.length / 2) * 10) / 10 : 0,
      },
      How_to_use: {
        how_to_use: localized(p, 'how_to_use', lang),
        images: images.filter((i) => i.kind === 'how_to_use').map((i) => i.image),
      },
      realted_product: related.map((r) => ({
        id: r.id,
        name: localized(r, 'name', lang),
        price: toEgp(r.price),
        price_after_sale: toEgp(r.sale_price ?? r.price),
        overview: htmlToText(localized(r, 'overview', lang)),
        image: r.main_image,
        typesale_name: r.sale_type,
        in_stock: r.stock > 0,
      })),
      review_rate: { '1': pct(counts[0]), '2': pct(counts[1]), '3': pct(counts[2]), '4': pct(counts[3]), '5': pct(counts[4]) },
      review: reviews.map((r) => ({
        user_name: `${r.first_name} ${r.last_name}`,
        rate: r.rate_halves / 2,
        comment: r.comment,
        created_at: r.created_at,
      })),
    };
  }

  async addReview(userId: number, productId: number, rateHalves: number, comment: string) {
    await this.db.insertInto('reviews').values({
      product_id: productId, user_id: userId, rate_halves: rateHalves, comment, created_at: new Date().toISOString(),
    }).execute();
    this.invalidateDetails(productId);
  }

  async addFavorite(userId: number, productId: number) {
    await this.db.insertInto('favorites')
      .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute();
  }

  async removeFavorite(userId: number, productId: number) {
    await this.db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
  }

  async favorites(userId: number, lang: Lang) {
    const rows = await this.db.selectFrom('favorites').select('product_id')
      .where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('product_id', 'desc').execute();
    return this.cardsByIds(rows.map((r) => r.product_id), lang, userId);
  }
}

export type Details = NonNullable<Awaited<ReturnType<CatalogRepository['loadDetails']>>>;

export interface DetailsEntry {
  data: Details;
  /** the page as JSON, for guests */
  json: string;
  /** the guest answer compressed once per encoding, made on first request */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  expiresAt: number;
}

const DETAILS_TTL_MS = 60_000;

interface CardRow {
  id: number; name_en: string; name_ar: string; price: number; sale_price: number | null; main_image: string;
  overview_en: string; overview_ar: string; category_id: number; category_en: string; category_ar: string;
  sale_type: string; stock: number; avg_halves: number | null; n: number | null;
}

function rateOf(avgHalves: number | null): number {
  if (avgHalves === null || avgHalves === undefined) return 0;
  return Math.round((Number(avgHalves) / 2) * 10) / 10;
}
