import { useRef } from 'react';
import { plural } from '@lingui/core/macro';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { CartLine } from './cart-line';
import { CartSummary } from './cart-summary';
import type { WaitingCartChange } from '../hooks/use-waiting-cart';
import './cart.css';

/**
 * A cart with lines: the lines on the start side and the summary on the end
 * side from md up, stacked on phones (cart.css). Proceed is the route's to
 * handle (`onProceed`): it starts the checkout session and navigates, which is
 * app composition.
 */
export function CartView({ cart, onProceed, waiting = [] }: {
  cart: CartData;
  onProceed(cart: CartData): void;
  /** changes waiting for the connection (useWaitingCart) */
  waiting?: readonly WaitingCartChange[];
}) {
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  const { lang } = useLanguage();
  const count = cart.card_count;
  const items = formatNumber(count, lang);
  return (
    <div className="attar-cart__layout">
      <section className="attar-cart__items" aria-labelledby="cart-items-title">
        <h2 id="cart-items-title" ref={itemsHeading} tabIndex={-1} className="attar-h6 attar-cart__heading">
          {plural(count, { one: `${items} item`, other: `${items} items` })}
        </h2>
        <ul className="attar-cart__lines">
          {cart.product_in_card.map((line) => (
            // A removed line takes its focused button with it: focus goes to the list's heading.
            <CartLine key={line.id} line={line} cardId={cart.card_id} waiting={waiting} onRemoved={() => itemsHeading.current?.focus()} />
          ))}
        </ul>
      </section>
      <CartSummary cart={cart} onProceed={onProceed} waiting={waiting.length > 0} />
    </div>
  );
}
