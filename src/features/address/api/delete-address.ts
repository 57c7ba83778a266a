import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { addressKeys, type Address } from './get-addresses';

/** DELETE /user/address/{id}: answers a message. */
export async function deleteAddress(id: number): Promise<string> {
  return (await request<null>(`/user/address/${id}`, { method: 'DELETE' })).message;
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_message, id) => {
      // Gone from every cached list at once, before the refetch confirms it.
      queryClient.setQueriesData<Address[]>({ queryKey: addressKeys.all }, (list) => list?.filter((a) => a.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
