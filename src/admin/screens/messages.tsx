// The contact form's messages, unread first (or unread only, or handled only); each marked handled once answered.
import { useSearchParams } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
  const [params, setParams] = useSearchParams();
  const show = params.get('show') === 'unread' || params.get('show') === 'handled' ? params.get('show')! : '';
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const handled = show === '' ? undefined : show === 'handled';
  const query = useQuery(messagesQuery(token, lang, { handled, page }));
  const set = (next: { show?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextShow = next.show ?? show;
    if (nextShow) search.set('show', nextShow);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const handle = useAdminChange<number>(token, lang, (id) => `/admin/messages/${id}/handled`, () => undefined);
  return (
    <>
      <Title>{t`Messages`}</Title>
      <TextField
        select label={t`Show`} size="small" value={show} onChange={(e) => set({ show: e.target.value, page: 1 })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} sx={{ mb: 2, minWidth: 220 }}
      >
        <MenuItem value="">{t`All, unread first`}</MenuItem>
        <MenuItem value="unread">{t`Unread only`}</MenuItem>
        <MenuItem value="handled">{t`Handled only`}</MenuItem>
      </TextField>
      {handle.isError && <Typography role="alert" color="error">{handle.error.message}</Typography>}
      <Loaded query={query}>
        {({ messages, meta }) => (messages.length === 0 ? <Typography>{show === 'unread' ? t`No unread messages.` : t`No messages.`}</Typography> : (
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
            <Pager meta={meta} onPage={(next) => set({ page: next })} />
          </>
        ))}
      </Loaded>
    </>
  );
}
