import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { Order } from './get-order';
import { orderKeys } from './get-orders';

export interface CancelAnswer {
  order: Order;
  /** the server's words: "Order ATR-10001 is cancelled." */
  message: string;
}

/**
 * POST /orders/{id}/cancel: the shopper cancels their own order while it is
 * pending (docs/rules.md, "Order statuses"); a confirmed one is a 422
 * (order_not_cancellable) with the server's message.
 */
export async function cancelOrder(id: number, reason: string, lang: Lang): Promise<CancelAnswer> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  const answer = await request<{ order: Order }>(`/orders/${id}/cancel`, { method: 'POST', body, lang });
  return { order: answer.data.order, message: answer.message };
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => cancelOrder(id, reason, lang),
    // Success or not (a 422: the shop confirmed it meanwhile), every list and
    // the order's page ask the server where the order is now.
    // The order's page shows the answer at once (the refetch below brings it in the page's language).
    onSuccess: (answer, { id }) => queryClient.setQueriesData<Order>({ queryKey: orderKeys.detail(id) }, answer.order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
