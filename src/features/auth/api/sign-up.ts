import { useMutation } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import type { AuthData, RegisterBody } from '@contract/account';

export type Auth = Static<typeof AuthData>;
export type SignUpInput = Static<typeof RegisterBody>;

/** POST /user/register (API.md): 201 with `{ token, user }`; 422 with field errors. */
export async function signUp(input: SignUpInput): Promise<Envelope<Auth>> {
  return request<Auth>('/user/register', { method: 'POST', body: input, handleUnauthorized: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
