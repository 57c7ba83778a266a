import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { keepShoppersPrevious } from '@/lib/query';
import type { OrderRow as OrderRowSchema } from '@contract/checkout';
import type { Meta } from '@contract/catalog';

/** One order as the list shows it (not the cart's summary, nor the whole order of get-order.ts). */
export type OrderRow = Static<typeof OrderRowSchema>;
export interface OrdersPage {
  orders: OrderRow[];
  meta: Static<typeof Meta>;
}

/** GET /orders?page=: the shopper's orders, newest first, ten a page. */
export async function getOrders(page: number, lang: Lang, signal?: AbortSignal): Promise<OrdersPage> {
  return (await request<OrdersPage>(`/orders?page=${page}`, { signal, lang })).data;
}

/** Every orders query key starts here (list, all, detail), so one call can refresh them all. */
export const orderKeys = {
  all: ['orders'] as const,
  /** one order's page, in every language and token it was asked in */
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

// The token is part of every key so that log-out (which drops the queries
// holding it) leaves nothing of this shopper's orders behind.
//
// `staleTime: 0` on each: the shop moves orders along (order:status) while
// the shopper browses, and the app-wide staleTime would let a visit within a
// minute show the old status. Each visit asks again; the cached answer stays
// on screen meanwhile, so there is no skeleton flash.
export const ordersQuery = (page: number, lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'list', page, lang, token],
    staleTime: 0,
    queryFn: ({ signal }) => getOrders(page, lang, signal),
    enabled: token !== null,
    // Paging (or a language switch) keeps the current rows on screen until the
    // next page arrives, but never another shopper's rows after a token change.
    placeholderData: keepShoppersPrevious(token),
  });

/** Every order, a page at a time ('Load more'), for the tracking overview. */
export const allOrdersQuery = (lang: Lang, token: string | null) =>
  infiniteQueryOptions({
    queryKey: [...orderKeys.all, 'all', lang, token],
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, lang, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled: token !== null,
  });
