import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { ContactBody } from '@contract/account';

export type ContactMessage = Static<typeof ContactBody>;

/** POST /contact: resolves with the server's (localized) thank-you message. */
export async function sendContact(body: ContactMessage): Promise<string> {
  return (await request<null>('/contact', { method: 'POST', body })).message;
}
