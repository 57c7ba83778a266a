import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/money';
import { useLanguage } from '@/lib/language';
import { VISUALLY_HIDDEN_SX as visuallyHidden } from './visually-hidden';


/** The price after sale, with the old price struck through when on sale. */
export function Price({ price, priceAfterSale }: { price: number; priceAfterSale: number }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const onSale = priceAfterSale < price;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Box component="span" sx={{ fontWeight: 700, color: onSale ? 'secondary.dark' : 'text.primary' }} data-testid="price">
        {formatMoney(priceAfterSale, lang)}
      </Box>
      {onSale && (
        <>
          {/* Screen readers skip <del>'s meaning: say it in words. */}
          <Box component="span" sx={visuallyHidden}>{t`Was ${formatMoney(price, lang)}`}</Box>
          <Box component="del" aria-hidden="true" sx={{ color: 'text.secondary', fontSize: '0.875em' }}>
            {formatMoney(price, lang)}
          </Box>
        </>
      )}
    </Box>
  );
}
