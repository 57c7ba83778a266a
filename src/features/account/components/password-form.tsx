import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ApiError } from '@/lib/api-client';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { useAccountMessages } from '@/lib/birth-date';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

/**
 * Changes the password: the current one, then the new one twice (sign-up's
 * rules). A wrong current password is the server's to say, under that field.
 * On success the server's message shows and the three fields are emptied.
 */
export function PasswordForm() {
  const { t } = useLingui();
  const m = useAccountMessages();
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<PasswordValues>({ defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await change.mutateAsync(values);
      reset(EMPTY);
      notify(answer.message, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      showServerErrors(error, setError, FIELDS);
    }
  });

  const shown = fieldProps(errors, 'password');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t`Change password`} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      <TextField
        type="password"
        label={t`Current password`}
        autoComplete="current-password"
        required
        {...bind(register('current_password', { validate: (v) => (v ? true : m.required) }))}
        {...shown('current_password')}
      />
      <NewPasswordFields
        register={register}
        errors={errors}
        idPrefix="password"
        labels={{ password: t`New password`, confirmation: t`Confirm new password` }}
      />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ justifySelf: 'start' }}>{t`Change password`}</Button>
    </Box>
  );
}
