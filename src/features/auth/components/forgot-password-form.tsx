import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { emailProblem, normalizePhone } from '@contract/rules';
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

  const loginProblem = (value: string) => {
    const v = value.trim();
    if (!v) return t`Required`;
    if (v.includes('@')) return emailProblem(v) ? t`Invalid email format` : true;
    return normalizePhone(v) ? true : t`Phone 11 digits`;
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      setSent((await ask.mutateAsync(input)).message);
    } catch (error) {
      showServerErrors(error, setError, ['login']);
    }
  });

  const shown = fieldProps(errors, 'forgot');
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t`Forgot your password?`} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      {sent && <Alert severity="success" role="status">{sent}</Alert>}
      <TextField
        label={t`Email or phone`}
        autoComplete="username"
        required
        {...bind(register('login', { validate: loginProblem }))}
        {...shown('login')}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {sent ? t`Send the link again` : t`Send me a link`}
      </Button>
    </Box>
  );
}
