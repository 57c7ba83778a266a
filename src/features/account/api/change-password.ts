import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { ChangePasswordBody } from '@contract/account';

export type PasswordChange = Static<typeof ChangePasswordBody>;

/**
 * POST /user/change-password: a wrong current password is a 422 under
 * `current_password`. The token in use stays valid; the shopper's other
 * devices are signed out.
 */
export async function changePassword(input: PasswordChange, lang: Lang): Promise<Envelope<null>> {
  return request<null>('/user/change-password', { method: 'POST', body: input, lang });
}

export function useChangePassword() {
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (input: PasswordChange) => changePassword(input, lang) });
}
