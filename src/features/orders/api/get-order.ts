import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { ApiError, request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { OrderDetail } from '@contract/checkout';
import { orderKeys } from './get-orders';

export type Order = Static<typeof OrderDetail>;

/** GET /orders/{id}: one order of the shopper's; anyone else's, or an unknown id, is a 404. */
export async function getOrder(id: number, lang: Lang, signal?: AbortSignal): Promise<Order> {
  return (await request<{ order: Order }>(`/orders/${id}`, { signal, lang })).data.order;
}

/** The answers that will not change on a retry: the order is not there (or not the shopper's). */
export function isOrderMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
}

export const orderQuery = (id: number, lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...orderKeys.detail(id), lang, token],
    queryFn: ({ signal }) => getOrder(id, lang, signal),
    enabled: token !== null && Number.isSafeInteger(id) && id > 0,
    // The shop moves the order along while the shopper waits: every visit
    // (staleTime 0) and every return to the tab ('always') asks where it is
    // now, however fresh the last answer was; the last one shows meanwhile.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    retry: (count, error) => !isOrderMissing(error) && count < 1,
  });
