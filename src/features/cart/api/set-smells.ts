import { t } from '@lingui/core/macro';
import { activeLang } from '@/lib/i18n';
import type { Envelope } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { formatNumber } from '@/lib/money';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import { putCart } from '../hooks/use-put-cart';
import { CART_SCOPE, cartChangeKeys } from './cart-change-keys';

export interface SetSmells extends Change {
  /** the cart item id (`product_in_card[].id`) */
  itemId: number;
  /** one choice per unit, null where none is chosen yet */
  smell: (string | null)[];
  productId: number;
  /** name the change while it waits, and if it fails: the product and the unit (from 1) just chosen */
  productName: string;
  unit: number;
  /** one smell chosen for every unit at once ("Same smell for every unit") */
  all?: boolean;
}

/** POST /add/smell/{cartItemId} `{ smell }`: every unit's choice at once; answers the whole cart. */
export async function setSmells({ itemId, smell, stamp }: SetSmells): Promise<Envelope<CartData>> {
  return sendChange<CartData>(stamp, `/add/smell/${itemId}`, { method: 'POST', body: { smell } });
}

const unitOf = (unit: number) => formatNumber(unit, activeLang());

export const setSmellsChange: ChangeDefinition<SetSmells, Envelope<CartData>> = {
  mutationKey: cartChangeKeys.smell,
  scope: CART_SCOPE,
  send: setSmells,
  onSuccess: (queryClient, answer, change) => putCart(queryClient, answer.data, change.stamp.token, change.stamp.lang),
  describe: ({ productName: name, unit: n, all }) => {
    if (all) return t`Smell for every unit of ${name}`;
    const unit = unitOf(n);
    return t`Smell for unit ${unit} of ${name}`;
  },
  failed: ({ productName: name, unit: n, all }, reason) => {
    if (all) return t`Couldn't update the smell of ${name}: ${reason}`;
    const unit = unitOf(n);
    return t`Couldn't update the smell for unit ${unit} of ${name}: ${reason}`;
  },
};

export function useSetSmells() {
  return useChange(setSmellsChange);
}
