import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import { normalizePhone } from '@contract/rules';
import type { Order } from './get-order';
import { orderKeys } from './get-orders';

export interface ReportPaymentInput {
  id: number;
  sender_phone: string;
  reference: string;
}

/**
 * POST /orders/{id}/payment: the shopper says they sent the Vodafone Cash
 * transfer, from which wallet and with which reference; again to correct it,
 * until the shop marks it paid (docs/rules.md, "Payment status"). A wrong
 * field is a 422 with the server's words under `sender_phone` or `reference`.
 */
export async function reportPayment({ id, sender_phone, reference }: ReportPaymentInput, lang: Lang): Promise<{ order: Order; message: string }> {
  const body = { sender_phone: normalizePhone(sender_phone) ?? sender_phone.trim(), reference: reference.trim() };
  const answer = await request<{ order: Order }>(`/orders/${id}/payment`, { method: 'POST', body, lang });
  return { order: answer.data.order, message: answer.message };
}

export function useReportPayment() {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (input: ReportPaymentInput) => reportPayment(input, lang),
    // The order's page shows the answer at once (the refetch below brings it in the page's language).
    onSuccess: (answer, { id }) => queryClient.setQueriesData<Order>({ queryKey: orderKeys.detail(id) }, answer.order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
