import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { formatDay } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useLanguage } from '@/lib/language';
import type { Profile } from '../api/get-profile';
import { PhoneNumber } from '@/components/phone-number';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '9rem minmax(0, 1fr)' }, gap: { xs: 0, sm: 2 } }}>
      <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>{label}</Box>
      <Box component="dd" sx={{ m: 0, typography: 'body1', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** Who the shopper is, as the server knows them. */
export function ProfileDetails({ user }: { user: Profile }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Detail label={t`Name`}>{`${user.first_name} ${user.last_name}`}</Detail>
      <Detail label={t`Email`}><Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>{user.email}</Box></Detail>
      <Detail label={t`Phone`}><PhoneNumber phone={user.phone} /></Detail>
      <Detail label={t`Birth date`}>{formatDay(user.birth_date, lang)}</Detail>
    </Box>
  );
}

/**
 * The smallest balance that may be spent, written here rather than read from
 * the server's `minPointsToUse` (docs/rules.md, "Points" and "Open questions").
 */
const MIN_POINTS = 1000;

/** The points balance, and the rule for spending it. */
export function PointsBalance({ points }: { points: number }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const min = formatNumber(MIN_POINTS, lang);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ typography: 'h3', fontWeight: 700, lineHeight: 1 }} data-testid="points-balance">{formatNumber(points, lang)}</Box>
        <Box component="span" sx={{ typography: 'body1', color: 'text.secondary' }}>{plural(points, { one: 'point', other: 'points' })}</Box>
      </Typography>
      <Typography variant="body2">{t`Use at least ${min} points at checkout`}</Typography>
    </Box>
  );
}
