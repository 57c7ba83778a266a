import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { ProfileUpdateBody } from '@contract/account';
import { profileKeys, type Profile } from './get-profile';

export type ProfileUpdate = Static<typeof ProfileUpdateBody>;

/** POST /user/profile/update: names, phone and birth date (the email cannot change); 422 with field errors. */
export async function updateProfile(input: ProfileUpdate, lang: Lang): Promise<Envelope<{ user: Profile }>> {
  return request<{ user: Profile }>('/user/profile/update', { method: 'POST', body: input, lang });
}

/** Saves the profile; the answer's user replaces the cached profile in every language at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => updateProfile(input, lang),
    onSuccess: (answer) => {
      queryClient.setQueriesData<Profile>(
        { queryKey: profileKeys.all, predicate: (query) => query.queryKey.includes(token) },
        answer.data.user,
      );
    },
  });
}
