import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLingui } from '@lingui/react/macro';
import { showServerErrors } from '@/lib/form';
import { LoginField } from './login-field';
import { useAskForReset, type ForgotInput } from '../api/password-reset';

/**
 * Asks for a reset link by email or phone. The server's answer is the same
 * whether or not an account has that login, and it is shown as it is: the
 * link goes to the account's email.
 */
export function ForgotPasswordForm({ initialLogin = '' }: { initialLogin?: string }) {
  const { t } = useLingui();
  const ask = useAskForReset();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ForgotInput>({ defaultValues: { login: initialLogin } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      setSent((await ask.mutateAsync(input)).message);
    } catch (error) {
      showServerErrors(error, setError, ['login']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t`Forgot your password?`} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      {sent && <Alert severity="success" role="status">{sent}</Alert>}
      <LoginField register={register} errors={errors} idPrefix="forgot" />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {sent ? t`Send the link again` : t`Send me a link`}
      </Button>
    </Box>
  );
}
