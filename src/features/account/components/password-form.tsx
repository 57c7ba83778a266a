import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { ApiError } from '@/lib/api-client';
import { bind } from '@/lib/form';
import { useAccountMessages } from '@/lib/birth-date';
import { passwordProblem } from '../../../../server/contract/rules';
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
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<PasswordValues>({ defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await change.mutateAsync(values);
      reset(EMPTY);
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      const fields = error instanceof ApiError ? error.fields : {};
      const named = FIELDS.filter((f) => fields[f]?.length);
      named.forEach((f, i) => setError(f, { type: 'server', message: fields[f].join(' ') }, { shouldFocus: i === 0 }));
      if (!named.length) setError('root.server', { type: 'server', message: (error as Error).message });
    }
  });

  const shown = (field: keyof PasswordValues): Partial<TextFieldProps> => ({
    id: `password-${field.replace(/_/g, '-')}`,
    error: Boolean(errors[field]),
    helperText: errors[field]?.message,
    slotProps: { formHelperText: { role: errors[field] ? 'alert' : undefined } },
  });

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
      <TextField
        type="password"
        label={t`New password`}
        autoComplete="new-password"
        required
        {...bind(register('password', {
          validate: (v) => (!v ? m.required : passwordProblem(v, v) === 'password_short' ? m.passwordShort : true),
          deps: ['password_confirmation'],
        }))}
        {...shown('password')}
      />
      <TextField
        type="password"
        label={t`Confirm new password`}
        autoComplete="new-password"
        required
        {...bind(register('password_confirmation', {
          validate: (v, values) => (!v ? m.required : v !== values.password ? m.passwordMismatch : true),
        }))}
        {...shown('password_confirmation')}
      />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ justifySelf: 'start' }}>{t`Change password`}</Button>
    </Box>
  );
}
