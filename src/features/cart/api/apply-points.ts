import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

/** GET /usepoint/done: applies the points balance; answers the whole cart. */
export async function applyPoints(lang: Lang): Promise<Envelope<CartData>> {
  return request<CartData>('/usepoint/done', { lang });
}

export function useApplyPoints() {
  const putCart = usePutCart();
  const { lang } = useLanguage();
  return useMutation({ mutationFn: () => applyPoints(lang), onSuccess: (answer) => putCart(answer.data, lang), networkMode: FAIL_OFFLINE });
}
