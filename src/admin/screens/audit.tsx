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

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

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
                    <strong><bdi>{entry.action}</bdi> · <bdi>{entry.target}</bdi></strong>
                    <Typography variant="body2" color="text.secondary">{formatTimestamp(entry.at, lang)}</Typography>
                  </Box>
                  <Typography variant="body2">{entry.by ? `${entry.by.name} (${entry.by.email})` : t`The command line`}</Typography>
                  <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {shown(entry.before)} → {shown(entry.after)}
                  </Typography>
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
