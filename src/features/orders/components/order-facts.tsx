import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Plural } from '@lingui/react/macro';
import { formatNumber } from '@/lib/money';
import { useLanguage } from '@/lib/language';

/** A labelled value (a term and its description), as facts about an order read. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>{label}</Box>
      {/* A value typed by the shopper (a transfer reference) may be one long word: it breaks rather than widen the page. */}
      <Box component="dd" sx={{ m: 0, typography: 'body2', fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** "3 items", with Arabic's six plural forms and the language's digits. */
export function ItemsCount({ count }: { count: number }) {
  const { lang } = useLanguage();
  const shown = formatNumber(count, lang);
  return <Plural value={count} one={`${shown} item`} other={`${shown} items`} />;
}
