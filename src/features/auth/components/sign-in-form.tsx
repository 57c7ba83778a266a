import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { LoginField } from './login-field';
import { useSignIn, type SignInInput } from '../api/sign-in';

/**
 * Sign-in with an email or a phone (Eastern Arabic digits accepted) and the
 * password. On success the token is stored and `onSignedIn` says where to go;
 * nothing else is fetched here.
 */
export function SignInForm({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useLingui();
  const { setToken, setRole } = useSession();
  const signIn = useSignIn();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<SignInInput>({
    defaultValues: { login: '', password: '' },
  });

  const required = t`Required`;
  const onSubmit = handleSubmit(async (input) => {
    try {
      const answer = await signIn.mutateAsync(input);
      setToken(answer.data.token);
      setRole(answer.data.user.role);
      notify(answer.message, { variant: 'success' });
      onSignedIn();
    } catch (error) {
      showServerErrors(error, setError, ['login', 'password']);
    }
  });

  const shown = fieldProps(errors, 'sign-in');
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      <LoginField register={register} errors={errors} idPrefix="sign-in" />
      <TextField
        type="password"
        label={t`Password`}
        autoComplete="current-password"
        required
        {...bind(register('password', { validate: (v) => (v ? true : required) }))}
        {...shown('password')}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t`Sign in`}
      </Button>
    </Box>
  );
}
