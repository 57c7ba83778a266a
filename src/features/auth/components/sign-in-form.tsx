import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { ApiError } from '@/lib/api-client';
import { bind } from '@/lib/form';
import { useSession } from '@/lib/session';
import { emailProblem, normalizePhone } from '../../../../server/contract/rules';
import { useSignIn, type SignInInput } from '../api/sign-in';

/**
 * Sign-in with an email or a phone (Eastern Arabic digits accepted) and the
 * password. On success the token is stored and `onSignedIn` says where to go;
 * nothing else is fetched here.
 */
export function SignInForm({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useLingui();
  const { setToken } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const signIn = useSignIn();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<SignInInput>({
    defaultValues: { login: '', password: '' },
  });

  const required = t`Required`;
  const loginProblem = (value: string) => {
    const v = value.trim();
    if (!v) return required;
    if (v.includes('@')) return emailProblem(v) ? t`Invalid email format` : true;
    return normalizePhone(v) ? true : t`Phone 11 digits`;
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      const answer = await signIn.mutateAsync(input);
      setToken(answer.data.token);
      enqueueSnackbar(answer.message, { variant: 'success' });
      onSignedIn();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const named = (['login', 'password'] as const).filter((f) => fields[f]?.length);
      named.forEach((f, i) => setError(f, { type: 'server', message: fields[f].join(' ') }, { shouldFocus: i === 0 }));
      if (!named.length) setError('root', { type: 'server', message: (error as Error).message });
    }
  });

  const login = register('login', { validate: loginProblem });
  const password = register('password', { validate: (v) => (v ? true : required) });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {errors.root && <Alert severity="error" role="alert">{errors.root.message}</Alert>}
      <TextField
        id="sign-in-login"
        label={t`Email or phone`}
        autoComplete="username"
        required
        {...bind(login)}
        error={Boolean(errors.login)}
        helperText={errors.login?.message}
        slotProps={{ formHelperText: { role: errors.login ? 'alert' : undefined } }}
      />
      <TextField
        id="sign-in-password"
        type="password"
        label={t`Password`}
        autoComplete="current-password"
        required
        {...bind(password)}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        slotProps={{ formHelperText: { role: errors.password ? 'alert' : undefined } }}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t`Sign in`}
      </Button>
    </Box>
  );
}
