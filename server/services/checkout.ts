// Placing an order: the one use case that writes across the cart, the order,
// stock, coupons, points and the request's idempotency key. The service
// checks the request and the shop's rules (server/domain) and calls the
// repositories, which only run SQL, all inside ONE transaction: the order
// exists with all of its effects, or with none. The route turns what it
// answers (or the AppError it throws) into the HTTP answer. See
// docs/architecture.md for the layers and docs/rules.md for the rules.
import type { Static } from 'typebox';
import type { Db } from '../db/database.ts';
import type { PlacedOrder } from '../contract/checkout.ts';
import { STOCK_LEFT_SHOWN } from '../contract/catalog.ts';
import { localized, type Lang } from '../contract/lang.ts';
import { normalizePhone, toLatinDigits, twoNamesProblem } from '../contract/rules.ts';
import { AppError, FieldErrors, notFound, refused } from '../errors.ts';
import { formatMoney, WEEKDAYS } from '../i18n/messages.ts';
import { fromEgp, toEgp } from '../domain/money.ts';
import { amountPayable } from '../domain/totals.ts';
import { lineProblem } from '../domain/cart-rules.ts';
import { pointsEarned } from '../domain/points.ts';
import { initialPaymentStatus } from '../domain/payment-status.ts';
import { deliveryDayProblem } from '../domain/shipping.ts';
import { weekday } from '../domain/calendar.ts';
import type { ShopSettings } from '../settings.ts';
import type { AccountRepository } from '../plugins/app/account/account-repository.ts';
import { couponError, type CartRepository, type CartState } from '../plugins/app/cart/cart-repository.ts';
import type { CatalogRepository } from '../plugins/app/catalog/catalog-repository.ts';
import type { CouponsRepository } from '../plugins/app/coupons/coupons-repository.ts';
import type { IdempotencyKeys } from '../plugins/app/idempotency/idempotency-repository.ts';
import type { OrdersRepository } from '../plugins/app/orders/orders-repository.ts';
import type { PointsRepository } from '../plugins/app/points/points-repository.ts';
import type { StockRepository } from '../plugins/app/stock/stock-repository.ts';
import type { OrderMails } from '../mail/order-mails.ts';

export interface CheckoutInput {
  card_id: number;
  username: string;
  phone: string;
  address_id: number;
  shiping: 'free' | 'date';
  date?: string | null;
  payment: 'cach' | 'delivery';
  /** EGP: the amount the shopper was shown; a different amount now refuses the order */
  amount_seen?: number;
  point?: number | string | null;
}

/** The placed order, as the contract shows it. */
export type Placed = Static<typeof PlacedOrder>['order'];

/** How the order's answer is made and kept (see plugins/app/idempotency). */
export interface OrderAnswer<T> {
  /** the Idempotency-Key the route claimed for this request, or null without one */
  keyId: number | null;
  /** the 200 answer's body for the placed order: kept with the key, then sent */
  answer(order: Placed): T;
}

