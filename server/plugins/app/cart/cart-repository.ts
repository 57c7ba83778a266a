import { sql, type Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { BuyAgainLine, BuyAgainReason } from '../../../contract/cart.ts';
import { isForeignKeyViolation, type Db, type Q } from '../../../db/database.ts';
import type { CouponsTable } from '../../../db/schema.ts';
import { prepared } from '../../../db/prepared.ts';
import type { Lang } from '../../../i18n/messages.ts';
import { localized } from '../../../contract/lang.ts';
import { AppError, notFound, refused } from '../../../errors.ts';
import { toEgp } from '../../../domain/money.ts';
import { computeTotals, lineTotal, type Totals } from '../../../domain/totals.ts';
import { couponProblem, type CouponProblem, type CouponRule } from '../../../domain/coupon.ts';
import { canUsePoints, pointsValue } from '../../../domain/points.ts';
import { resizeSmells } from '../../../domain/cart-rules.ts';
import { giftAllowed } from '../../../contract/cart-rules.ts';
import { allowedDeliveryDays } from '../../../domain/shipping.ts';
import { dayInZone } from '../../../domain/calendar.ts';
import { formatDay, formatMoney, t } from '../../../i18n/messages.ts';
import { normalizeCouponCode } from '../../../contract/rules.ts';
import type { ShopSettings } from '../../../settings.ts';
import { shownImage } from '../catalog/product-images.ts';

export interface CartLineRow {
  id: number;
  product_id: number;
  qty: number;
  smell_ids: string;
  gift_id: number | null;
  name_en: string;
  name_ar: string;
  main_image: string;
  price: number;
  sale_price: number | null;
  sale_type: string;
  stock: number;
  /** the main picture's size and variants (product_images), null without one */
  width: number | null;
  height: number | null;
  variants: string | null;
  /** the unit price when the product was put in the cart (null: not known, an old line) */
  price_seen: number | null;
}

export interface CartState {
  cart: { id: number; user_id: number; coupon_id: number | null; points_applied: number };
  lines: (CartLineRow & { smellIds: (number | null)[] })[];
  smells: Map<number, { id: number; name_en: string; name_ar: string }[]>;
  gifts: Map<number, { id: number; name_en: string; name_ar: string; image: string }[]>;
  points: number;
  coupon: Selectable<CouponsTable> | null;
  couponUsesByUser: number;
  today: string;
  totals: Totals;
  /** the coupon's problem now, if any: the discount is then 0 and checkout refuses */
  couponIssue: CouponProblem | null;
  pointsUsable: boolean;
  /** the governorate whose fee the totals hold: the chosen address's, or null (the default fee) */
  governorate: string | null;
}

export const NOT_THERE = 'not there';

/** A line of an order, as buy again reads it (OrdersRepository.linesToBuyAgain). */
export interface OrderLineToBuy {
  product_id: number;
  name_en: string;
  name_ar: string;
  qty: number;
  /** the smell of each unit, by name in both languages */
  smells: { en: string; ar: string }[];
  gift_id: number | null;
}

/** What became of one line of the order (the contract's BuyAgainLine). */
export type BuyAgainOutcome = Static<typeof BuyAgainLine>;

/**
 * What of a product can still be bought: its stock, or none once the owner archived it. A cart
 * keeps an archived product's line and shows it as out of stock; checkout refuses it.
 */
const sellable = sql<number>`case when p.archived_at is null then p.stock else 0 end`;

/** Fixed-shape hot queries, compiled once per database (see db/prepared.ts). */
function cartQueries(db: Db) {
  return {
    addUnit: prepared(db, (cartId: number, productId: number, now: string) =>
      db.insertInto('cart_items')
        .columns(['cart_id', 'product_id', 'qty', 'smell_ids', 'gift_id', 'created_at', 'price_seen'])
        .expression((eb) => eb.selectFrom('products')
          .select([
            sql<number>`cast(${cartId} as integer)`.as('cart_id'),
            'id',
            sql<number>`1`.as('qty'),
            sql<string>`'[]'`.as('smell_ids'),
            sql<null>`null`.as('gift_id'),
            sql<string>`cast(${now} as text)`.as('created_at'),
            // The price the shopper adds it at: a later change of price is pointed out against it.
            sql<number>`coalesce(sale_price, price)`.as('price_seen'),
          ])
          .where('id', '=', productId)
          .where('stock', '>=', 1)
          .where('archived_at', 'is', null))
        .onConflict((oc) => oc.columns(['cart_id', 'product_id'])
          .doUpdateSet((eb) => ({ qty: eb('cart_items.qty', '+', 1), gift_id: null }))
          .where((eb) => eb('cart_items.qty', '<', eb.selectFrom('products').select('stock').where('id', '=', productId)))), 3),
    count: prepared(db, (cartId: number) =>
      db.selectFrom('cart_items').select((eb) => eb.fn.sum<number>('qty').as('n')).where('cart_id', '=', cartId), 1),
    cartByUser: prepared(db, (userId: number) =>
      db.selectFrom('carts').select(['id', 'user_id', 'coupon_id', 'points_applied']).where('user_id', '=', userId), 1),
    lines: prepared(db, (cartId: number) =>
      db.selectFrom('cart_items as i').innerJoin('products as p', 'p.id', 'i.product_id')
        .leftJoin('product_images as mi', 'mi.id', 'p.main_image_id')
        .select(['i.id', 'i.product_id', 'i.qty', 'i.smell_ids', 'i.gift_id', 'p.name_en', 'p.name_ar', 'p.main_image',
          'p.price', 'p.sale_price', 'p.sale_type', sellable.as('stock'), 'mi.width', 'mi.height', 'mi.variants', 'i.price_seen'])
        .where('i.cart_id', '=', cartId).orderBy('i.id'), 1),
    smells: prepared(db, (cartId: number) =>
      db.selectFrom('product_smells as s').innerJoin('cart_items as i', 'i.product_id', 's.product_id')
        .select(['s.id', 's.product_id', 's.name_en', 's.name_ar'])
        .where('i.cart_id', '=', cartId).orderBy('s.sort').orderBy('s.id'), 1),
    gifts: prepared(db, (cartId: number) =>
      db.selectFrom('product_gifts as pg').innerJoin('gifts as g', 'g.id', 'pg.gift_id')
        .innerJoin('cart_items as i', 'i.product_id', 'pg.product_id')
        .select(['pg.product_id', 'g.id', 'g.name_en', 'g.name_ar', 'g.image'])
        .where('i.cart_id', '=', cartId).orderBy('g.id'), 1),
    userPoints: prepared(db, (userId: number) =>
      db.selectFrom('users').select('points').where('id', '=', userId), 1),
    coupon: prepared(db, (couponId: number) =>
      db.selectFrom('coupons').selectAll().where('id', '=', couponId), 1),
    couponUses: prepared(db, (couponId: number, userId: number) =>
      db.selectFrom('coupon_uses').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('coupon_id', '=', couponId).where('user_id', '=', userId), 2),
  };
}

/** All SQL for carts, and the CartData every cart call answers with. */
export class CartRepository {
  readonly #cartIds = new Map<number, number>();
  readonly #q: ReturnType<typeof cartQueries>;
  /** the bookable delivery days, for the Cairo day and the delivery settings they were computed with */
  #days: { key: string; days: string[] } = { key: '', days: [] };

  constructor(private readonly db: Db, private readonly settings: ShopSettings) {
    this.#q = cartQueries(db);
  }

  today(): string {
    return dayInZone(new Date(), this.settings.timeZone);
  }

  async cartFor(userId: number, q: Q = this.db) {
    const found = (await this.#q.cartByUser(q, userId)).rows[0];
    if (found) return found;
    await q.insertInto('carts').values({ user_id: userId, coupon_id: null, points_applied: 0, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('user_id').doNothing()).execute();
    return (await this.#q.cartByUser(q, userId)).rows[0];
  }

  /** The caller's cart by id: another user's cart is "not found", never theirs to see. */
  async ownCart(userId: number, cartId: number, q: Q = this.db) {
    const cart = await q.selectFrom('carts').select(['id', 'user_id', 'coupon_id', 'points_applied'])
      .where('id', '=', cartId).where('user_id', '=', userId).executeTakeFirst();
    if (!cart) throw notFound('cart_not_found');
    return cart;
  }

  async lines(cartId: number, q: Q = this.db): Promise<CartLineRow[]> {
    return (await this.#q.lines(q, cartId)).rows;
  }

  async count(cartId: number, q: Q = this.db): Promise<number> {
    return Number((await this.#q.count(q, cartId)).rows[0]?.n ?? 0);
  }

  /**
   * Everything checkout and CartData need, read in one place. With a
   * governorate (the delivery address's, once chosen) the totals hold its
   * fee; without one, the default fee.
   */
  async state(userId: number, q: Q = this.db, governorate: string | null = null): Promise<CartState> {
    const cart = await this.cartFor(userId, q);
    const rows = await this.lines(cart.id, q);
    const smellRows = rows.length ? (await this.#q.smells(q, cart.id)).rows : [];
    const giftRows = rows.length ? (await this.#q.gifts(q, cart.id)).rows : [];
    const user = (await this.#q.userPoints(q, userId)).rows[0];
    const coupon = cart.coupon_id === null ? undefined : (await this.#q.coupon(q, cart.coupon_id)).rows[0];
    const smells = new Map<number, { id: number; name_en: string; name_ar: string }[]>();
    for (const s of smellRows) (smells.get(s.product_id) ?? smells.set(s.product_id, []).get(s.product_id)!).push(s);
    const gifts = new Map<number, { id: number; name_en: string; name_ar: string; image: string }[]>();
    for (const g of giftRows) (gifts.get(g.product_id) ?? gifts.set(g.product_id, []).get(g.product_id)!).push(g);

    const couponUsesByUser = coupon ? Number((await this.#q.couponUses(q, coupon.id, userId)).rows[0]?.n ?? 0) : 0;
    const today = this.today();
    const lines = rows.map((r) => ({ ...r, smellIds: resizeSmells(parseIds(r.smell_ids), r.qty) }));
    const subtotal = lines.reduce((sum, l) => sum + (l.sale_price ?? l.price) * l.qty, 0);
    const couponIssue = coupon ? couponProblem(coupon, { subtotal, today, usesByUser: couponUsesByUser }) : null;
    const pointsUsable = canUsePoints(user.points, this.settings);
    const totals = computeTotals({
      lines: lines.map((l) => ({ unitPrice: l.sale_price ?? l.price, qty: l.qty })),
      coupon: coupon && !couponIssue ? ({ kind: coupon.kind as CouponRule['kind'], value: coupon.value }) : null,
      pointsBalance: user.points,
      pointsApplied: cart.points_applied === 1 && pointsUsable,
      today,
      governorate,
    }, this.settings);
    return { cart, lines, smells, gifts, points: user.points, coupon: coupon ?? null, couponUsesByUser, today, totals, couponIssue, pointsUsable, governorate };
  }

  #deliveryDays(today: string): string[] {
    // Computed again on a new day, and when the owner changed the delivery settings (they are read live).
    const { scheduledMinDays, scheduledMaxDays, closedWeekdays } = this.settings;
    const key = `${today} ${scheduledMinDays} ${scheduledMaxDays} ${closedWeekdays.join(',')}`;
    if (this.#days.key !== key) this.#days = { key, days: allowedDeliveryDays(today, this.settings) };
    return this.#days.days;
  }

  /** The contract's CartData, in the request's language, with the fee to `governorate` once an address is chosen. */
  async cartData(userId: number, lang: Lang, q: Q = this.db, governorate: string | null = null) {
    const s = await this.state(userId, q, governorate);
    return this.toCartData(s, lang);
  }

  toCartData(s: CartState, lang: Lang) {
    const name = (r: { name_en: string; name_ar: string }) => localized(r, 'name', lang);
    return {
      card_id: s.cart.id,
      points: s.points,
      points_applied: s.cart.points_applied === 1 && s.pointsUsable,
      points_discount: toEgp(s.totals.pointsDiscount),
      points_used: s.totals.pointsUsed,
      coupon: s.coupon ? s.coupon.code : NOT_THERE,
      coupon_discount: toEgp(s.totals.couponDiscount),
      coupon_problem: s.coupon && s.couponIssue ? couponMessage(s.couponIssue, s.coupon, lang) : null,
      price_after_coupon: toEgp(s.totals.priceAfterCoupon),
      shiping: toEgp(s.totals.shippingFee),
      shipping_governorate: s.governorate,
      fee_varies_by_governorate: Object.keys(this.settings.governorateFees).length > 0,
      standard_delivery_days: this.settings.standardDeliveryDays,
      phone: this.settings.walletPhone,
      subtotal: toEgp(s.totals.subtotal),
      summary: {
        total: toEgp(s.totals.total),
        totalAfterShiping: toEgp(s.totals.totalAfterShipping),
        Estimated_Delivery_by: s.totals.estimatedDeliveryBy,
      },
      delivery_days: this.#deliveryDays(s.today),
      closed_weekdays: this.settings.closedWeekdays,
      product_in_card: s.lines.map((l) => {
        const options = s.smells.get(l.product_id) ?? [];
        const byId = new Map(options.map((o) => [o.id, name(o)]));
        return {
          id: l.id,
          product_id: l.product_id,
          product_name: name(l),
          product_image: l.main_image,
          ...shownImage('product_image', l),
          product_price: toEgp(l.sale_price ?? l.price),
          previous_price: l.price_seen !== null && l.price_seen !== (l.sale_price ?? l.price) ? toEgp(l.price_seen) : null,
          product_qty: l.qty,
          line_total: toEgp(lineTotal({ unitPrice: l.sale_price ?? l.price, qty: l.qty })),
          typesale_name: l.sale_type,
          product_smell: options.map(name),
          smell: l.smellIds.map((id) => (id === null ? null : byId.get(id) ?? null)),
          gift_id: giftAllowed(l.sale_type, l.qty) ? l.gift_id : null,
          giftproduct: giftAllowed(l.sale_type, l.qty)
            ? (s.gifts.get(l.product_id) ?? []).map((g) => ({ gift_id: g.id, gift_name: name(g), gift_image: g.image }))
            : [],
          stock: l.stock,
        };
      }),
      card_count: s.lines.reduce((n, l) => n + l.qty, 0),
    };
  }

  /** The shopper's cart id; carts are never deleted, so it is kept once known. */
  async cartIdFor(userId: number): Promise<number> {
    let id = this.#cartIds.get(userId);
    if (id === undefined) {
      id = (await this.cartFor(userId)).id;
      if (this.#cartIds.size > 100_000) this.#cartIds.clear();
      this.#cartIds.set(userId, id);
    }
    return id;
  }

  /**
   * Adds one unit, never above stock, in one guarded upsert: the hottest
   * write of the shop. Smell slots need no write (readers pad them to the
   * quantity) and a gift is never due right after an add. Answers the new
   * unit count.
   */
  async addUnit(userId: number, productId: number, lang: Lang): Promise<number> {
    let cartId = await this.cartIdFor(userId);
    let result;
    try {
      result = await this.#q.addUnit(this.db, cartId, productId, new Date().toISOString());
    } catch (error) {
      // The kept cart id points at a cart that is gone (a restored database): find it anew once.
      if (!isForeignKeyViolation(error)) throw error;
      this.#cartIds.delete(userId);
      cartId = await this.cartIdFor(userId);
      result = await this.#q.addUnit(this.db, cartId, productId, new Date().toISOString());
    }
    if (Number(result.numAffectedRows ?? 0) !== 1) await this.#explainRefusedAdd(cartId, productId, lang);
    return this.count(cartId);
  }


  async #explainRefusedAdd(cartId: number, productId: number, lang: Lang): Promise<never> {
    const product = await this.db.selectFrom('products as p').select(['p.name_en', 'p.name_ar', sellable.as('stock')])
      .where('p.id', '=', productId).executeTakeFirst();
    if (!product) throw notFound('product_not_found');
    const item = await this.db.selectFrom('cart_items').select('qty')
      .where('cart_id', '=', cartId).where('product_id', '=', productId).executeTakeFirst();
    assertStock(product, (item?.qty ?? 0) + 1, lang);
    throw refused('stock_limit', { stock: product.stock, name: localized(product, 'name', lang) });
  }

  /**
   * Sets a line's quantity (and gift) by the rules of docs/rules.md: "Smells: one per unit", "Stock",
   * and the gift table of the "buy 2 get 1" section.
   */
  async changeLine(userId: number, cartId: number, body: { product_id: number; qty: number; gift_id?: number | null }, lang: Lang) {
    await this.db.transaction().execute(async (trx) => {
      await this.ownCart(userId, cartId, trx);
      const item = await this.#item(trx, cartId, body.product_id);
      if (body.qty < 1) throw refused('qty_min');
      assertStock(item, body.qty, lang);
      let giftId = giftAllowed(item.sale_type, body.qty) ? item.gift_id : null;
      if (body.gift_id !== undefined && body.gift_id !== null) {
        if (!giftAllowed(item.sale_type, body.qty)) throw refused('gift_not_allowed');
        const offered = await trx.selectFrom('product_gifts').select('gift_id')
          .where('product_id', '=', body.product_id).where('gift_id', '=', body.gift_id).executeTakeFirst();
        if (!offered) throw refused('gift_unknown', { name: localized(item, 'name', lang) });
        giftId = body.gift_id;
      } else if (body.gift_id === null) {
        giftId = null;
      }
      await trx.updateTable('cart_items').set({
        qty: body.qty,
        smell_ids: JSON.stringify(resizeSmells(parseIds(item.smell_ids), body.qty)),
        gift_id: giftId,
      }).where('id', '=', item.id).execute();
      await this.#touch(cartId, trx);
    });
  }

  /** One smell per unit, by name in either language (the shopper may have switched language). */
  async setSmells(userId: number, cartItemId: number, chosen: (string | null)[], lang: Lang) {
    await this.db.transaction().execute(async (trx) => {
      const item = await trx.selectFrom('cart_items as i').innerJoin('carts as c', 'c.id', 'i.cart_id')
        .innerJoin('products as p', 'p.id', 'i.product_id')
        .select(['i.id', 'i.qty', 'i.product_id', 'i.cart_id', 'p.name_en', 'p.name_ar'])
        .where('i.id', '=', cartItemId).where('c.user_id', '=', userId).executeTakeFirst();
      if (!item) throw notFound('cart_item_not_found');
      const productName = localized(item, 'name', lang);
      const options = await trx.selectFrom('product_smells').select(['id', 'name_en', 'name_ar'])
        .where('product_id', '=', item.product_id).execute();
      const wanted = chosen.map((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null));
      if (options.length === 0) {
        if (wanted.some((v) => v !== null)) throw refused('no_smells', { name: productName });
        return;
      }
      if (wanted.length !== item.qty) {
        throw new AppError(422, 'smell_count', { qty: item.qty }, { smell: [{ key: 'smell_count', params: { qty: item.qty } }] });
      }
      const ids = wanted.map((v) => {
        if (v === null) return null;
        const lower = v.toLowerCase();
        const match = options.find((o) => o.name_en.toLowerCase() === lower || o.name_ar === v);
        if (!match) throw refused('smell_unknown', { smell: v.slice(0, 60), name: productName });
        return match.id;
      });
      await trx.updateTable('cart_items').set({ smell_ids: JSON.stringify(ids) }).where('id', '=', item.id).execute();
      await this.#touch(item.cart_id, trx);
    });
  }

  /** Removes `qty` units of a product; the line goes when none are left. Answers the unit count. */
  async removeUnits(userId: number, productId: number, qty: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const cart = await this.cartFor(userId, trx);
      const item = await this.#item(trx, cart.id, productId);
      const left = item.qty - qty;
      if (left <= 0) {
        await trx.deleteFrom('cart_items').where('id', '=', item.id).execute();
      } else {
        await trx.updateTable('cart_items').set({
          qty: left,
          smell_ids: JSON.stringify(resizeSmells(parseIds(item.smell_ids), left)),
          gift_id: giftAllowed(item.sale_type, left) ? item.gift_id : null,
        }).where('id', '=', item.id).execute();
      }
      await this.#touch(cart.id, trx);
      return this.count(cart.id, trx);
    });
  }

  async applyCoupon(userId: number, cartId: number, rawCode: string, lang: Lang) {
    await this.db.transaction().execute(async (trx) => {
      await this.ownCart(userId, cartId, trx);
      const code = normalizeCouponCode(rawCode);
      const coupon = code ? await trx.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst() : undefined;
      if (!coupon) {
        throw new AppError(422, 'coupon_not_found', { code: rawCode.trim().slice(0, 64) }, { name: [{ key: 'coupon_not_found', params: { code: rawCode.trim().slice(0, 64) } }] });
      }
      const s = await this.state(userId, trx);
      if (s.lines.length === 0) throw refused('cart_empty');
      const problem = couponProblem(coupon, { subtotal: s.totals.subtotal, today: s.today, usesByUser: await this.#usesByUser(trx, coupon.id, userId) });
      if (problem) throw couponError(problem, coupon, lang);
      await trx.updateTable('carts').set({ coupon_id: coupon.id, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
    });
  }

  async removeCoupon(userId: number, cartId: number) {
    await this.ownCart(userId, cartId);
    await this.db.updateTable('carts').set({ coupon_id: null, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
  }

  async pointsWorth(userId: number) {
    const user = await this.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!canUsePoints(user.points, this.settings)) throw refused('points_not_enough', { min: this.settings.minPointsToUse });
    return { points: user.points, value: pointsValue(user.points, this.settings) };
  }

  async setPointsApplied(userId: number, applied: boolean) {
    await this.db.transaction().execute(async (trx) => {
      const cart = await this.cartFor(userId, trx);
      if (applied) {
        const user = await trx.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
        if (!canUsePoints(user.points, this.settings)) throw refused('points_not_enough', { min: this.settings.minPointsToUse });
        if ((await this.count(cart.id, trx)) === 0) throw refused('cart_empty');
      }
      await trx.updateTable('carts').set({ points_applied: applied ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', cart.id).execute();
    });
  }

  /**
   * Buy again: an order's lines put back in the shopper's cart, inside the caller's transaction
   * (services/buy-again.ts), by the cart's rules (docs/rules.md, "Buy again"): each line with its
   * smells (matched by name, as the order keeps them) and its gift while the product still offers
   * it; never above the stock, counting what the cart holds already. A line whose product is off
   * sale, sold out or no longer offers one of its smells is skipped. Answers what became of each line.
   */
  async putBack(userId: number, items: readonly OrderLineToBuy[], lang: Lang, q: Q): Promise<BuyAgainOutcome[]> {
    const cart = await this.cartFor(userId, q);
    const ids = [...new Set(items.map((i) => i.product_id))];
    if (ids.length === 0) return [];
    const [products, options, offered, held] = await Promise.all([
      q.selectFrom('products').select(['id', 'stock', 'archived_at', 'sale_type', 'price', 'sale_price']).where('id', 'in', ids).execute(),
      q.selectFrom('product_smells').select(['id', 'product_id', 'name_en', 'name_ar']).where('product_id', 'in', ids).execute(),
      q.selectFrom('product_gifts').select(['product_id', 'gift_id']).where('product_id', 'in', ids).execute(),
      q.selectFrom('cart_items').select(['id', 'product_id', 'qty', 'smell_ids', 'gift_id']).where('cart_id', '=', cart.id).where('product_id', 'in', ids).execute(),
    ]);
    const product = new Map(products.map((p) => [p.id, p]));
    const lines = new Map<number, { id: number; qty: number; smellIds: (number | null)[]; gift_id: number | null }>(
      held.map((l) => [l.product_id, { id: l.id, qty: l.qty, smellIds: resizeSmells(parseIds(l.smell_ids), l.qty), gift_id: l.gift_id }]),
    );
    const now = new Date().toISOString();
    const outcomes: BuyAgainOutcome[] = [];
    for (const item of items) {
      const outcome = (added: number, reason: BuyAgainReason | null, smells: string[] = []): BuyAgainOutcome =>
        ({ product_id: item.product_id, name: localized(item, 'name', lang), ordered: item.qty, added, reason, smells });
      const p = product.get(item.product_id);
      if (!p || p.archived_at !== null) { outcomes.push(outcome(0, 'unavailable')); continue; }
      if (p.stock <= 0) { outcomes.push(outcome(0, 'out_of_stock')); continue; }
      // The order keeps its smells by name (both languages): each must still be one of the product's.
      const own = options.filter((o) => o.product_id === p.id);
      const wanted = item.smells.map((s) => ({ s, match: own.find((o) => o.name_en.toLowerCase() === s.en.toLowerCase() || o.name_ar === s.ar) }));
      const gone = wanted.filter((w) => !w.match).map((w) => w.s[lang]);
      if (gone.length > 0) { outcomes.push(outcome(0, 'smell_gone', [...new Set(gone)])); continue; }
      const line = lines.get(p.id);
      const before = line?.qty ?? 0;
      const added = Math.min(item.qty, p.stock - before);
      if (added <= 0) { outcomes.push(outcome(0, 'stock_limit')); continue; }
      const qty = before + added;
      // The order's smells for the units added (a product that had none then gets empty slots to choose).
      const smellIds = [...(line?.smellIds ?? []), ...resizeSmells(wanted.map((w) => w.match!.id), added)];
      const gifts = new Set(offered.filter((g) => g.product_id === p.id).map((g) => g.gift_id));
      const gift = [item.gift_id, line?.gift_id ?? null].find((g) => g !== null && gifts.has(g)) ?? null;
      const next = { id: line?.id ?? 0, qty, smellIds, gift_id: giftAllowed(p.sale_type, qty) ? gift : null };
      if (!line) {
        const inserted = await q.insertInto('cart_items').values({
          cart_id: cart.id, product_id: p.id, qty, smell_ids: JSON.stringify(smellIds), gift_id: next.gift_id, created_at: now,
          price_seen: p.sale_price ?? p.price,
        }).returning('id').executeTakeFirstOrThrow();
        next.id = inserted.id;
      } else {
        await q.updateTable('cart_items').set({ qty, smell_ids: JSON.stringify(smellIds), gift_id: next.gift_id }).where('id', '=', line.id).execute();
      }
      lines.set(p.id, next);
      outcomes.push(outcome(added, added < item.qty ? 'stock_limit' : null));
    }
    if (outcomes.some((o) => o.added > 0)) await this.#touch(cart.id, q);
    return outcomes;
  }

  /** Empties the cart after its order: no lines, no coupon, no points applied. */
  async clear(cartId: number, at: string, q: Q = this.db) {
    await q.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    await q.updateTable('carts').set({ coupon_id: null, points_applied: 0, updated_at: at }).where('id', '=', cartId).execute();
  }

  /**
   * The refusal for a coupon the checkout could not count (countUse answered null): why, read now
   * inside the order's transaction (switched off, ended, used up meanwhile…); "used up" should the
   * coupon have changed back since.
   */
  async couponRefusal(couponId: number, userId: number, subtotal: number, lang: Lang, q: Q) {
    const coupon = (await this.#q.coupon(q, couponId)).rows[0];
    const problem = couponProblem(coupon, { subtotal, today: this.today(), usesByUser: await this.#usesByUser(q, couponId, userId) });
    return couponError(problem ?? 'used_up', coupon, lang);
  }

  async #usesByUser(q: Q, couponId: number, userId: number) {
    const row = await q.selectFrom('coupon_uses').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('coupon_id', '=', couponId).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async #item(q: Q, cartId: number, productId: number) {
    const item = await q.selectFrom('cart_items as i').innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.id', 'i.qty', 'i.smell_ids', 'i.gift_id', 'p.sale_type', sellable.as('stock'), 'p.name_en', 'p.name_ar'])
      .where('i.cart_id', '=', cartId).where('i.product_id', '=', productId).executeTakeFirst();
    if (!item) throw notFound('cart_item_not_found');
    return item;
  }

  async #touch(cartId: number, q: Q) {
    await q.updateTable('carts').set({ updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
  }
}

export function parseIds(json: string): (number | null)[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? v : null)) : [];
  } catch {
    return [];
  }
}

function assertStock(p: { stock: number; name_en: string; name_ar: string }, qty: number, lang: Lang) {
  const name = localized(p, 'name', lang);
  if (p.stock <= 0) throw refused('out_of_stock', { name });
  if (qty > p.stock) throw refused('stock_limit', { stock: p.stock, name });
}

/** What a coupon's refusal names: its code, its minimum subtotal, its first day. */
export type CouponNamed = { code: string; min_subtotal: number; starts_on: string | null };

/** Why the applied coupon does not apply now, in the shopper's language. */
function couponMessage(problem: CouponProblem, coupon: CouponNamed, lang: Lang): string {
  const error = couponError(problem, coupon, lang);
  return t(lang, error.key, error.params);
}

export function couponError(problem: CouponProblem, coupon: CouponNamed, lang: Lang) {
  const { code } = coupon;
  switch (problem) {
    case 'inactive': return refused('coupon_inactive', { code });
    case 'not_started': return refused('coupon_not_started', { code, day: formatDay(lang, coupon.starts_on ?? '') });
    case 'expired': return refused('coupon_expired', { code });
    case 'used_up': return refused('coupon_used_up', { code });
    case 'already_used': return refused('coupon_already_used', { code });
    case 'below_minimum': return refused('coupon_below_minimum', { code, amount: formatMoney(lang, coupon.min_subtotal) });
  }
}
