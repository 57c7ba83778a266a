import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import { PriceChanged } from '@/components/price-changed';

type Line = CartData['product_in_card'][number];

/** The lines whose price changed since they were put in the cart (the server says so: `previous_price`). */
export const changedPrices = (cart: CartData) => cart.product_in_card.filter((line) => line.previous_price !== null);

/**
 * Confirm Order's notice of changed prices: the shopper's device may have
 * shown an older cart (kept offline), and the order is placed at today's
 * prices, which the summary's amount already holds. Said before Confirm,
 * line by line.
 */
export function PriceChangeNotice({ lines }: { lines: Line[] }) {
  const { t } = useLingui();
  return (
    <Alert severity="warning" role="status" data-testid="price-change-notice">
      <AlertTitle>{t`Prices changed since you added these to your cart`}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {lines.map((line) => (
          <li key={line.id}>
            <bdi>{line.product_name}</bdi>: <PriceChanged before={line.previous_price!} now={line.product_price} />
          </li>
        ))}
      </Box>
      {t`The amount to pay above is at today's prices.`}
    </Alert>
  );
}
