import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { BirthDateFields } from '@/components/birth-date-fields';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PhoneField } from '@/components/phone-field';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { useSession } from '@/lib/session';
import { emailProblem, normalizePhone } from '@contract/rules';
import { cairoToday, composeBirthDate, oneNameMessage, useAccountMessages } from '@/lib/birth-date';
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
 * Sign-up: names, email, 11-digit phone, password typed twice, birth date as
 * day / month / year. Every rule is checked here with the rules the server
 * shares (server/contract/rules.ts); the server's 422 errors land under the
 * same fields. On 201 the token is stored and `onSignedUp` says where to go.
 */
export function SignUpForm({ onSignedUp, today = cairoToday() }: { onSignedUp(): void; today?: string }) {
  const { t } = useLingui();
  const m = useAccountMessages();
  const { setToken, setRole } = useSession();
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
      setRole(answer.data.user.role);
      notify(answer.message, { variant: 'success' });
      onSignedUp();
    } catch (error) {
      showServerErrors(error, setError, SERVER_FIELDS, ['birth_date']);
    }
  });

  const shown = fieldProps(errors, 'sign-up');

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
      <PhoneField register={register} errors={errors} idPrefix="sign-up" />
      <NewPasswordFields
        register={register}
        errors={errors}
        idPrefix="sign-up"
        labels={{ password: t`Password`, confirmation: t`Confirm password` }}
      />
      <BirthDateFields register={register} errors={errors} clearErrors={clearErrors} idPrefix="sign-up" today={today} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t`Create account`}
      </Button>
    </Box>
  );
}
