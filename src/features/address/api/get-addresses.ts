import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { Address as AddressSchema } from '@contract/account';

export type Address = Static<typeof AddressSchema>;

export const addressKeys = {
  all: ['addresses'] as const,
};

/**
 * GET /user/show/address: the signed-in shopper's saved addresses, the
 * governorate named in `lang`. The token is part of the key so that log-out
 * (or another shopper signing in) never sees these.
 */
export const addressesQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...addressKeys.all, lang, token],
    queryFn: async ({ signal }) => (await request<{ address: Address[] }>('/user/show/address', { signal, lang })).data.address,
    enabled: token !== null,
  });
