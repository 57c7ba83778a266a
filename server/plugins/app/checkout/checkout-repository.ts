import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import { FieldErrors, notFound, refused } from '../../../errors.ts';
import { t, type Lang } from '../../../i18n/messages.ts';
import { localized } from '../../../contract/lang.ts';
import { toEgp } from '../../../domain/money.ts';
import { amountPayable } from '../../../domain/totals.ts';
import { lineProblem } from '../../../domain/cart-rules.ts';
import { pointsEarned } from '../../../domain/points.ts';
import { deliveryDayProblem } from '../../../domain/shipping.ts';
import { normalizePhone, toLatinDigits, twoNamesProblem } from '../../../contract/rules.ts';
import type { ShopSettings } from '../../../settings.ts';
import { couponError, type CartRepository } from '../cart/cart-repository.ts';
import type { IdempotencyKeys } from '../idempotency/idempotency-repository.ts';

export interface CheckoutInput {
  card_id: number;
  username: string;
  phone: string;
  address_id: number;
  shiping: 'free' | 'date';
  date?: string | null;
  payment: 'cach' | 'delivery';
  point?: number | string | null;
}

export interface CheckoutAnswer {
  statusCode: number;
  body: unknown;
}

export class CheckoutRepository {
  constructor(
    private readonly db: Db,
    private readonly settings: ShopSettings,
    private readonly carts: CartRepository,
    private readonly keys: IdempotencyKeys,
    /** called after an order that sold a product out: cached pages show stock */
    private readonly onSoldOut: () => void = () => {},
  ) {}

  /**
   * Places the order. `keyId` is the Idempotency-Key the route claimed for
   * this request (see plugins/app/idempotency): the order's answer is kept
   * with it inside the order's transaction, so an order never exists without
   * the answer a retry replays. The key is claimed before these rules run: a
   * replay answers what was answered, even if today's rules (a delivery day
   * that has since come too close) would now refuse it.
   */
  async checkout(userId: number, input: CheckoutInput, lang: Lang, keyId: number | null): Promise<CheckoutAnswer> {
    return this.#place(userId, input, this.#validate(input), lang, keyId);
  }

