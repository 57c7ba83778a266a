import { useMutation } from '@tanstack/react-query';
import { request, type Envelope } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import type { Lang } from '@/lib/storage';
import type { CartData } from '@/lib/contract';
import { toLatinDigits } from '@contract/rules';
import { usePutCart } from '../hooks/use-put-cart';
import { FAIL_OFFLINE } from './cart-change-keys';

export interface ApplyCoupon {
  cardId: number;
  /** as typed: Eastern Arabic digits are read as 0-9 here */
  code: string;
  /** the cart's subtotal, which the contract sends along */
  subtotal: number;
}

/** POST /add/coupons/{card_id} `{ name, totalprice }`: answers the whole cart and a message. */
export async function applyCoupon({ cardId, code, subtotal }: ApplyCoupon, lang: Lang): Promise<Envelope<CartData>> {
  return request<CartData>(`/add/coupons/${cardId}`, {
    method: 'POST',
    lang,
    body: { name: toLatinDigits(code).trim(), totalprice: subtotal },
  });
}

export function useApplyCoupon() {
  const putCart = usePutCart();
  const { lang } = useLanguage();
  return useMutation({ mutationFn: (coupon: ApplyCoupon) => applyCoupon(coupon, lang), onSuccess: (answer) => putCart(answer.data, lang), networkMode: FAIL_OFFLINE });
}
