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

/**
 * Sends the shopper's review (their first, or a new version of it: the server
 * keeps one per shopper and product), then refetches what shows it: the
 * product (summary, count, first page), the further pages of reviews, and
 * the shopper's own review the edit dialog starts from.
 */
export function useSendReview(productId: number) {
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  return useMutation({
    mutationFn: (review: Omit<ReviewPayload, 'product_id'>) => sendReview({ product_id: productId, ...review }, lang),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) }),
      queryClient.invalidateQueries({ queryKey: productKeys.reviews(productId) }),
      queryClient.invalidateQueries({ queryKey: productKeys.myReview(productId) }),
    ]),
  });
}