  #validate(input: CheckoutInput): { phone: string; date: string | null } {
    const errors = new FieldErrors();
    errors.add('username', twoNamesProblem(input.username));
    const phone = normalizePhone(input.phone);
    errors.add('phone', input.phone.trim() === '' ? 'field_required' : phone ? null : 'phone_invalid');
    let date: string | null = null;
    if (input.shiping === 'date') {
      const raw = typeof input.date === 'string' ? toLatinDigits(input.date.trim()) : '';
      if (!raw) errors.add('date', 'delivery_date_required');
      else {
        const problem = deliveryDayProblem(raw, this.carts.today(), this.settings);
        if (problem === 'invalid') errors.add('date', 'date_invalid');
        else if (problem === 'too_soon') errors.add('date', 'delivery_date_too_soon', { days: this.settings.scheduledMinDays });
        else if (problem === 'too_late') errors.add('date', 'delivery_date_too_late', { days: this.settings.scheduledMaxDays });
        else if (problem === 'closed_day') errors.add('date', 'delivery_date_closed');
        date = raw;
      }
    }
    errors.throwIfAny();
    return { phone: phone!, date };
  }

  async #place(userId: number, input: CheckoutInput, checked: { phone: string; date: string | null }, lang: Lang, keyId: number | null): Promise<CheckoutAnswer> {
    return this.db.transaction().execute(async (trx) => {
      await this.carts.ownCart(userId, input.card_id, trx);
      const address = await trx.selectFrom('addresses').select(['title', 'address', 'phone', 'city', 'government'])
        .where('id', '=', input.address_id).where('user_id', '=', userId).executeTakeFirst();
      if (!address) throw notFound('address_not_found');

      const s = await this.carts.state(userId, trx);
      if (s.lines.length === 0) throw refused('cart_empty');
      for (const l of s.lines) {
        const name = localized(l, 'name', lang);
        const problem = lineProblem({
          qty: l.qty, stock: l.stock, saleType: l.sale_type, smellOptions: s.smells.get(l.product_id)?.length ?? 0,
          smellIds: l.smellIds, giftId: l.gift_id,
        });
        if (problem === 'out_of_stock') throw l.stock <= 0 ? refused('out_of_stock', { name }) : refused('stock_limit', { name, stock: l.stock });
        if (problem === 'missing_smell') throw refused('checkout_missing_smell', { name });
        if (problem === 'missing_gift') throw refused('checkout_missing_gift', { name });
      }
      if (s.coupon && s.couponIssue) throw couponError(s.couponIssue, s.coupon.code, s.coupon.min_subtotal, lang);

      const now = new Date().toISOString();
      const totals = s.totals;
      const payable = amountPayable(totals, input.shiping);
      const earned = pointsEarned(totals.total, this.settings);
      const deliveryDate = input.shiping === 'date' ? checked.date! : totals.estimatedDeliveryBy;

      const { id: orderId } = await trx.insertInto('orders').values({
        number: `pending-${crypto.randomUUID()}`,
        user_id: userId,
        status: 'pending',
        payment: input.payment,
        shiping: input.shiping,
        delivery_date: deliveryDate,
        username: input.username.trim().replace(/\s+/g, ' '),
        phone: checked.phone,
        address_json: JSON.stringify(address),
        subtotal: totals.subtotal,
        coupon_code: s.coupon && !s.couponIssue ? s.coupon.code : null,
        coupon_id: s.coupon && !s.couponIssue ? s.coupon.id : null,
        coupon_discount: totals.couponDiscount,
        points_used: totals.pointsUsed,
        points_discount: totals.pointsDiscount,
        points_earned: earned,
        shipping_fee: input.shiping === 'date' ? totals.shippingFee : 0,
        total: payable,
        wallet_phone: this.settings.walletPhone,
        created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const number = `ATR-${10000 + orderId}`;
      await trx.updateTable('orders').set({ number }).where('id', '=', orderId).execute();

      let soldOut = false;
      for (const l of s.lines) {
        const options = new Map((s.smells.get(l.product_id) ?? []).map((o) => [o.id, o]));
        const gift = l.gift_id === null ? undefined : (s.gifts.get(l.product_id) ?? []).find((g) => g.id === l.gift_id);
        await trx.insertInto('order_items').values({
          order_id: orderId,
          product_id: l.product_id,
          name_en: l.name_en,
          name_ar: l.name_ar,
          image: l.main_image,
          price: l.sale_price ?? l.price,
          qty: l.qty,
          smells_json: JSON.stringify(l.smellIds.flatMap((id) => {
            const o = id === null ? undefined : options.get(id);
            return o ? [{ en: o.name_en, ar: o.name_ar }] : [];
          })),
          gift_id: gift?.id ?? null,
          gift_name_en: gift?.name_en ?? null,
          gift_name_ar: gift?.name_ar ?? null,
        }).execute();
        // The guard: stock never goes below zero, whatever ran in between.
        const taken = await trx.updateTable('products')
          .set((eb) => ({ stock: eb('stock', '-', l.qty), units_sold: eb('units_sold', '+', l.qty) }))
          .where('id', '=', l.product_id).where('stock', '>=', l.qty).executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw refused('out_of_stock', { name: localized(l, 'name', lang) });
        if (l.stock === l.qty) soldOut = true;
      }

      if (s.coupon && !s.couponIssue) await this.#useCoupon(trx, s.coupon, userId, orderId, lang);

      if (totals.pointsUsed > 0) {
        const spent = await trx.updateTable('users').set((eb) => ({ points: eb('points', '-', totals.pointsUsed) }))
          .where('id', '=', userId).where('points', '>=', totals.pointsUsed).executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw refused('points_not_enough', { min: this.settings.minPointsToUse });
        await trx.insertInto('points_ledger').values({ user_id: userId, delta: -totals.pointsUsed, reason: 'order_spent', order_id: orderId, created_at: now }).execute();
      }
      if (earned > 0) {
        await trx.updateTable('users').set((eb) => ({ points: eb('points', '+', earned) })).where('id', '=', userId).execute();
        await trx.insertInto('points_ledger').values({ user_id: userId, delta: earned, reason: 'order_earned', order_id: orderId, created_at: now }).execute();
      }

      await trx.insertInto('order_status_history').values({ order_id: orderId, status: 'pending', at: now }).execute();
      await trx.deleteFrom('cart_items').where('cart_id', '=', s.cart.id).execute();
      await trx.updateTable('carts').set({ coupon_id: null, points_applied: 0, updated_at: now }).where('id', '=', s.cart.id).execute();

      const answer: CheckoutAnswer = {
        statusCode: 200,
        body: {
          status: 200,
          message: t(lang, 'order_placed', { number }),
          data: {
            order: {
              id: orderId, number, total: toEgp(payable), status: 'pending', payment: input.payment, shiping: input.shiping,
              delivery_date: deliveryDate, wallet_phone: this.settings.walletPhone, points_earned: earned, created_at: now,
            },
          },
        },
      };
      if (keyId !== null) {
        await this.keys.complete(keyId, { statusCode: answer.statusCode, contentType: 'application/json; charset=utf-8', body: JSON.stringify(answer.body) }, trx);
      }
      return { answer, soldOut };
    }).then(({ answer, soldOut }) => {
      if (soldOut) this.onSoldOut();
      return answer;
    });
  }

  async #useCoupon(trx: Transaction<Database>, coupon: NonNullable<Awaited<ReturnType<CartRepository['state']>>['coupon']>, userId: number, orderId: number, lang: Lang) {
    const counted = await trx.updateTable('coupons').set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('id', '=', coupon.id)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw couponError('used_up', coupon.code, coupon.min_subtotal, lang);
    try {
      await trx.insertInto('coupon_uses').values({
        coupon_id: coupon.id, user_id: userId, order_id: orderId,
        once_key: coupon.per_user_limit === 1 ? `${coupon.id}:${userId}` : null,
        created_at: new Date().toISOString(),
      }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw couponError('already_used', coupon.code, coupon.min_subtotal, lang);
      throw error;
    }
  }
}
