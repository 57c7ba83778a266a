// The owner's outbox (docs/mail.md, "The outbox"): every mail the shop sent or is sending, newest
// first, the failed ones called out; one mail as the customer sees it, and a failed one sent again.
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTimestamp } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { ApiError } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { outboxMailQuery, outboxQuery, useRetryMail, type MailStatus, type OutboxRow } from '../outbox-api';
import { Loaded, Outcome, Pager, Title, useAdmin, useUrlFilters, type Said } from '../common';
import { mailKindLabel, mailStatusLabel } from '../labels';

const STATUSES: MailStatus[] = ['failed', 'queued', 'sent', 'logged'];
const isStatus = (value: string | null): value is MailStatus => STATUSES.includes(value as MailStatus);

const statusColor = (status: MailStatus) => (status === 'failed' ? 'error' : status === 'queued' ? 'warning' : status === 'sent' ? 'success' : 'default');

export function OutboxScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Outbox`);
  const [params, set] = useUrlFilters();
  const status = isStatus(params.get('status')) ? params.get('status') as MailStatus : '';
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const query = useQuery(outboxQuery(token, lang, status, page));
  return (
    <>
      <Title>{t`Outbox`}</Title>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '70ch' }}>
        {t`Every mail the shop sends its customers: order confirmations, status updates, cancellations and password links. A mail the mail server refuses is tried again for a few hours.`}
      </Typography>
      <TextField
        select label={t`Show`} size="small" value={status} onChange={(e) => set({ status: e.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} sx={{ mb: 2, minWidth: 240 }}
      >
        <MenuItem value="">{t`All mails`}</MenuItem>
        {STATUSES.map((s) => <MenuItem key={s} value={s}>{mailStatusLabel(s)}</MenuItem>)}
      </TextField>
      <Loaded query={query}>
        {({ mails, meta, failed }) => (
          <>
            {failed > 0 && status !== 'failed' && (
              <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" onClick={() => set({ status: 'failed' })}>{t`Show them`}</Button>}>
                <FailedCount failed={failed} lang={lang} />
              </Alert>
            )}
            {mails.length === 0 ? <Typography>{t`No mails.`}</Typography> : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                {mails.map((mail) => <MailCard key={mail.id} mail={mail} lang={lang} />)}
              </Box>
            )}
            <Pager meta={meta} onPage={(next) => set({ page: String(next) })} />
          </>
        )}
      </Loaded>
    </>
  );
}

function FailedCount({ failed, lang }: { failed: number; lang: Lang }) {
  const count = formatNumber(failed, lang);
  return <>{plural(failed, { one: `${count} mail could not be sent.`, other: `${count} mails could not be sent.` })}</>;
}

function MailCard({ mail, lang }: { mail: OutboxRow; lang: Lang }) {
  const { t } = useLingui();
  return (
    <Card component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5, borderColor: mail.status === 'failed' ? 'error.main' : undefined }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Link component={RouterLink} to={`/outbox/${mail.id}`} sx={{ fontWeight: 700 }}>
          <bdi dir={mail.lang === 'ar' ? 'rtl' : 'ltr'}>{mail.subject || mailKindLabel(mail.kind)}</bdi>
        </Link>
        <Chip size="small" color={statusColor(mail.status)} label={mailStatusLabel(mail.status)} />
      </Box>
      {/* One fact a line: a "·" between them reads as an Arabic zero (٠). */}
      <Typography variant="body2">{mailKindLabel(mail.kind)}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}><bdi dir="ltr">{mail.to}</bdi></Typography>
      {mail.order_number && (
        <Typography variant="body2">
          <Link component={RouterLink} to={`/orders/${encodeURIComponent(mail.order_number)}`}>{t`Order ${mail.order_number}`}</Link>
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary"><MailTimes mail={mail} lang={lang} /></Typography>
      {mail.last_error && mail.status !== 'sent' && (
        <Typography variant="body2" color="error"><bdi dir="ltr">{mail.last_error}</bdi></Typography>
      )}
      {mail.status === 'failed' && <Typography variant="body2">{t`Open it to send it again.`}</Typography>}
    </Card>
  );
}

/** When it was written, sent, or will be tried next, and after how many tries. */
function MailTimes({ mail, lang }: { mail: OutboxRow; lang: Lang }) {
  const { t } = useLingui();
  const created = formatTimestamp(mail.created_at, lang);
  const tries = formatNumber(mail.attempts, lang);
  if (mail.status === 'sent' && mail.sent_at) return <>{t`Sent ${formatTimestamp(mail.sent_at, lang)}`}</>;
  if (mail.status === 'logged') return <>{t`Written to the server log ${created}: no mail server is set (SMTP_URL).`}</>;
  if (mail.status === 'failed') {
    return <>{plural(mail.attempts, { one: `Written ${created}; failed after ${tries} try.`, other: `Written ${created}; failed after ${tries} tries.` })}</>;
  }
  if (mail.attempts > 0 && mail.next_attempt_at) {
    const next = formatTimestamp(mail.next_attempt_at, lang);
    return <>{plural(mail.attempts, { one: `Written ${created}; tried ${tries} time, next try ${next}.`, other: `Written ${created}; tried ${tries} times, next try ${next}.` })}</>;
  }
  return <>{t`Written ${created}; waiting to be sent.`}</>;
}

export function OutboxMailScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const id = Number(useParams().id);
  const query = useQuery({ ...outboxMailQuery(token, lang, id), enabled: Number.isInteger(id) && id > 0 });
  const retry = useRetryMail(token, lang);
  const [said, setSaid] = useState<Said>(null);
  usePageTitle(query.data?.subject || t`Mail`);
  const send = () => {
    setSaid(null);
    retry.mutate(id, {
      onSuccess: ({ message }) => setSaid({ ok: true, text: message }),
      onError: (error) => setSaid({ ok: false, text: error instanceof ApiError ? error.message : t`Something went wrong. Please try again.` }),
    });
  };
  return (
    <>
      <Link component={RouterLink} to="/outbox" sx={{ display: 'inline-block', mb: 1 }}>{t`Back to the outbox`}</Link>
      <Loaded query={query}>
        {(mail) => (
          <>
            <Title><bdi dir={mail.lang === 'ar' ? 'rtl' : 'ltr'}>{mail.subject || mailKindLabel(mail.kind)}</bdi></Title>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
              <Typography component="dt" color="text.secondary">{t`To`}</Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}><bdi dir="ltr">{mail.to}</bdi></Typography>
              <Typography component="dt" color="text.secondary">{t`Kind`}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{mailKindLabel(mail.kind)}</Typography>
              <Typography component="dt" color="text.secondary">{t`Language`}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{mail.lang === 'ar' ? t`Arabic` : t`English`}</Typography>
              <Typography component="dt" color="text.secondary">{t`Status`}</Typography>
              <Typography component="dd" sx={{ m: 0 }}><Chip size="small" color={statusColor(mail.status)} label={mailStatusLabel(mail.status)} /></Typography>
              {mail.order_number && (
                <>
                  <Typography component="dt" color="text.secondary">{t`Order`}</Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    <Link component={RouterLink} to={`/orders/${encodeURIComponent(mail.order_number)}`}><bdi dir="ltr">{mail.order_number}</bdi></Link>
                  </Typography>
                </>
              )}
              {mail.last_error && mail.status !== 'sent' && (
                <>
                  <Typography component="dt" color="text.secondary">{t`Mail server's answer`}</Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}><bdi dir="ltr">{mail.last_error}</bdi></Typography>
                </>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}><MailTimes mail={mail} lang={lang} /></Typography>
            <Outcome said={said} onClose={() => setSaid(null)} sx={{ mb: 2 }} />
            {mail.status === 'failed' && (
              <Button variant="contained" onClick={send} disabled={retry.isPending} sx={{ mb: 2 }}>{t`Send it again`}</Button>
            )}
            {mail.html === '' ? (
              <Typography sx={{ mb: 2 }}>{t`Its words and its link are written afresh each time it is sent: a password link works once, for 30 minutes.`}</Typography>
            ) : (
              <>
                {/* The mail as the customer's mail program shows it: sandboxed, so nothing in it runs or navigates this page. */}
                <Box
                  component="iframe" sandbox="" srcDoc={mail.html} title={t`The mail as the customer sees it`}
                  sx={{ width: '100%', height: { xs: 560, md: 720 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f6f1ea', display: 'block' }}
                />
                <Box component="details" sx={{ mt: 2 }}>
                  <summary>{t`The plain-text part`}</summary>
                  <Box component="pre" dir={mail.lang === 'ar' ? 'rtl' : 'ltr'} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0, mt: 1 }}>
                    {mail.text}
                  </Box>
                </Box>
              </>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
