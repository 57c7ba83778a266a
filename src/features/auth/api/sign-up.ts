import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { AuthData, RegisterBody } from '@contract/account';

export type Auth = Static<typeof AuthData>;
export type SignUpInput = Static<typeof RegisterBody>;

/** POST /user/register: 201 with `{ token, user }`; 422 with field errors. */
export async function signUp(input: SignUpInput, lang: Lang): Promise<Envelope<Auth>> {
  return request<Auth>('/user/register', { method: 'POST', body: input, lang, handleUnauthorized: false });
}

export function useSignUp() {
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (input: SignUpInput) => signUp(input, lang) });
}
