import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { ForgotPasswordBody, ResetPasswordBody } from '@contract/account';
import { toLatinDigits } from '@contract/rules';

export type ForgotInput = Static<typeof ForgotPasswordBody>;
export type ResetInput = Static<typeof ResetPasswordBody>;

/** POST /user/password/forgot: the same message whether or not an account has this login. */
export async function askForReset({ login }: ForgotInput, lang: Lang): Promise<Envelope<null>> {
  return request<null>('/user/password/forgot', { method: 'POST', body: { login: toLatinDigits(login.trim()) }, lang, handleUnauthorized: false });
}

/** POST /user/password/reset: a used or expired link is a 422 under `token`. */
export async function resetPassword(input: ResetInput, lang: Lang): Promise<Envelope<null>> {
  return request<null>('/user/password/reset', { method: 'POST', body: input, lang, handleUnauthorized: false });
}

export function useAskForReset() {
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (input: ForgotInput) => askForReset(input, lang) });
}

export function useResetPassword() {
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (input: ResetInput) => resetPassword(input, lang) });
}
