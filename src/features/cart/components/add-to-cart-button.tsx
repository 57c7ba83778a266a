import { useNavigate } from 'react-router-dom';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { ApiError } from '@/lib/api-client';
import { useReturnHere } from '@/lib/return-here';
import { CartIcon } from '@/components/icons';
import { useAddToCart } from '../api/add-to-cart';

interface Props extends Omit<ButtonProps, 'onClick' | 'children'> {
  productId: number;
  /** names the button for screen readers when several sit on one page */
  productName?: string;
}

/**
 * Adds one unit to the cart from anywhere. Success: the badge follows the
 * server's count and its message shows. A 401 (spec §4, §8): 'Please Login
 * First', the token is removed and the shopper goes to sign-in. Any other
 * failure shows the server's message.
 */
export function AddToCartButton({ productId, productName, disabled, ...props }: Props) {
  const { t } = useLingui();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const here = useReturnHere();
  const addToCart = useAddToCart();

  function add() {
    // Not `disabled` while busy: that would drop keyboard focus.
    if (addToCart.isPending) return;
    addToCart.mutate(productId, {
      onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          // The app-wide 401 handler has already signed the shopper out on this device.
          enqueueSnackbar(t`Please Login First`, { variant: 'warning', preventDuplicate: true });
          navigate('/sign-in', { state: here });
          return;
        }
        enqueueSnackbar(error.message, { variant: 'error' });
      },
    });
  }

  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<CartIcon />}
      onClick={add}
      disabled={disabled}
      aria-busy={addToCart.isPending || undefined}
      aria-label={productName ? t`Add to cart: ${productName}` : undefined}
      {...props}
    >
      {t`Add to cart`}
    </Button>
  );
}
