import { sql, type RawBuilder } from 'kysely';
import type { ChangeFeed } from '../changes.ts';
import type { Db } from '../../../db/database.ts';
import type { Lang } from '../../../i18n/messages.ts';
import { localized } from '../../../contract/lang.ts';
import { BUY_2_GET_1 } from '../../../contract/cart-rules.ts';
import { REVIEWS_PER_PAGE, STOCK_LEFT_SHOWN, SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from '../../../contract/catalog.ts';
import { toEgp } from '../../../domain/money.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { htmlToText } from '../../../contract/html-text.ts';
import type { ShopSettings } from '../../../settings.ts';
import { GALLERY, shownImage } from './product-images.ts';
import { anyWordMatches, searchMatches } from '../../../db/search-index.ts';
import { refreshRatings } from '../../../db/product-ratings.ts';
import { matchesQuery, searchQuery, searchTerms } from '../../../contract/search-text.ts';

export interface ListFilter {
  page?: number;
  per_page?: number;
  category_id?: number;
  q?: string;
  sort?: 'newest' | 'price_asc' | 'price_desc' | 'best_selling' | 'top_rated';
  min_price?: number;
  max_price?: number;
  /** only what can be bought now (stock above 0) */
  in_stock?: boolean;
  offersOnly?: boolean;
}

/** What the shop sells: an archived product leaves its lists, searches and home rows (it stays in orders). */
const onSale = sql<boolean>`p.archived_at is null`;

/** On sale, or "buy 2 get 1": what the offers lists hold. */
const onOffer = sql<boolean>`(p.sale_price is not null or p.sale_type = ${BUY_2_GET_1})`;

/** How much a sale price takes off, in piastres (0 for a "buy 2 get 1" at full price). */
const saving = sql<number>`p.price - coalesce(p.sale_price, p.price)`;

const effectivePrice = sql<number>`coalesce(p.sale_price, p.price)`;

/** A product's reviews' average in half stars (0 without reviews), from its own row. */
const averageHalves = sql<number>`case when p.reviews_count = 0 then 0 else p.rate_halves_sum * 1.0 / p.reviews_count end`;

/** A review's writer is a verified buyer once an order of theirs with the product reached this status. */
const DELIVERED: OrderStatus = 'delivered';

/** All SQL for products, categories, reviews and wishlists. */
export class CatalogRepository {
  /** product details by `${id}:${lang}`: the details page is the hottest read; reviews clear it */
  readonly #details = new Map<string, DetailsEntry>();
  /** The details pages being read now, by key: shared by who asks meanwhile. */
  readonly #detailsReads = new Map<string, Promise<DetailsEntry | null>>();
  /** searches' pages by search, filters and page, the most recently used last (#search) */
  readonly #searches = new Map<string, { page: Promise<SearchPage>; expiresAt: number }>();

  constructor(private readonly db: Db, private readonly settings: ShopSettings, private readonly changes?: ChangeFeed) {}

  #cards() {
    return this.db.selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin('product_images as mi', 'mi.id', 'p.main_image_id')
      .select([
        'p.id', 'p.name_en', 'p.name_ar', 'p.price', 'p.sale_price', 'p.main_image', 'p.overview_en', 'p.overview_ar',
        'p.category_id', 'c.name_en as category_en', 'c.name_ar as category_ar', 'p.sale_type', 'p.stock', 'p.archived_at',
        'p.reviews_count', 'p.rate_halves_sum', 'mi.width', 'mi.height', 'mi.variants',
      ]);
  }

  /** The products, to filter and order (their cards are read after: cardsByIds). Public for the tests of its plans. */
  products() {
    return this.db.selectFrom('products as p');
  }

  /**
   * The products a search matched (`s`: product_id, score), the matches read
   * first and each product by its key: SQLite keeps a CROSS JOIN's order, and
   * without it chose to walk every product on sale and look each up in the
   * matches. PostgreSQL plans it like any other join.
   */
  #matched(matches: RawBuilder<{ product_id: number; score: number }>) {
    return this.db.selectFrom(matches.as('s')).crossJoin('products as p').whereRef('p.id', '=', 's.product_id') as unknown as ReturnType<CatalogRepository['products']>;
  }

  #toCard(row: CardRow, lang: Lang, favs: Set<number>) {
    return {
      ...productFace(row, lang),
      overview: htmlToText(localized(row, 'overview', lang)),
      category_id: row.category_id,
      category_name: localized(row, 'category', lang),
      rate: rateOf(row.rate_halves_sum, row.reviews_count),
      reviews_count: row.reviews_count,
      typesale_name: row.sale_type,
      // An archived product (still in a wishlist) cannot be bought: shown as out of stock.
      in_stock: row.stock > 0 && row.archived_at === null,
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
    // The page's ids first, from the products alone (their indexes), then the cards of those ids only:
    // a page deep in the list skips ids, not cards joined to their categories and pictures.
    // A search: the products every typed word finds (db/search-index.ts), best match first, then the chosen order.
    const query = filter.q?.trim() ? searchQuery(filter.q) : null;
    let q = (query?.length ? this.#matched(searchMatches(query)) : this.products()).where(onSale);
    if (filter.category_id) q = q.where('p.category_id', '=', filter.category_id);
    if (filter.offersOnly) q = q.where(onOffer);
    if (filter.in_stock) q = q.where('p.stock', '>', 0);
    if (filter.min_price !== undefined) q = q.where(effectivePrice, '>=', Math.round(filter.min_price * 100));
    if (filter.max_price !== undefined) q = q.where(effectivePrice, '<=', Math.round(filter.max_price * 100));
    if (query && query.length === 0) q = q.where(sql<boolean>`1 = 0`);
    const counted = async () => Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst())?.total ?? 0);
    // A search's matches are grouped once: the page's rows carry the count (a window over the same pass).
    let ordered = q.select('p.id').select(query?.length ? sql<number>`count(*) over ()`.as('total') : sql<number>`null`.as('total'));
    // A search without a chosen order is by best match; an order the shopper chose comes first, best match within it.
    if (query?.length && !filter.sort) ordered = ordered.orderBy(sql`s.score`, 'desc');
    switch (filter.sort ?? 'newest') {
      case 'price_asc': ordered = ordered.orderBy(effectivePrice, 'asc'); break;
      case 'price_desc': ordered = ordered.orderBy(effectivePrice, 'desc'); break;
      case 'best_selling': ordered = ordered.orderBy('p.units_sold', 'desc'); break;
      case 'top_rated': ordered = ordered.orderBy(averageHalves, 'desc').orderBy('p.reviews_count', 'desc'); break;
      // Newest first, the later id first among equals: one walk down products_created_idx.
      default: ordered = ordered.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
    }
    if (query?.length && filter.sort) ordered = ordered.orderBy(sql`s.score`, 'desc');
    // The id last, so equal products keep one order from page to page (newest first has it already).
    if (filter.sort && filter.sort !== 'newest') ordered = ordered.orderBy('p.id', 'asc');
    let ids: number[];
    let total: number;
    if (query?.length) {
      // A search's page is kept a while: the same search from the next shopper reads none of its matches (docs/search.md, "Speed").
      const key = JSON.stringify([query, filter.category_id, filter.offersOnly, filter.in_stock, filter.min_price, filter.max_price, filter.sort, page, perPage]);
      ({ ids, total } = await this.#search(key, async () => {
        const rows = await ordered.limit(perPage).offset((page - 1) * perPage).execute();
        // Past the last page no row carries the count: it is read on its own.
        return { ids: rows.map((r) => r.id), total: rows.length ? Number(rows[0].total) : await counted() };
      }));
    } else {
      // A list's count is its own read of an index, and its page a walk down another.
      ids = (await ordered.limit(perPage).offset((page - 1) * perPage).execute()).map((r) => r.id);
      total = query ? 0 : await counted();
    }
    return {
      products: await this.cardsByIds(ids, lang, userId),
      meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
    };
  }

  /**
   * What the search box suggests for what has been typed so far: the products
   * on sale whose name matches every word (a suggestion shows its name, so a
   * match only in a description would show nothing typed), the best match then
   * the best selling first, and the categories whose name matches every word.
   */
  async suggest(typed: string, lang: Lang) {
    const query = searchQuery(typed);
    if (!query.length) return { products: [], categories: [], closest_category: null };
    const [rows, categories] = await Promise.all([
      this.#matched(searchMatches(query, { namesOnly: true }))
        .leftJoin('product_images as mi', 'mi.id', 'p.main_image_id')
        .select(['p.id', 'p.name_en', 'p.name_ar', 'p.price', 'p.sale_price', 'p.main_image', 'mi.width', 'mi.height', 'mi.variants'])
        .where(onSale)
        .orderBy(sql`s.score`, 'desc').orderBy('p.units_sold', 'desc').orderBy('p.id')
        .limit(SUGGESTED_PRODUCTS)
        .execute(),
      this.db.selectFrom('categories').select(['id', 'name_en', 'name_ar', 'image']).orderBy('sort').orderBy('id').execute(),
    ]);
    const matching = categories.filter((c) => matchesQuery(searchTerms(`${c.name_en} ${c.name_ar}`), query)).slice(0, SUGGESTED_CATEGORIES);
    const head = (c: { id: number; name_en: string; name_ar: string; image: string }) => ({ id: c.id, name: localized(c, 'name', lang), image: c.image });
    return {
      products: rows.map((r) => productFace(r, lang)),
      categories: matching.map(head),
      closest_category: matching.length ? head(matching[0]) : await this.#closestCategory(query, lang),
    };
  }

  /** The category with the most products on sale matching any word of the query, or null. */
  async #closestCategory(query: string[][], lang: Lang) {
    const row = await this.db.selectFrom('products as p')
      .innerJoin(anyWordMatches(query).as('m'), (join) => join.onRef('m.product_id', '=', 'p.id'))
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['c.id', 'c.name_en', 'c.name_ar', 'c.image'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(onSale)
      .groupBy(['c.id', 'c.name_en', 'c.name_ar', 'c.image'])
      .orderBy('n', 'desc').orderBy('c.id')
      .limit(1)
      .executeTakeFirst();
    return row ? { id: row.id, name: localized(row, 'name', lang), image: row.image } : null;
  }

  async cardsByIds(ids: number[], lang: Lang, userId: number | null) {
    if (ids.length === 0) return [];
    const rows = await this.#cards().where('p.id', 'in', ids).execute();
    const favs = await this.favoriteIds(userId);
    const byId = new Map(rows.map((r) => [r.id, r as CardRow]));
    return ids.flatMap((id) => (byId.has(id) ? [this.#toCard(byId.get(id)!, lang, favs)] : []));
  }

  /**
   * The home page's rows and the best sellers. Best sellers are ranked by
   * units sold and leave out what cannot be bought (stock 0); offers are what
   * is on sale or "buy 2 get 1" and in stock, the biggest saving first, so the
   * two rows do not repeat each other's order; new arrivals are the newest.
   */
  async top(kind: 'best' | 'new' | 'offers', limit: number, lang: Lang, userId: number | null) {
    let q = this.#cards().where(onSale);
    if (kind === 'best') q = q.where('p.stock', '>', 0).orderBy('p.units_sold', 'desc');
    if (kind === 'new') q = q.orderBy('p.created_at', 'desc');
    if (kind === 'offers') q = q.where('p.stock', '>', 0).where(onOffer).orderBy(saving, 'desc').orderBy('p.units_sold', 'desc');
    const rows = await q.orderBy('p.id', 'asc').limit(limit).execute();
    const favs = await this.favoriteIds(userId);
    return rows.map((r) => this.#toCard(r as CardRow, lang, favs));
  }

  async categories(lang: Lang) {
    const rows = await this.db.selectFrom('categories as c')
      .leftJoin('products as p', (join) => join.onRef('p.category_id', '=', 'c.id').on('p.archived_at', 'is', null))
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

  /**
   * The page, cached or read. Concurrent requests for a page not cached share
   * one read (the page's head and its render ask for it together); a read
   * that a change overtook (forgetCached) answers its callers and is not kept.
   */
  async details(id: number, lang: Lang): Promise<DetailsEntry | null> {
    const key = `${id}:${lang}`;
    const cached = this.cachedDetails(id, lang);
    if (cached) return cached;
    const reading = this.#detailsReads.get(key);
    if (reading) return reading;
    const read: Promise<DetailsEntry | null> = this.loadDetails(id, lang).then((data) => {
      if (!data) return null;
      const entry: DetailsEntry = { data, json: JSON.stringify(data), encoded: {}, expiresAt: Date.now() + DETAILS_TTL_MS };
      if (this.#detailsReads.get(key) === read) {
        if (this.#details.size > 2000) this.#details.clear();
        this.#details.set(key, entry);
      }
      return entry;
    });
    this.#detailsReads.set(key, read);
    const done = () => {
      if (this.#detailsReads.get(key) === read) this.#detailsReads.delete(key);
    };
    read.then(done, done);
    return read;
  }

  /**
   * Forgets cached pages, on every instance (plugins/app/changes.ts): one product's (a review), or
   * all (stock crossed zero, the owner changed the catalog: pages list related products' stock);
   * and every kept search either way (forgetCached).
   */
  invalidateDetails(productId?: number) {
    if (this.changes) this.changes.publish('catalog', productId ?? '');
    else this.forgetCached(productId);
  }

  /**
   * Forgets this instance's cached pages (what invalidateDetails asks of every instance), and every
   * search it keeps: a change to one product (its review: its stars) can move it in any search.
   */
  forgetCached(productId?: number) {
    if (productId === undefined) {
      this.#details.clear();
      this.#detailsReads.clear();
    } else {
      for (const lang of ['en', 'ar']) {
        this.#details.delete(`${productId}:${lang}`);
        this.#detailsReads.delete(`${productId}:${lang}`);
      }
    }
    this.#searches.clear();
  }

  /**
   * A search's page (its product ids and the search's total), from the pages
   * kept, or read and kept: concurrent requests for the same page share one
   * read. Kept a minute (the details pages' time: what another process changed
   * shows by then), and dropped on every catalog change (forgetCached). A read
   * started before a change is not kept: the change cleared its entry.
   */
  async #search(key: string, read: () => Promise<SearchPage>): Promise<SearchPage> {
    const kept = this.#searches.get(key);
    if (kept && kept.expiresAt > Date.now()) {
      // The most recently used last: the oldest goes first when the searches are too many.
      this.#searches.delete(key);
      this.#searches.set(key, kept);
      return kept.page;
    }
    const entry = { page: read(), expiresAt: Date.now() + SEARCH_TTL_MS };
    this.#searches.delete(key);
    this.#searches.set(key, entry);
    if (this.#searches.size > SEARCHES_KEPT) this.#searches.delete(this.#searches.keys().next().value!);
    entry.page.catch(() => {
      if (this.#searches.get(key) === entry) this.#searches.delete(key);
    });
    return entry.page;
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
    const [images, smells, stats, firstReviews, related] = await Promise.all([
      this.db.selectFrom('product_images').select(['id', 'image', 'kind', 'width', 'height', 'variants']).where('product_id', '=', id).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('product_smells').select(['name_en', 'name_ar']).where('product_id', '=', id).orderBy('sort').orderBy('id').execute(),
      this.reviewStats(id),
      this.#reviews(id, REVIEWS_PER_PAGE, 0),
      this.db.selectFrom('products as rp').leftJoin('product_images as mi', 'mi.id', 'rp.main_image_id')
        .select(['rp.id', 'rp.name_en', 'rp.name_ar', 'rp.price', 'rp.sale_price', 'rp.overview_en', 'rp.overview_ar', 'rp.main_image', 'rp.sale_type', 'rp.stock',
          'mi.width', 'mi.height', 'mi.variants'])
        .where('rp.category_id', '=', p.category_id).where('rp.id', '!=', id).where('rp.archived_at', 'is', null).orderBy('rp.units_sold', 'desc').orderBy('rp.id').limit(8).execute(),
    ]);
    const smellNames = smells.map((s) => localized(s, 'name', lang));
    const pct = (n: number) => (stats.count ? Math.round((n / stats.count) * 100) : 0);
    return {
      OverView_Product: {
        name: localized(p, 'name', lang),
        overview: localized(p, 'overview', lang),
        main_image: p.main_image,
        ...shownImage('main_image', images.find((i) => i.id === p.main_image_id && i.kind === GALLERY)),
        // The main picture is main_image; the others follow it in their order.
        images: images.filter((i) => i.kind === GALLERY && i.id !== p.main_image_id)
          .map((i) => ({ product_image_id: i.id, product_image: i.image, ...shownImage('product_image', i) })),
        product_after_sale: toEgp(p.sale_price ?? p.price),
        price: toEgp(p.price),
        link: `/products/product-details/${p.id}`,
        description: localized(p, 'description', lang),
        typesale_name: p.sale_type,
        // An archived product's page stays (orders and shared links lead to it) but offers nothing to add.
        in_stock: p.stock > 0 && p.archived_at === null,
        // The count only when it is low (docs/rules.md, "Stock on the product's page").
        stock_left: p.stock > 0 && p.stock <= STOCK_LEFT_SHOWN && p.archived_at === null ? p.stock : null,
      },
      Product_details: {
        product_id: p.id,
        smell: smellNames.join(lang === 'ar' ? '، ' : ', '),
        smells: smellNames,
        product_code: p.product_code,
        model_number: p.model_number,
        category_name: localized(p, 'category', lang),
        category_id: p.category_id,
        reviews: stats.count ? Math.round((stats.halves / stats.count / 2) * 10) / 10 : 0,
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
        ...shownImage('image', r),
        typesale_name: r.sale_type,
        in_stock: r.stock > 0,
      })),
      review_rate: {
        '1': pct(stats.stars[0]), '2': pct(stats.stars[1]), '3': pct(stats.stars[2]), '4': pct(stats.stars[3]), '5': pct(stats.stars[4]),
      },
      reviews_count: stats.count,
      review: firstReviews,
    };
  }

  /**
   * A product's reviews counted in SQL, never loaded: how many, the sum of
   * their half stars, and how many gave each number of stars (a half star
   * counts with the star above it: 4.5 with 5, 0.5 with 1).
   */
  async reviewStats(productId: number) {
    const stars = (star: number) => sql<number>`sum(case when rate_halves > ${2 * star - 2} and rate_halves <= ${2 * star} then 1 else 0 end)`;
    const row = await this.db.selectFrom('reviews')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('rate_halves').as('halves'),
        stars(1).as('s1'), stars(2).as('s2'), stars(3).as('s3'), stars(4).as('s4'), stars(5).as('s5'),
      ])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.n),
      halves: Number(row.halves ?? 0),
      stars: [row.s1, row.s2, row.s3, row.s4, row.s5].map((n) => Number(n ?? 0)),
    };
  }

  /**
   * A page of a product's reviews, newest first (walking the index on
   * product, created_at, id), each saying whether its writer bought the
   * product: an order of theirs with it was delivered. Public for the test
   * of its query plan.
   */
  reviewsQuery(productId: number, limit: number, offset: number) {
    return this.db.selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.rate_halves', 'r.comment', 'r.created_at', 'u.first_name', 'u.last_name'])
      .select((eb) => eb.exists(
        // The writer's orders (orders_user_idx), then each one's lines (order_items_order_idx).
        eb.selectFrom('orders as o')
          .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
          .select(sql.lit(1).as('one'))
          .whereRef('o.user_id', '=', 'r.user_id')
          .where('o.status', '=', DELIVERED)
          .whereRef('oi.product_id', '=', 'r.product_id'),
      ).as('verified'))
      .where('r.product_id', '=', productId)
      .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
      .limit(limit).offset(offset);
  }

  async #reviews(productId: number, limit: number, offset: number) {
    const rows = await this.reviewsQuery(productId, limit, offset).execute();
    return rows.map((r) => ({
      user_name: `${r.first_name} ${r.last_name}`,
      rate: r.rate_halves / 2,
      comment: r.comment,
      created_at: r.created_at,
      verified: Boolean(r.verified),
    }));
  }

  /** GET /products/{id}/reviews: one page of a product's reviews, with the list's paging (`meta`). */
  async reviewPage(productId: number, page: number, perPage: number) {
    const [{ count: total }, reviews] = await Promise.all([
      this.reviewStats(productId),
      this.#reviews(productId, perPage, (page - 1) * perPage),
    ]);
    return { reviews, meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
  }

  /** The account's own review of a product, or null. */
  async myReview(userId: number, productId: number) {
    const row = await this.db.selectFrom('reviews').select(['rate_halves', 'comment', 'created_at'])
      .where('user_id', '=', userId).where('product_id', '=', productId)
      .executeTakeFirst();
    return row ? { rate: row.rate_halves / 2, comment: row.comment, created_at: row.created_at } : null;
  }

  /**
   * The account's review of the product, written whole in one statement: a
   * first review inserts, a later one replaces its rate and comment (the
   * unique index on account and product decides, so two sends at once still
   * leave one row). Answers whether it was the first or an edit: an edit
   * sets `updated_at`, a first review leaves it null.
   */
  async saveReview(userId: number, productId: number, rateHalves: number, comment: string): Promise<'sent' | 'updated'> {
    const now = new Date().toISOString();
    // With the product's count and sum of stars in the same transaction (db/product-ratings.ts).
    const row = await this.db.transaction().execute(async (trx) => {
      const written = await trx.insertInto('reviews')
        .values({ product_id: productId, user_id: userId, rate_halves: rateHalves, comment, created_at: now, updated_at: null })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({
          rate_halves: eb.ref('excluded.rate_halves'),
          comment: eb.ref('excluded.comment'),
          updated_at: now,
        })))
        .returning('updated_at')
        .executeTakeFirstOrThrow();
      await refreshRatings(trx, [productId]);
      return written;
    });
    this.invalidateDetails(productId);
    return row.updated_at === null ? 'sent' : 'updated';
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

  /**
   * The highest product id there is (archived or not), read from the primary key's end: the
   * sitemap's parts are ranges of ids (docs/seo.md), so it needs no count of the catalog.
   */
  async lastProductId(): Promise<number> {
    const row = await this.products().select((eb) => eb.fn.max('p.id').as('id')).executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /**
   * The sitemap's products: at most `limit` on sale with ids from `fromId` to `toId`, in id
   * order, a keyset page read along the primary key on both databases (docs/seo.md has the
   * plans), so a part is written in pages rather than holding the catalog.
   */
  async onSalePage(fromId: number, toId: number, limit: number): Promise<number[]> {
    const rows = await this.products().where(onSale).where('p.id', '>=', fromId).where('p.id', '<=', toId)
      .select('p.id').orderBy('p.id').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /** The categories with a product on sale, in the shop's order: the sitemap's (an empty one is no page to find). */
  async categoryIdsWithProducts(): Promise<number[]> {
    return (await this.categories('en')).filter((c) => c.products_count > 0).map((c) => c.id);
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

/** How long a search's page is kept, and how many pages. */
const SEARCH_TTL_MS = 60_000;
const SEARCHES_KEPT = 500;

interface SearchPage { ids: number[]; total: number }

interface CardRow {
  id: number; name_en: string; name_ar: string; price: number; sale_price: number | null; main_image: string;
  overview_en: string; overview_ar: string; category_id: number; category_en: string; category_ar: string;
  sale_type: string; stock: number; archived_at: string | null; reviews_count: number; rate_halves_sum: number;
  /** the main picture's size and variants (product_images), null without one */
  width: number | null; height: number | null; variants: string | null;
}

/** A product's name, price and picture, as a card and a suggestion show them. */
function productFace(row: Pick<CardRow, 'id' | 'name_en' | 'name_ar' | 'price' | 'sale_price' | 'main_image' | 'width' | 'height' | 'variants'>, lang: Lang) {
  return {
    id: row.id,
    name: localized(row, 'name', lang),
    price: toEgp(row.price),
    price_after_sale: toEgp(row.sale_price ?? row.price),
    image: row.main_image,
    ...shownImage('image', row),
  };
}

/** The stars shown on a card: the reviews' average, to one decimal; 0 without reviews. */
function rateOf(halvesSum: number, count: number): number {
  if (!count) return 0;
  return Math.round((Number(halvesSum) / Number(count) / 2) * 10) / 10;
}
