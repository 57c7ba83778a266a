// The contact form's messages, unread first; each marked handled once answered.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PhoneNumber } from '@/components/phone-number';
import { formatTimestamp } from '@/lib/dates';
import { usePageTitle } from '@/lib/page-title';
import { messagesQuery, useAdminChange } from '../api';
import { Loaded, Pager, Title, useAdmin } from '../common';

export function MessagesScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Messages`);
  const [page, setPage] = useState(1);
  const query = useQuery(messagesQuery(token, lang, page));
  const handle = useAdminChange<number>(token, lang, (id) => `/admin/messages/${id}/handled`, () => undefined);
  return (
    <>
      <Title>{t`Messages`}</Title>
      {handle.isError && <Typography role="alert" color="error">{handle.error.message}</Typography>}
      <Loaded query={query}>
        {({ messages, meta }) => (messages.length === 0 ? <Typography>{t`No messages.`}</Typography> : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {messages.map((message) => (
                <Card component="li" variant="outlined" key={message.id} sx={{ p: 2, display: 'grid', gap: 0.5, borderColor: message.handled ? undefined : 'primary.main' }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                    <strong>{message.name}</strong>
                    <Chip size="small" color={message.handled ? 'default' : 'secondary'} label={message.handled ? t`Handled` : t`Unread`} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">{formatTimestamp(message.created_at, lang)}</Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.message}</Typography>
                  <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                    <Link href={`mailto:${message.email}`}>{message.email}</Link>
                    {message.phone && <Link href={`tel:${message.phone}`}><PhoneNumber phone={message.phone} /></Link>}
                    {!message.handled && (
                      <Button variant="outlined" disabled={handle.isPending} onClick={() => handle.mutate(message.id)}>{t`Mark as handled`}</Button>
                    )}
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
