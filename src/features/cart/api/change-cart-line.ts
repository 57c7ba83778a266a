import { t } from '@lingui/core/macro';
import { activeLang } from '@/lib/i18n';
import type { Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { formatNumber } from '@/lib/money';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import { putCart } from '../hooks/use-put-cart';
import { CART_SCOPE, cartChangeKeys } from './cart-change-keys';

export interface ChangeCartLine extends Change {
  cardId: number;
  productId: number;
  /** the line's new quantity (the server sets it, it does not add it) */
  qty: number;
  /** the chosen gift; left out, the server keeps the one chosen if still allowed */
  giftId?: number | null;
  /** name the change while it waits, and if it fails */
  productName: string;
  giftName?: string;
}

/** POST /changeSummaryCard/{card_id} `{ product_id, qty, gift_id? }`: answers the whole cart. */
export async function changeCartLine({ cardId, productId, qty, giftId, stamp }: ChangeCartLine): Promise<Envelope<CartData>> {
  return sendChange<CartData>(stamp, `/changeSummaryCard/${cardId}`, {
    method: 'POST',
    body: giftId === undefined ? { product_id: productId, qty } : { product_id: productId, qty, gift_id: giftId },
  });
}

export const changeCartLineChange: ChangeDefinition<ChangeCartLine, Envelope<CartData>> = {
  mutationKey: cartChangeKeys.line,
  scope: CART_SCOPE,
  send: changeCartLine,
  onSuccess: (queryClient, answer, change) => putCart(queryClient, answer.data, change.stamp.token, change.stamp.lang),
  describe: ({ productName, qty, giftId, giftName }) => {
    if (giftId !== undefined) {
      const gift = giftName ?? '';
      return t`Gift with ${productName}: ${gift}`;
    }
    const count = formatNumber(qty, activeLang());
    return t`Quantity of ${productName}: ${count}`;
  },
  failed: ({ productName, giftId }, reason) => (giftId !== undefined
    ? t`Couldn't update the gift with ${productName}: ${reason}`
    : t`Couldn't change the quantity of ${productName}: ${reason}`),
};

export function useChangeCartLine() {
  return useChange(changeCartLineChange);
}
