import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

/** GET /usepoint/cancel: stops using points (closing the points dialog does it too); answers the whole cart. */
export async function cancelPoints(lang: Lang): Promise<Envelope<CartData>> {
  return request<CartData>('/usepoint/cancel', { lang });
}

export function useCancelPoints() {
  const putCart = usePutCart();
  const { lang } = useLanguage();
  return useMutation({ mutationFn: () => cancelPoints(lang), onSuccess: (answer) => putCart(answer.data, lang), networkMode: FAIL_OFFLINE });
}
