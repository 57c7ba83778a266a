import { useLingui } from '@lingui/react/macro';
import { ChevronNextIcon, ChevronPreviousIcon } from '@/components/icons';
import { formatNumber } from '@/lib/money';
import { useLanguage } from '@/lib/language';

type Item = number | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number) => Array.from({ length: Math.max(to - from + 1, 0) }, (_, i) => from + i);

/**
 * The pages to offer around `page`, as MUI's Pagination chooses them (one
 * page at each end, one on each side of the current, an ellipsis for the
 * rest): 1 … 4 5 6 … 10.
 */
export function pageItems(page: number, count: number): Item[] {
  const boundary = 1;
  const siblings = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), endPages.length > 0 ? endPages[0] - 2 : count - 1);
  return [
    ...startPages,
    ...(siblingsStart > boundary + 2 ? ['start-ellipsis' as const] : boundary + 1 < count - boundary ? [boundary + 1] : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundary - 1 ? ['end-ellipsis' as const] : count - boundary > boundary ? [count - boundary] : []),
    ...endPages,
  ];
}

/**
 * Pages 1..count (meta.last_page); hidden when there is only one. Page
 * numbers in the shopper's digits; plain buttons (controls.css), as MUI's
 * rounded Pagination drew them.
 */
export function PaginationBar({ page: asked, count, onChange }: { page: number; count: number; onChange(page: number): void }) {
  const { t } = useLingui();
  const { lang, dir } = useLanguage();
  if (count <= 1) return null;
  const page = Math.min(asked, count);
  const go = (next: number) => {
    if (next === page) return;
    onChange(next);
    // The new page starts at the top of the list, not where the bar was.
    document.getElementById('main')?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <nav aria-label={t`Pages`}>
      <ul className="attar-pagination">
        <li>
          <button type="button" className="attar-pagination__item" disabled={page <= 1} onClick={() => go(page - 1)} aria-label={t`Go to previous page`}>
            <ChevronPreviousIcon dir={dir} />
          </button>
        </li>
        {pageItems(page, count).map((item) => {
          if (typeof item !== 'number') return <li key={item}><span className="attar-pagination__item attar-pagination__item--ellipsis">…</span></li>;
          const shown = formatNumber(item, lang);
          const current = item === page;
          return (
            <li key={item}>
              <button
                type="button"
                className="attar-pagination__item"
                aria-current={current ? 'page' : undefined}
                aria-label={current ? t`Page ${shown}, current page` : t`Go to page ${shown}`}
                onClick={() => go(item)}
              >
                {shown}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" className="attar-pagination__item" disabled={page >= count} onClick={() => go(page + 1)} aria-label={t`Go to next page`}>
            <ChevronNextIcon dir={dir} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
