import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import { productKeys } from './get-product';

export interface ReviewPayload {
  product_id: number;
  comment: string;
  /** 0.5 to 5 in half stars */
  rate: number;
}

/** POST /review/send (bearer): answers with the server's message. */
export async function sendReview(payload: ReviewPayload, lang: Lang): Promise<string> {
  return (await request<null>('/review/send', { method: 'POST', body: payload, lang })).message;
}

/** Sends a review, then refetches the product so its summary and list show it. */
export function useSendReview(productId: number) {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (review: Omit<ReviewPayload, 'product_id'>) => sendReview({ product_id: productId, ...review }, lang),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) }),
  });
}
