import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request, type Envelope } from '@/lib/api-client';
import type { AddressBody } from '@contract/account';
import { addressKeys, type Address } from './get-addresses';

export type AddressInput = Static<typeof AddressBody>;

/** POST /user/add/address: answers the new address and a message; 422 with field errors. */
export async function addAddress(input: AddressInput): Promise<Envelope<Address>> {
  return request<Address>('/user/add/address', { method: 'POST', body: input });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
