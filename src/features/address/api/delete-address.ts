import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import { addressKeys, type Address } from './get-addresses';

/** DELETE /user/address/{id}: answers a message. */
export async function deleteAddress(id: number, lang: Lang): Promise<string> {
  return (await request<null>(`/user/address/${id}`, { method: 'DELETE', lang })).message;
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(id, lang),
    onSuccess: (_message, id) => {
      // Gone from every cached list at once, before the refetch confirms it.
      queryClient.setQueriesData<Address[]>({ queryKey: addressKeys.all }, (list) => list?.filter((a) => a.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
