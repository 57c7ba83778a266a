import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { AddressBody } from '@contract/account';
import { addressKeys, type Address } from './get-addresses';

export type AddressInput = Static<typeof AddressBody>;

/** POST /user/add/address: answers the new address and a message; 422 with field errors. */
export async function addAddress(input: AddressInput, lang: Lang): Promise<Envelope<Address>> {
  return request<Address>('/user/add/address', { method: 'POST', body: input, lang });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (input: AddressInput) => addAddress(input, lang),
    onSuccess: (answer) => {
      // Listed at once in this language's lists (whatever the token: only the signed-in one is read),
      // so a step that chooses it does not wait for the list to come back.
      queryClient.setQueriesData<Address[]>({ queryKey: [...addressKeys.all, lang] }, (list) =>
        list && !list.some((a) => a.id === answer.data.id) ? [...list, answer.data] : list);
      // The lists are asked for again (the other language's too) without waiting: the step goes on meanwhile.
      void queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
  });
}
