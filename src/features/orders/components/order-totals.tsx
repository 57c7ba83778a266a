import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { formatDiscount, formatMoney, formatNumber } from '@/lib/money';
import { useLanguage } from '@/lib/language';
import type { Order } from '../api/get-order';

function Row({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex', justifyContent: 'space-between', gap: 2, typography: strong ? 'subtitle1' : 'body2', fontWeight: strong ? 700 : 400,
        // The total stands apart with a rule (a border: a separator element may not sit inside a <dl>).
        ...(strong && { borderTop: 1, borderColor: 'divider', pt: 1 }),
      }}
    >
      <Box component="dt">{label}</Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'end', whiteSpace: 'nowrap' }}>{value}</Box>
    </Box>
  );
}

/**
 * The order's money, every figure as the server computed it (the storefront never re-derives a
 * total: docs/decisions.md, "The server computes every amount, in integer piastres").
 */
export function OrderTotals({ order }: { order: Order }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const money = (egp: number) => formatMoney(egp, lang);
  const code = order.coupon;
  const used = order.points_used;
  const earned = order.points_earned;
  const usedPoints = formatNumber(used, lang);
  const earnedPoints = formatNumber(earned, lang);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Row label={t`Subtotal`} value={money(order.subtotal)} />
        {code && order.coupon_discount > 0 && (
          <Row label={<>{t`Coupon discount`} (<bdi>{code}</bdi>)</>} value={formatDiscount(order.coupon_discount, lang)} />
        )}
        {order.points_used > 0 && (
          <Row label={plural(used, { one: `Points discount (${usedPoints} point)`, other: `Points discount (${usedPoints} points)` })} value={formatDiscount(order.points_discount, lang)} />
        )}
        <Row label={t`Shipping`} value={order.shipping_fee > 0 ? money(order.shipping_fee) : t`Free`} />
        <Row label={t`Total`} value={money(order.total)} strong />
      </Box>
      {order.points_earned > 0 && order.status !== 'cancelled' && (
        <Typography variant="body2" color="text.secondary">{plural(earned, { one: `This order earns you ${earnedPoints} point.`, other: `This order earns you ${earnedPoints} points.` })}</Typography>
      )}
    </Box>
  );
}
