import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { suggestionsQuery } from '@/features/search/api/get-suggestions';
import { footerQuery } from '@/features/content/api/get-footer';
import { ProductCard } from '@/components/product-card';
import { buttonClass } from '@/components/plain-controls';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { cardActions } from './card-actions';
import './no-results.css';

/** Best sellers offered when a search finds nothing: a row, not a page. */
const BEST_SHOWN = 4;

/**
 * A search that found nothing is not a dead end: it names the closest
 * category (the one most of the typed words point to) and offers the best
 * sellers, in the shopper's language. Composed here: the answer comes from
 * search, the best sellers from the footer's call (features do not import
 * each other).
 */
export function NoResults({ q, onClear }: { q: string; onClear: () => void }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const online = useOnline();
  const closest = useQuery({ ...suggestionsQuery(q, lang), enabled: online }).data?.closest_category ?? null;
  const best = useQuery(footerQuery(lang)).data?.bestSellers.slice(0, BEST_SHOWN) ?? [];
  return (
    <div className="attar-no-results">
      <p className="attar-text">{t`Nothing matches “${q}”. Check the spelling, or try fewer words.`}</p>
      <div className="attar-no-results__ways">
        {closest && (
          <RouterLink className={buttonClass('contained')} to={`/products/category/${closest.id}`}>
            {t`Browse ${closest.name}`}
          </RouterLink>
        )}
        <button type="button" className={buttonClass('outlined')} onClick={onClear}>{t`Clear filters`}</button>
      </div>
      {best.length > 0 && (
        <section className="attar-section" aria-labelledby="no-results-best">
          <h2 id="no-results-best" className="attar-h6 attar-section__title">{t`Best sellers`}</h2>
          <div className="attar-grid">
            {best.map((p) => <ProductCard key={p.id} product={p} actions={cardActions(p)} />)}
          </div>
        </section>
      )}
    </div>
  );
}
