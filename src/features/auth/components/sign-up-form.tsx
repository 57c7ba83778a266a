import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FormHelperText from '@mui/material/FormHelperText';
import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { ApiError } from '@/lib/api-client';
import { bind } from '@/lib/form';
import { useSession } from '@/lib/session';
import { emailProblem, normalizePhone, passwordProblem } from '../../../../server/contract/rules';
import {
  birthDatePartMessage, cairoToday, composeBirthDate, oneNameMessage, useAccountMessages, type DatePart,
} from '@/lib/birth-date';
import { useSignUp } from '../api/sign-up';

// Kept importable from here: the helpers moved to the shared module the profile form uses too.
export { cairoToday, composeBirthDate };

interface SignUpValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  day: string;
  month: string;
  year: string;
}

/** The server's field names, and the form input each one's 422 errors go under. */
const SERVER_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_confirmation'] as const;

/**
 * Sign-up (RULES.md "Accounts"): names, email, 11-digit phone, password typed
 * twice, birth date as day / month / year. Every §5 rule is checked here with
 * the rules the server shares; the server's 422 errors land under the same
 * fields. On 201 the token is stored and `onSignedUp` says where to go.
 */
export function SignUpForm({ onSignedUp, today = cairoToday() }: { onSignedUp(): void; today?: string }) {
  const { t } = useLingui();
  const m = useAccountMessages();
  const { setToken } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const signUp = useSignUp();
  const { register, handleSubmit, setError, clearErrors, formState: { errors, isSubmitting } } = useForm<SignUpValues>({
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', password: '', password_confirmation: '', day: '', month: '', year: '' },
  });

  const name = (value: string) => oneNameMessage(value, m);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await signUp.mutateAsync({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        phone: normalizePhone(values.phone) ?? values.phone.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        birth_date: composeBirthDate(values),
      });
      setToken(answer.data.token);
      enqueueSnackbar(answer.message, { variant: 'success' });
      onSignedUp();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const named = SERVER_FIELDS.filter((f) => fields[f]?.length);
      named.forEach((f, i) => setError(f, { type: 'server', message: fields[f].join(' ') }, { shouldFocus: i === 0 }));
      if (fields.birth_date?.length) setError('root.birth_date', { type: 'server', message: fields.birth_date.join(' ') });
      if (!named.length && !fields.birth_date?.length) setError('root.server', { type: 'server', message: (error as Error).message });
    }
  });

  // Each field's error sits in its helper text (MUI links it with aria-describedby) and is announced.
  const shown = (field: keyof SignUpValues): Partial<TextFieldProps> => ({
    id: `sign-up-${field.replace('_', '-')}`,
    error: Boolean(errors[field]),
    helperText: errors[field]?.message,
    slotProps: { formHelperText: { role: errors[field] ? 'alert' : undefined } },
  });
  const digits = { htmlInput: { inputMode: 'numeric' as const } };
  const datePart = (part: DatePart) =>
    bind(register(part, {
      validate: (_value, values) => birthDatePartMessage(part, values, m, today),
      deps: (['day', 'month', 'year'] as const).filter((p) => p !== part),
      onChange: () => clearErrors('root.birth_date'),
    }));
  const dateServerError = errors.root?.birth_date?.message;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label={t`First name`} autoComplete="given-name" required {...bind(register('first_name', { validate: name }))} {...shown('first_name')} />
        <TextField label={t`Last name`} autoComplete="family-name" required {...bind(register('last_name', { validate: name }))} {...shown('last_name')} />
      </Box>
      <TextField
        type="email"
        label={t`Email`}
        autoComplete="email"
        required
        {...bind(register('email', {
          validate: (v) => {
            const problem = emailProblem(v);
            return problem === 'field_required' ? m.required : problem ? m.email : true;
          },
        }))}
        {...shown('email')}
      />
      <TextField
        type="tel"
        label={t`Phone`}
        autoComplete="tel"
        required
        {...bind(register('phone', { validate: (v) => (!v.trim() ? m.required : normalizePhone(v) ? true : m.phone) }))}
        {...shown('phone')}
        slotProps={{ ...shown('phone').slotProps, htmlInput: { inputMode: 'tel', dir: 'ltr' } }}
      />
      <TextField
        type="password"
        label={t`Password`}
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
        label={t`Confirm password`}
        autoComplete="new-password"
        required
        {...bind(register('password_confirmation', {
          // Its own question is only whether the two match; the password's length is the first field's.
          validate: (v, values) => (!v ? m.required : v !== values.password ? m.passwordMismatch : true),
        }))}
        {...shown('password_confirmation')}
      />
      <Box
        component="fieldset"
        aria-describedby={dateServerError ? 'sign-up-birth-date-error' : undefined}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      >
        <Typography component="legend" variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>{t`Birth date`}</Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr 1.4fr' }}>
          <TextField label={t`Day`} autoComplete="bday-day" required {...datePart('day')} {...shown('day')} slotProps={{ ...shown('day').slotProps, ...digits }} />
          <TextField label={t`Month`} autoComplete="bday-month" required {...datePart('month')} {...shown('month')} slotProps={{ ...shown('month').slotProps, ...digits }} />
          <TextField label={t`Year`} autoComplete="bday-year" required {...datePart('year')} {...shown('year')} slotProps={{ ...shown('year').slotProps, ...digits }} />
        </Box>
        {dateServerError && <FormHelperText id="sign-up-birth-date-error" error role="alert">{dateServerError}</FormHelperText>}
      </Box>
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t`Create account`}
      </Button>
    </Box>
  );
}
