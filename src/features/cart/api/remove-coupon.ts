import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { CartData } from '@/lib/contract';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

/** POST /remove/coupons/{card_id}: answers the whole cart and a message. */
export async function removeCoupon(cardId: number, lang: Lang): Promise<Envelope<CartData>> {
  return request<CartData>(`/remove/coupons/${cardId}`, { method: 'POST', lang });
}

export function useRemoveCoupon() {
  const putCart = usePutCart();
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (cardId: number) => removeCoupon(cardId, lang), onSuccess: (answer) => putCart(answer.data, lang), networkMode: FAIL_OFFLINE });
}
