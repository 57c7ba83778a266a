import { plural } from '@lingui/core/macro';
import { useLanguage } from '@/lib/language';
import { activeLang } from '@/lib/i18n';
import { formatNumber, formatPercent } from '@/lib/money';
import type { ReviewRate } from '../api/get-product';
import './product-page.css';

/**
 * "4 stars", "٤ نجوم": one message for bars, ratings and review lists. The
 * I18nProvider is keyed on the language, so callers re-render on a switch.
 */
export function starsLabel(stars: number): string {
  const shownStars = formatNumber(stars, activeLang());
  return plural(stars, { one: `${shownStars} star`, other: `${shownStars} stars` });
}

/** "12 reviews", "١٢ تقييمًا": how many reviews the product has in all (none: the list says so). */
export function ReviewCount({ count }: { count: number }) {
  const { lang } = useLanguage();
  if (count === 0) return null;
  const shown = formatNumber(count, lang);
  return (
    <p className="attar-muted attar-review-count" data-testid="reviews-count">
      {plural(count, { one: `${shown} review`, other: `${shown} reviews` })}
    </p>
  );
}

const STARS = [5, 4, 3, 2, 1] as const;

/** What share of the reviews gave each number of stars, 5 down to 1, as bars. */
export function ReviewSummary({ rates }: { rates: ReviewRate }) {
  const { lang } = useLanguage();
  return (
    <ul className="attar-review-bars" data-testid="review-summary">
      {STARS.map((stars) => {
        const pct = Math.max(0, Math.min(100, rates[String(stars) as keyof ReviewRate] ?? 0));
        const label = starsLabel(stars);
        const shown = formatPercent(pct, lang);
        return (
          <li key={stars}>
            <span>{label}</span>
            {/* As MUI's determinate LinearProgress: a progressbar named by its stars, its value in words. */}
            <span
              className="attar-review-bars__track"
              role="progressbar"
              aria-label={label}
              aria-valuenow={Math.round(pct)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuetext={shown}
            >
              <span className="attar-review-bars__value" style={{ width: `${pct}%` }} />
            </span>
            <span className="attar-review-bars__share" aria-hidden>{shown}</span>
          </li>
        );
      })}
    </ul>
  );
}
