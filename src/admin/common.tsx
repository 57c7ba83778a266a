// What every back-office screen shares: the token and language its queries are keyed by, the
// loading and failure states, the pager, the title.
import { useEffect, useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { useSession } from '@/lib/session';
import type { PageMeta } from './api';

export function useAdmin() {
  const { token } = useSession();
  const { lang } = useLanguage();
  return { token, lang };
}

/** The query's data, or its loading view or failure (with a retry). */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useLingui();
  if (query.isPending) return <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}><CircularProgress aria-label={t`Loading`} /></Box>;
  if (query.isError) {
    return (
      <Box sx={{ py: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography role="alert">{query.error.message}</Typography>
        <Button variant="outlined" onClick={() => void query.refetch()}><Trans>Try again</Trans></Button>
      </Box>
    );
  }
  return <>{children(query.data)}</>;
}

export function Title({ children }: { children: ReactNode }) {
  return <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 700 }}>{children}</Typography>;
}

/**
 * A list's filters, kept in the URL (so a link or a reload keeps them): `set` changes some, an empty
 * value dropping its parameter, and goes back to the first page unless the page is what changes.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return [params, set] as const;
}

/** Pages 1…last, in the language's digits. */
export function Pager({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  const { lang } = useLanguage();
  const { t } = useLingui();
  if (meta.last_page <= 1) return null;
  return (
    <Box component="nav" aria-label={t`Pages`} sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
      <Pagination
        count={meta.last_page}
        page={meta.page}
        onChange={(_event, page) => onPage(page)}
        siblingCount={0}
        getItemAriaLabel={(type, page) => (type === 'page' ? t`Page ${formatNumber(page ?? 0, lang)}` : type === 'next' ? t`Next page` : type === 'previous' ? t`Previous page` : t`Page`)}
        renderItem={(item) => <PaginationItem {...item} page={item.page === null ? null : formatNumber(item.page, lang)} />}
      />
    </Box>
  );
}

/** The outcome of the last write: the server's own words. */
export type Said = { ok: boolean; text: string } | null;

/**
 * The last change's outcome, in the server's words. It takes the focus when the focus was lost
 * (the control used went away: a status move's button with the status, a closed dialog), so the
 * screen reader reads it and the next Tab starts from it; otherwise its live region announces it,
 * and a field being typed in keeps the focus.
 */
export function Outcome({ said, onClose, className, sx }: { said: Said; onClose: () => void; className?: string; sx?: SxProps<Theme> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!said) return;
    const move = () => {
      const now = document.activeElement;
      if (now === null || now === document.body || !now.isConnected) ref.current?.focus();
    };
    move();
    const frame = requestAnimationFrame(move);
    return () => cancelAnimationFrame(frame);
  }, [said]);
  if (!said) return null;
  return (
    <Alert ref={ref} tabIndex={-1} severity={said.ok ? 'success' : 'error'} role={said.ok ? 'status' : 'alert'} onClose={onClose} className={className} sx={sx}>
      {said.text}
    </Alert>
  );
}
