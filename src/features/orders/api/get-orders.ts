import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { OrderRow } from '../../../../server/contract/checkout';
import type { Meta } from '../../../../server/contract/catalog';

export type OrderSummary = Static<typeof OrderRow>;
export interface OrdersPage {
  orders: OrderSummary[];
  meta: Static<typeof Meta>;
}

/** GET /orders?page=: the shopper's orders, newest first, ten a page. */
export async function getOrders(page: number, signal?: AbortSignal): Promise<OrdersPage> {
  return (await request<OrdersPage>(`/orders?page=${page}`, { signal })).data;
}

// The token is part of every key so that log-out (which drops the queries
// holding it) leaves nothing of this shopper's orders behind.
export const ordersQuery = (page: number, lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: ['orders', 'list', page, lang, token],
    queryFn: ({ signal }) => getOrders(page, signal),
    enabled: token !== null,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

/** Every order, a page at a time ('Load more'), for the tracking overview. */
export const allOrdersQuery = (lang: Lang, token: string | null) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'all', lang, token],
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled: token !== null,
  });
