import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { AuthData } from '@contract/account';
import { toLatinDigits } from '@contract/rules';

export type Auth = Static<typeof AuthData>;

export interface SignInInput {
  /** email or phone; Eastern Arabic digits are read as 0-9 */
  login: string;
  password: string;
}

/** POST /user/login: `{ token, user }`. A wrong password is a 422 under `login`. */
export async function signIn({ login, password }: SignInInput, lang: Lang): Promise<Envelope<Auth>> {
  const body = { login: toLatinDigits(login.trim()), password };
  return request<Auth>('/user/login', { method: 'POST', body, lang, handleUnauthorized: false });
}

export function useSignIn() {
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (input: SignInInput) => signIn(input, lang) });
}
