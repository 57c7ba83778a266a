import { useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { plural } from '@lingui/core/macro';
import type { CartData } from '@/lib/contract';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { CartLine } from './cart-line';
import { CartSummary } from './cart-summary';
import type { WaitingCartChange } from '../hooks/use-waiting-cart';

/** Lines on the start side and the summary on the end side from md up; stacked on phones. */
export const CART_LAYOUT_SX = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
  alignItems: 'start',
} as const;

/**
 * A cart with lines. Proceed is the route's to handle (`onProceed`): it
 * starts the checkout session and navigates, which is app composition.
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
    <Box sx={CART_LAYOUT_SX}>
      <Box component="section" aria-labelledby="cart-items-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Typography
          id="cart-items-title"
          ref={itemsHeading}
          tabIndex={-1}
          component="h2"
          variant="h6"
          sx={{ fontWeight: 700, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
        >
          {plural(count, { one: `${items} item`, other: `${items} items` })}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {cart.product_in_card.map((line) => (
            // A removed line takes its focused button with it: focus goes to the list's heading.
            <CartLine key={line.id} line={line} cardId={cart.card_id} waiting={waiting} onRemoved={() => itemsHeading.current?.focus()} />
          ))}
        </Box>
      </Box>
      <CartSummary cart={cart} onProceed={onProceed} waiting={waiting.length > 0} />
    </Box>
  );
}
