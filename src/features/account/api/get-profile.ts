import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { User } from '@contract/account';

export type Profile = Static<typeof User>;

/** GET /user/profile: the signed-in shopper, with their points balance. */
export async function getProfile(lang: Lang, signal?: AbortSignal): Promise<Profile> {
  return (await request<{ user: Profile }>('/user/profile', { signal, lang })).data.user;
}

// The token in the key: log-out drops every query holding it, so the next
// shopper on this device never sees this one's profile.
/** Every profile query key starts here (one per language and token). */
export const profileKeys = {
  all: ['profile'] as const,
};

export const profileQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...profileKeys.all, lang, token],
    queryFn: ({ signal }) => getProfile(lang, signal),
    enabled: token !== null,
  });
