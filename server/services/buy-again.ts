// Buy again: an order's products put back in the shopper's cart, in one
// transaction with the request's idempotency key (docs/rules.md, "Buy
// again"). The rules of each line are the cart's (CartRepository.putBack);
// this service reads the order for its owner only and keeps the answer with
// the key before the transaction commits, as checkout does: a retry, or the
// storefront's offline queue sending it again, adds the order once.
import type { Db } from '../db/database.ts';
import type { Lang } from '../contract/lang.ts';
import { AppError, notFound } from '../errors.ts';
import type { BuyAgainOutcome, CartRepository } from '../plugins/app/cart/cart-repository.ts';
import type { IdempotencyKeys } from '../plugins/app/idempotency/idempotency-repository.ts';
import type { OrdersRepository } from '../plugins/app/orders/orders-repository.ts';

type CartAnswer = Awaited<ReturnType<CartRepository['cartData']>>;

/** How the answer is made and kept (see plugins/app/idempotency). */
export interface BuyAgainAnswer<T> {
  /** the Idempotency-Key the route claimed for this request, or null without one */
  keyId: number | null;
  /** the 200 answer's body: kept with the key, then sent */
  answer(cart: CartAnswer, lines: BuyAgainOutcome[]): T;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export class BuyAgainService {
  constructor(
    private readonly db: Db,
    private readonly repos: { carts: CartRepository; orders: OrdersRepository; keys: IdempotencyKeys },
  ) {}

  async run<T>(userId: number, orderId: number, lang: Lang, reply: BuyAgainAnswer<T>): Promise<T> {
    const { carts, orders, keys } = this.repos;
    return this.db.transaction().execute(async (trx) => {
      // The key first: still this request's, and locked until the cart and the answer commit together.
      if (reply.keyId !== null && !(await keys.confirm(reply.keyId, trx))) throw keyLost();
      // Anyone else's order is "not found", the same as one that does not exist.
      const items = await orders.linesToBuyAgain(userId, orderId, trx);
      if (!items) throw notFound('order_not_found');
      const lines = await carts.putBack(userId, items, lang, trx);
      const answer = reply.answer(await carts.cartData(userId, lang, trx), lines);
      if (reply.keyId !== null
        && !(await keys.complete(reply.keyId, { statusCode: 200, contentType: JSON_TYPE, body: JSON.stringify(answer) }, trx))) {
        throw keyLost();
      }
      return answer;
    });
  }
}

/** The key was taken over by a retry (this request stalled past its lease): the retry adds the order. */
const keyLost = () => new AppError(409, 'change_in_flight', undefined, undefined, { 'Retry-After': '1' });
