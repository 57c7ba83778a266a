import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import type { ProductSpecs } from '../api/get-product';

/** Smell, ASIN (the product code), model number, category and average review. */
export function ProductTable({ details }: { details: ProductSpecs }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const average = formatNumber(details.reviews, lang);
  const rows = [
    { label: t`Smell`, value: details.smell },
    { label: t`ASIN`, value: <bdi>{details.product_code}</bdi> },
    { label: t`Model number`, value: <bdi>{details.model_number}</bdi> },
    { label: t`Category`, value: details.category_name },
    {
      label: t`Average review`,
      value: (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Rating value={details.reviews} precision={0.1} max={5} readOnly size="small" aria-hidden />
          <span>{t`${average} out of 5`}</span>
        </Box>
      ),
    },
  ];
  return (
    <Box component="section" aria-labelledby="product-details-heading" sx={{ mt: 5 }}>
      <Typography id="product-details-heading" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>{t`Product details`}</Typography>
      <Table size="small" sx={{ maxWidth: 720, bgcolor: 'background.paper' }}>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700, width: '35%' }}>{row.label}</TableCell>
              <TableCell>{row.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
