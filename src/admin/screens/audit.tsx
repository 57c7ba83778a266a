// The owner's record of every change made in the back office and from the command line.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { formatTimestamp } from '@/lib/dates';
import { usePageTitle } from '@/lib/page-title';
import { auditQuery } from '../api';
import { Loaded, Pager, Title, useAdmin } from '../common';
import { auditActionLabel, auditFieldLabel, auditTargetLabel, auditValue } from '../labels';

type Values = Record<string, unknown> | null;

/** The fields an entry touched, in the order they were written: each with what it was and what it became. */
function changes(before: Values, after: Values): { field: string; from?: unknown; to?: unknown }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ field, from: before?.[field], to: after?.[field] }));
}

function Change({ field, from, to }: { field: string; from?: unknown; to?: unknown }) {
  const { lang } = useAdmin();
  // A value only after (a note's text, a reason) is said once; a change is "before → after", the arrow pointing the reading way.
  const was = from === undefined ? null : auditValue(field, from, lang);
  const now = to === undefined ? '—' : auditValue(field, to, lang);
  return (
    <Box component="li">
      <Typography component="span" variant="body2" color="text.secondary">{auditFieldLabel(field, lang)}: </Typography>
      <Typography component="span" variant="body2">
        {was !== null && <><bdi>{was}</bdi> {lang === 'ar' ? '←' : '→'} </>}
        {/* A signed change (+50) reads left to right in Arabic too; elsewhere the value keeps its own direction. */}
        {field === 'delta' ? <span dir="ltr">{now}</span> : <bdi>{now}</bdi>}
      </Typography>
    </Box>
  );
}

export function AuditScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Audit`);
  const [page, setPage] = useState(1);
  const query = useQuery(auditQuery(token, lang, page));
  return (
    <>
      <Title>{t`Audit`}</Title>
      <Loaded query={query}>
        {({ entries, meta }) => (entries.length === 0 ? <Typography>{t`Nothing has been changed yet.`}</Typography> : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {entries.map((entry) => (
                <Card component="li" variant="outlined" key={entry.id} sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                    <strong>{auditActionLabel(entry.action)} · <bdi>{auditTargetLabel(entry.target, lang)}</bdi></strong>
                    <Typography variant="body2" color="text.secondary">{formatTimestamp(entry.at, lang)}</Typography>
                  </Box>
                  <Typography variant="body2">{entry.by ? <bdi>{`${entry.by.name} (${entry.by.email})`}</bdi> : t`The command line`}</Typography>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, overflowWrap: 'anywhere' }}>
                    {changes(entry.before as Values, entry.after as Values).map((change) => <Change key={change.field} {...change} />)}
                  </Box>
                </Card>
              ))}
            </Box>
            <Pager meta={meta} onPage={setPage} />
          </>
        ))}
      </Loaded>
    </>
  );
}
