import { Link as RouterLink } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSendReview } from '../api/send-review';
import type { MyReview } from '../api/get-my-review';
import { starsLabel } from './review-summary';
import { useReturnHere } from '@/lib/return-here';
import { withMui } from '@/lib/mui/scope';
import { cleanText } from '@contract/text';

interface ReviewForm {
  rate: number | null;
  comment: string;
}

function ReviewFormBody({ productId, review, onDone }: { productId: number; review: MyReview | null; onDone(): void }) {
  const { t } = useLingui();
  const send = useSendReview(productId);
  // Editing starts from the shopper's review as it stands.
  const { control, register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ReviewForm>({
    defaultValues: { rate: review?.rate ?? null, comment: review?.comment ?? '' },
  });

  const submit = handleSubmit(async ({ rate, comment }) => {
    try {
      const message = await send.mutateAsync({ rate: rate ?? 0, comment: cleanText(comment) });
      notify(message, { variant: 'success' });
      onDone();
    } catch (error) {
      const message = error instanceof Error ? error.message : t`Something went wrong. Please try again.`;
      if (error instanceof ApiError) {
        for (const field of ['rate', 'comment'] as const) {
          const first = error.fields[field]?.[0];
          if (first) setError(field, { message: first });
        }
      }
      notify(message, { variant: 'error' });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Controller
          name="rate"
          control={control}
          rules={{ validate: (value) => (value ?? 0) >= 0.5 || t`Please choose a rating.` }}
          render={({ field }) => (
            <FormControl component="fieldset" error={!!errors.rate}>
              <FormLabel component="legend">{t`Your rating`}</FormLabel>
              <Rating
                name="rate"
                value={field.value}
                onChange={(_, value) => field.onChange(value)}
                onBlur={field.onBlur}
                precision={0.5}
                max={5}
                size="large"
                getLabelText={starsLabel}
                emptyLabelText={t`No rating`}
                aria-describedby={errors.rate ? 'review-rate-error' : undefined}
              />
              {errors.rate && <FormHelperText id="review-rate-error">{errors.rate.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <TextField
          {...register('comment', { validate: (value) => cleanText(value) !== '' || t`Please write your opinion.` })}
          label={t`Your opinion`}
          multiline
          minRows={4}
          fullWidth
          error={!!errors.comment}
          helperText={errors.comment?.message}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t`Cancel`}</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>{review ? t`Update review` : t`Send review`}</Button>
      </DialogActions>
    </form>
  );
}

/**
 * The review form in its dialog: a half-star rating out of 5 and an opinion,
 * empty for a first review and filled with the shopper's own when they edit
 * it (`review`). Reviews need the token, so a visitor is asked to sign in
 * instead. write-review.tsx loads it when first opened.
 */
function ReviewDialogUnscoped({ productId, review, open, onClose }: {
  productId: number;
  /** the shopper's review of the product, when they have written one */
  review: MyReview | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useLingui();
  const { signedIn } = useSession();
  const here = useReturnHere();
  const editing = signedIn && review !== null;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="review-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="review-dialog-title">{editing ? t`Edit your review` : t`Write a review`}</DialogTitle>
      {signedIn ? (
        <ReviewFormBody productId={productId} review={editing ? review : null} onDone={onClose} />
      ) : (
        <>
          <DialogContent>
            <DialogContentText>{t`Please sign in to write a review.`}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t`Cancel`}</Button>
            <Button component={RouterLink} to="/sign-in" state={here} variant="contained">{t`Sign in`}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

export const ReviewDialog = withMui(ReviewDialogUnscoped);
