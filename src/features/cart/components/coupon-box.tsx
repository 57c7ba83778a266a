import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import type { CartData } from '@/lib/contract';
import { useApplyCoupon } from '../api/apply-coupon';
import { useRemoveCoupon } from '../api/remove-coupon';
import { useCartFailure } from '../hooks/use-cart-failure';

/** The contract's word for "no coupon applied". */
export const NO_COUPON = 'not there';

/**
 * Spec §4: the coupon box shows only while no coupon is applied; otherwise
 * the applied code shows with a way to remove it. A refused code keeps what
 * was typed and says why under the field (the server's message, spec §8).
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
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography data-testid="applied-coupon">
            {t`Coupon`}{' '}
            <Box component="strong" dir="ltr" sx={{ fontFamily: 'monospace' }}>{code}</Box>
          </Typography>
          <Button
            ref={removeRef}
            size="small"
            color="error"
            onClick={() => void removeCoupon()}
            aria-busy={remove.isPending || undefined}
            aria-label={t`Remove coupon ${code}`}
          >
            {t`Remove`}
          </Button>
        </Box>
        {cart.coupon_problem && <Alert severity="warning">{cart.coupon_problem}</Alert>}
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t`Coupon`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        inputRef={inputRef}
        size="small"
        label={t`Coupon code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error !== null}
        helperText={error && <span role="alert">{error}</span>}
        slotProps={{
          htmlInput: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 64 },
        }}
        sx={{ flexGrow: 1 }}
      />
      <Button type="submit" variant="outlined" aria-busy={apply.isPending || undefined} sx={{ minHeight: 40 }}>
        {t`Apply`}
      </Button>
    </Box>
  );
}
