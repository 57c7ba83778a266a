import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/lib/money';
import { useLanguage } from '@/lib/language';

/** Pages 1..count (meta.last_page); hidden when there is only one. Page numbers in the shopper's digits. */
export function PaginationBar({ page, count, onChange }: { page: number; count: number; onChange(page: number): void }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  if (count <= 1) return null;
  const label = (type: string, n: number | null, selected: boolean) => {
    const shown = formatNumber(n ?? 0, lang);
    if (type === 'page') return selected ? t`Page ${shown}, current page` : t`Go to page ${shown}`;
    if (type === 'next') return t`Go to next page`;
    if (type === 'previous') return t`Go to previous page`;
    if (type === 'first') return t`Go to first page`;
    return t`Go to last page`;
  };
  return (
    <Box component="nav" aria-label={t`Pages`} sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
      <Pagination
        page={Math.min(page, count)}
        count={count}
        color="primary"
        shape="rounded"
        getItemAriaLabel={label}
        renderItem={(item) => <PaginationItem {...item} page={item.page === null ? null : formatNumber(item.page, lang)} />}
        onChange={(_, next) => {
          onChange(next);
          // The new page starts at the top of the list, not where the bar was.
          document.getElementById('main')?.scrollIntoView?.({ block: 'start' });
        }}
      />
    </Box>
  );
}
