import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { ProductImage } from '@/components/product-image';
import { pictureOf } from '@/lib/image-sources';
import { formatMoney, formatNumber } from '@/lib/money';
import { useLanguage } from '@/lib/language';
import { listOf } from '@/lib/list-format';
import type { Order } from '../api/get-order';

/** What was ordered: each line with its image, name, the smell of each unit, the gift, quantity and unit price. */
export function OrderItems({ items }: { items: Order['items'] }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {items.map((item, i) => {
        const qty = formatNumber(item.qty, lang);
        const price = formatMoney(item.price, lang);
        const smells = item.smell.length ? listOf(item.smell, lang) : null;
        const gift = item.gift;
        return (
          <Box
            component="li"
            key={`${item.product_id}-${i}`}
            sx={{ display: 'grid', gridTemplateColumns: '72px minmax(0, 1fr)', gap: 2, alignItems: 'start' }}
          >
            <ProductImage
              src={item.image}
              picture={pictureOf(item, 'image')}
              sizes="72px"
              alt=""
              width={72}
              height={72}
              loading="lazy"
              style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 10, backgroundColor: '#f5f5f5', display: 'block' }}
            />
            <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25 }}>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>{item.name}</Typography>
              {smells && <Typography variant="body2" color="text.secondary">{t`Smells: ${smells}`}</Typography>}
              {gift && <Typography variant="body2" color="text.secondary">{t`Gift: ${gift}`}</Typography>}
              <Typography variant="body2">{t`Quantity: ${qty}`}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{t`Price: ${price}`}</Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
