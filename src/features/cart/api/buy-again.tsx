import { t } from '@lingui/core/macro';
import type { Static } from 'typebox';
import type { Envelope } from '@/lib/api-client';
import { activeLang } from '@/lib/i18n';
import { formatNumber } from '@/lib/money';
import { listOf } from '@/lib/list-format';
import { notify } from '@/lib/notify';
import { sendChange, useChange, type Change, type ChangeDefinition } from '@/lib/offline-changes';
import type { BuyAgainData, BuyAgainLine } from '@contract/cart';
import { putCart } from '../hooks/use-put-cart';
import { CART_SCOPE, cartChangeKeys } from './cart-change-keys';

export type BuyAgainAnswer = Envelope<Static<typeof BuyAgainData>>;
type Outcome = Static<typeof BuyAgainLine>;

export interface BuyAgain extends Change {
  orderId: number;
  /** names the change while it waits, and if it fails: ATR-10001 */
  orderNumber: string;
}

/**
 * POST /orders/{id}/buy-again: the order's lines back in the cart, with their
 * smells and gift, as far as the stock allows; answers the cart and what
 * became of each line (docs/rules.md, "Buy again").
 */
export async function buyAgain({ orderId, stamp }: BuyAgain): Promise<BuyAgainAnswer> {
  return sendChange<Static<typeof BuyAgainData>>(stamp, `/orders/${orderId}/buy-again`, { method: 'POST' });
}

/** Why one line was not put back, or not all of it, naming it: a sentence in the app's language. */
function skipped(line: Outcome): string | null {
  const { name } = line;
  const lang = activeLang();
  switch (line.reason) {
    case null: return null;
    case 'unavailable': return t`${name} is no longer sold.`;
    case 'out_of_stock': return t`${name} is out of stock.`;
    case 'smell_gone': {
      const smells = listOf(line.smells, lang);
      return t`${name} no longer comes in ${smells}.`;
    }
    case 'stock_limit': {
      if (line.added === 0) return t`Your cart already holds all we have of ${name}.`;
      const added = formatNumber(line.added, lang);
      const ordered = formatNumber(line.ordered, lang);
      return t`Only ${added} of the ${ordered} units of ${name} could be added: that is all we have.`;
    }
  }
}

/**
 * What buy again did, for the shopper: what was added (by name, with the
 * units), then each line left out and why; a plain "nothing could be
 * added" when none was. Sentences, so a snackbar and a screen reader say
 * them the same way.
 */
export function buyAgainReport(lines: readonly Outcome[], orderNumber: string): { sentences: string[]; variant: 'success' | 'warning' } {
  const lang = activeLang();
  const added = lines.filter((l) => l.added > 0)
    .map((l) => (l.added > 1 ? `${l.name} (×${formatNumber(l.added, lang)})` : l.name));
  const problems = lines.map(skipped).filter((s): s is string => s !== null);
  const names = listOf(added, lang);
  const first = added.length > 0 ? t`Added to your cart: ${names}.` : t`Nothing from order ${orderNumber} could be added to your cart.`;
  return { sentences: [first, ...problems], variant: problems.length === 0 ? 'success' : 'warning' };
}

function announce(answer: BuyAgainAnswer, change: BuyAgain) {
  const { sentences, variant } = buyAgainReport(answer.data.lines, change.orderNumber);
  const message = sentences.map((s) => <span key={s} style={{ display: 'block' }}>{s}</span>);
  // Longer when there is more to read than "added".
  notify(<span>{message}</span>, { variant, autoHideDuration: sentences.length > 1 ? 10_000 : undefined });
}

export const buyAgainChange: ChangeDefinition<BuyAgain, BuyAgainAnswer> = {
  mutationKey: cartChangeKeys.again,
  scope: CART_SCOPE,
  send: buyAgain,
  /**
   * The cart follows the answer, and the shopper is told what was added and
   * what was not, whether the button's screen is still open or the change was
   * sent later from the offline queue (after a reload too).
   */
  onSuccess: async (queryClient, answer, change) => {
    await putCart(queryClient, answer.data.cart, change.stamp.token, change.stamp.lang);
    announce(answer, change);
  },
  describe: ({ orderNumber }) => t`Buy order ${orderNumber} again`,
  failed: ({ orderNumber }, reason) => t`Couldn't put order ${orderNumber} back in your cart: ${reason}`,
};

export function useBuyAgain() {
  return useChange(buyAgainChange);
}
