import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { ContactBody } from '@contract/account';

export type ContactMessage = Static<typeof ContactBody>;

/** POST /contact: resolves with the server's (localized) thank-you message. */
export async function sendContact(body: ContactMessage, lang: Lang): Promise<string> {
  return (await request<null>('/contact', { method: 'POST', body, lang })).message;
}