export interface CheckoutRepositories {
  carts: CartRepository;
  accounts: AccountRepository;
  orders: OrdersRepository;
  stock: StockRepository;
  coupons: CouponsRepository;
  points: PointsRepository;
  keys: IdempotencyKeys;
  /** its cached product pages show stock: forgotten after an order sells a product out */
  catalog: CatalogRepository;
  /** the order's confirmation, queued with the order */
  mails: OrderMails;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The request's idempotency key was taken over by a retry (it stalled past its lease): the retry places the order. */
const keyLost = () => new AppError(409, 'idempotency_in_flight', undefined, undefined, { 'Retry-After': '1' });

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly settings: ShopSettings,
    private readonly repos: CheckoutRepositories,
  ) {}

  /**
   * Places the order and answers `reply.answer(order)`. The answer is kept
   * with the request's Idempotency-Key inside the order's transaction, so an
   * order never exists without the answer a retry replays. The key is claimed
   * before these rules run: a replay answers what was answered, even if
   * today's rules (a delivery day that has since come too close) would now
   * refuse it. A refusal throws an AppError and leaves nothing behind.
   */
  async place<T>(userId: number, input: CheckoutInput, lang: Lang, reply: OrderAnswer<T>): Promise<T> {
    const checked = this.#validate(input, lang);
    const { answer, soldOut, low } = await this.db.transaction().execute(async (trx) => {
      const { carts, accounts, orders, stock, coupons, points, keys } = this.repos;
      // First, the key: still this request's, and locked for the transaction, so that its holder's
      // renewals wait for the order instead of making PostgreSQL refuse it at the end.
      if (reply.keyId !== null && !(await keys.confirm(reply.keyId, trx))) throw keyLost();
      await carts.ownCart(userId, input.card_id, trx);
      const address = await accounts.addressOf(userId, input.address_id, trx);
      if (!address) throw notFound('address_not_found');

      // The fee is the address's governorate's (docs/rules.md, "Shipping and delivery days").
      const s = await carts.state(userId, trx, address.government);
      this.#assertReady(s, lang);

      const now = new Date().toISOString();
      const totals = s.totals;
      const payable = amountPayable(totals, input.shiping);
      // A price or a fee changed since the shopper's screen was drawn: they confirm what they see, or nothing.
      if (input.amount_seen !== undefined && fromEgp(input.amount_seen) !== payable) {
        throw refused('checkout_total_changed', { amount: formatMoney(lang, payable) });
      }
      const earned = pointsEarned(totals.total, this.settings);
      const deliveryDate = input.shiping === 'date' ? checked.date! : totals.estimatedDeliveryBy;
      const coupon = s.coupon && !s.couponIssue ? s.coupon : null;

      const order = await orders.insert({
        user_id: userId,
        status: 'pending',
        payment: input.payment,
        payment_status: initialPaymentStatus(input.payment),
        lang,
        shiping: input.shiping,
        delivery_date: deliveryDate,
        username: input.username.trim().replace(/\s+/g, ' '),
        phone: checked.phone,
        address_json: JSON.stringify(address),
        subtotal: totals.subtotal,
        coupon_code: coupon?.code ?? null,
        coupon_id: coupon?.id ?? null,
        coupon_discount: totals.couponDiscount,
        points_used: totals.pointsUsed,
        points_discount: totals.pointsDiscount,
        points_earned: earned,
        shipping_fee: input.shiping === 'date' ? totals.shippingFee : 0,
        total: payable,
        wallet_phone: this.settings.walletPhone,
        created_at: now,
      }, trx);

      let soldOut = false;
      const low: number[] = [];
      for (const l of s.lines) {
        const options = new Map((s.smells.get(l.product_id) ?? []).map((o) => [o.id, o]));
        const gift = l.gift_id === null ? undefined : (s.gifts.get(l.product_id) ?? []).find((g) => g.id === l.gift_id);
        await orders.insertItem(order.id, {
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
        }, trx);
        if (!(await stock.take(l.product_id, l.qty, trx))) throw refused('out_of_stock', { name: localized(l, 'name', lang) });
        // Sold out: every cached page that shows it (related products' cards too) is stale. Low enough
        // that its own page counts what is left (stock_left): that page is.
        if (l.stock === l.qty) soldOut = true;
        else if (l.stock - l.qty <= STOCK_LEFT_SHOWN) low.push(l.product_id);
      }

      if (coupon) {
        // Every condition again, in the guarded write itself: an owner's change or another
        // checkout that committed since the cart was read is seen here (docs/rules.md, "Coupons").
        const counted = await coupons.countUse(coupon.id, { userId, subtotal: totals.subtotal, today: s.today }, trx);
        if (!counted) throw await carts.couponRefusal(coupon.id, userId, totals.subtotal, lang, trx);
        if (!(await coupons.recordUse({ id: coupon.id, per_user_limit: counted.per_user_limit }, userId, order.id, now, trx))) {
          throw couponError('already_used', coupon, lang);
        }
      }
      if (totals.pointsUsed > 0 && !(await points.spend(userId, totals.pointsUsed, order.id, now, trx))) {
        throw refused('points_not_enough', { min: this.settings.minPointsToUse });
      }
      if (earned > 0) await points.earn(userId, earned, order.id, now, trx);

      await orders.insertHistory(order.id, 'pending', now, trx);
      await carts.clear(s.cart.id, now, trx);
      await this.repos.mails.placed(trx, order.id);

      const answer = reply.answer({
        id: order.id, number: order.number, total: toEgp(payable), status: 'pending', payment: input.payment, shiping: input.shiping,
        delivery_date: deliveryDate, wallet_phone: this.settings.walletPhone, points_earned: earned, created_at: now,
      });
      // The order and its answer commit together, only while the key is still this request's: one that
      // lost it (it stalled past its lease, and a retry took it over) rolls back and leaves the order to the retry.
      if (reply.keyId !== null
        && !(await keys.complete(reply.keyId, { statusCode: 200, contentType: JSON_TYPE, body: JSON.stringify(answer) }, trx))) {
        throw keyLost();
      }
      return { answer, soldOut, low };
    });
    if (soldOut) this.repos.catalog.invalidateDetails();
    else for (const id of low) this.repos.catalog.invalidateDetails(id);
    this.repos.mails.kick();
    return answer;
  }

  #validate(input: CheckoutInput, lang: Lang): { phone: string; date: string | null } {
    const errors = new FieldErrors();
    errors.add('username', twoNamesProblem(input.username));
    const phone = normalizePhone(input.phone);
    errors.add('phone', input.phone.trim() === '' ? 'field_required' : phone ? null : 'phone_invalid');
    let date: string | null = null;
    if (input.shiping === 'date') {
      const raw = typeof input.date === 'string' ? toLatinDigits(input.date.trim()) : '';
      if (!raw) errors.add('date', 'delivery_date_required');
      else {
        const problem = deliveryDayProblem(raw, this.repos.carts.today(), this.settings);
        if (problem === 'invalid') errors.add('date', 'date_invalid');
        else if (problem === 'too_soon') errors.add('date', 'delivery_date_too_soon', { days: this.settings.scheduledMinDays });
        else if (problem === 'too_late') errors.add('date', 'delivery_date_too_late', { days: this.settings.scheduledMaxDays });
        else if (problem === 'closed_day') errors.add('date', 'delivery_date_closed', { weekday: WEEKDAYS[lang][weekday(raw)] });
        date = raw;
      }
    }
    errors.throwIfAny();
    return { phone: phone!, date };
  }

  /** Refuses a cart that cannot be ordered as it is: empty, short of stock, a smell or gift missing, a coupon that no longer applies. */
  #assertReady(s: CartState, lang: Lang) {
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
    if (s.coupon && s.couponIssue) throw couponError(s.couponIssue, s.coupon, lang);
  }
}
