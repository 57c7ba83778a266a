// The owner's outbox calls (/api/admin/mails; shapes in server/contract/admin-mails.ts). In memory
// only, like every back-office query (./api.ts).
import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { OutboxList, OutboxMailDetail, MAIL_STATUSES } from '@contract/admin-mails';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { adminKeys, useAdminWrite } from './api';

export type OutboxData = Static<typeof OutboxList>;
export type OutboxRow = OutboxData['mails'][number];
export type OutboxDetail = Static<typeof OutboxMailDetail>;
export type MailStatus = (typeof MAIL_STATUSES)[number];

const outboxKeys = {
  list: (token: string | null, lang: Lang, status: string, page: number) => [...adminKeys.all(token), 'mails', lang, status, page] as const,
  mail: (token: string | null, lang: Lang, id: number) => [...adminKeys.all(token), 'mail', id, lang] as const,
};

export const outboxQuery = (token: string | null, lang: Lang, status: MailStatus | '', page: number) => queryOptions({
  queryKey: outboxKeys.list(token, lang, status, page),
  queryFn: async ({ signal }) => {
    const search = new URLSearchParams();
    if (status) search.set('status', status);
    if (page > 1) search.set('page', String(page));
    const text = search.toString();
    return (await request<OutboxData>(`/admin/mails${text ? `?${text}` : ''}`, { lang, signal })).data;
  },
});

export const outboxMailQuery = (token: string | null, lang: Lang, id: number) => queryOptions({
  queryKey: outboxKeys.mail(token, lang, id),
  queryFn: async ({ signal }) => (await request<{ mail: OutboxDetail }>(`/admin/mails/${id}`, { lang, signal })).data.mail,
});

/** POST /admin/mails/{id}/retry: a failed mail queued again, due now. */
export const useRetryMail = (token: string | null, lang: Lang) =>
  useAdminWrite<number, { mail: OutboxDetail }>(token, lang, (id) => ({ path: `/admin/mails/${id}/retry`, method: 'POST' }));
