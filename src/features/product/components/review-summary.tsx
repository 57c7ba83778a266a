import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { plural } from '@lingui/core/macro';
import { useLanguage } from '@/lib/language';
import { activeLang } from '@/lib/i18n';
import { formatNumber, formatPercent } from '@/lib/money';
import type { ReviewRate } from '../api/get-product';

/**
 * "4 stars", "٤ نجوم": one message for bars, ratings and review lists. The
 * I18nProvider is keyed on the language, so callers re-render on a switch.
 */
export function starsLabel(stars: number): string {
  const shownStars = formatNumber(stars, activeLang());
  return plural(stars, { one: `${shownStars} star`, other: `${shownStars} stars` });
}

const STARS = [5, 4, 3, 2, 1] as const;

/** What share of the reviews gave each number of stars, 5 down to 1, as bars. */
export function ReviewSummary({ rates }: { rates: ReviewRate }) {
  const { lang } = useLanguage();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, maxWidth: 480 }} data-testid="review-summary">
      {STARS.map((stars) => {
        const pct = Math.max(0, Math.min(100, rates[String(stars) as keyof ReviewRate] ?? 0));
        const label = starsLabel(stars);
        const shown = formatPercent(pct, lang);
        return (
          <Box component="li" key={stars} sx={{ display: 'grid', gridTemplateColumns: '72px 1fr 48px', gap: 1.5, alignItems: 'center' }}>
            <span>{label}</span>
            <LinearProgress variant="determinate" value={pct} aria-label={label} aria-valuetext={shown} sx={{ height: 10, borderRadius: 5 }} color="secondary" />
            <Box component="span" sx={{ textAlign: 'end' }} aria-hidden>{shown}</Box>
          </Box>
        );
      })}
    </Box>
  );
}
