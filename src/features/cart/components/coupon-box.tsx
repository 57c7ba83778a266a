import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Alert, buttonClass, TextInputField } from '@/components/plain-controls';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { useApplyCoupon } from '../api/apply-coupon';
import { useRemoveCoupon } from '../api/remove-coupon';
import { useCartFailure } from '../hooks/use-cart-failure';
import './cart.css';

/** The contract's word for "no coupon applied". */
export const NO_COUPON = 'not there';

/**
 * The coupon box shows only while no coupon is applied; otherwise
 * the applied code shows with a way to remove it. A refused code keeps what
 * was typed and says why under the field (the server's message).
 */
export function CouponBox({ cart }: { cart: CartData }) {
  const { t } = useLingui();
  const failed = useCartFailure();
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** after applying or removing, focus goes to what replaced the control the shopper used */
  const moveFocus = useRef(false);
  const applied = cart.coupon !== NO_COUPON;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (applied ? removeRef.current : inputRef.current)?.focus();
  }, [applied]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (apply.isPending) return;
    if (code.trim() === '') {
      setError(t`Required`);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await apply.mutateAsync({ cardId: cart.card_id, code, subtotal: cart.subtotal });
      moveFocus.current = true;
      setCode('');
      notify(answer.message, { variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return failed(failure);
      setError(failure instanceof ApiError ? (failure.fields.name?.[0] ?? failure.message) : t`Something went wrong. Please try again.`);
      inputRef.current?.focus();
    }
  }

  async function removeCoupon() {
    if (remove.isPending) return;
    try {
      const answer = await remove.mutateAsync(cart.card_id);
      moveFocus.current = true;
      notify(answer.message, { variant: 'success' });
    } catch (failure) {
      failed(failure);
    }
  }

  if (applied) {
    const code = cart.coupon;
    return (
      <div className="attar-coupon-applied">
        <div className="attar-coupon-applied__row">
          <p className="attar-cart__text" data-testid="applied-coupon">
            {t`Coupon`}{' '}
            <strong className="attar-coupon-applied__code" dir="ltr">{code}</strong>
          </p>
          <button
            ref={removeRef}
            type="button"
            className={buttonClass('error', 'small')}
            onClick={() => void removeCoupon()}
            aria-busy={remove.isPending || undefined}
            aria-label={t`Remove coupon ${code}`}
          >
            {t`Remove`}
          </button>
        </div>
        {cart.coupon_problem && <Alert severity="warning">{cart.coupon_problem}</Alert>}
      </div>
    );
  }

  return (
    <form className="attar-coupon" noValidate onSubmit={submit} aria-label={t`Coupon`}>
      <TextInputField
        ref={inputRef}
        label={t`Coupon code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
      />
      <button type="submit" className={buttonClass('outlined')} aria-busy={apply.isPending || undefined}>
        {t`Apply`}
      </button>
    </form>
  );
}
