import { Link as RouterLink } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { NewPasswordFields } from '@/components/new-password-fields';
import { showServerErrors } from '@/lib/form';
import { useResetPassword } from '../api/password-reset';

interface ResetValues { password: string; password_confirmation: string }

/**
 * The new password, twice (sign-up's rules), for the reset link's token. A
 * used or expired link is the server's to say, with the way to a new one.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const { t } = useLingui();
  const reset = useResetPassword();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ResetValues>({
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await reset.mutateAsync({ ...values, token });
      notify(answer.message, { variant: 'success' });
      onDone();
    } catch (error) {
      showServerErrors(error, setError, ['password', 'password_confirmation'], ['token']);
    }
  });

  const linkProblem = errors.root?.token?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t`Choose a new password`} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      {linkProblem && (
        <Alert severity="error" role="alert">
          {linkProblem}{' '}
          <Link component={RouterLink} to="/forgot-password">{t`Ask for a new link`}</Link>
        </Alert>
      )}
      <NewPasswordFields register={register} errors={errors} idPrefix="reset" labels={{ password: t`New password`, confirmation: t`Confirm new password` }} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>{t`Save the new password`}</Button>
    </Box>
  );
}
