import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FormHelperText from '@mui/material/FormHelperText';
import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  birthDateProblem, emailProblem, normalizePhone, oneNameProblem, passwordProblem, toLatinDigits,
  type BirthDateProblem,
} from '../../../../server/contract/rules';
import { useSignUp } from '../api/sign-up';

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

type DatePart = 'day' | 'month' | 'year';
type Messages = ReturnType<typeof useMessages>;

/** The translation rule texts of storefront-spec §5, one Lingui message each. */
function useMessages() {
  const { t } = useLingui();
  return {
    required: t`Required`,
    email: t`Invalid email format`,
    phone: t`Phone 11 digits`,
    oneName: t`Must be one name`,
    threeCharacters: t`At least 3 characters`,
    passwordShort: t`Password at least 6 characters`,
    passwordMismatch: t`Passwords must match`,
    month: t`Month 1 to 12`,
    day: t`Day 1 to 31`,
    february: t`February max 29 days`,
    thirtyDays: t`Other months 30 days`,
    year: t`Valid year`,
    tooYoung: t`At least 10 years old`,
  };
}

/** Today in Cairo, YYYY-MM-DD: the calendar the server counts ages in. */
export function cairoToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Which of the three inputs a problem of the shared birth-date rule belongs under. */
const PART_OF: Record<BirthDateProblem, DatePart> = {
  field_required: 'day',
  date_invalid: 'day',
  day_invalid: 'day',
  february_days: 'day',
  month_30_days: 'day',
  month_invalid: 'month',
  year_invalid: 'year',
  too_young: 'year',
};

const SHAPE: Record<DatePart, RegExp> = { day: /^\d{1,2}$/, month: /^\d{1,2}$/, year: /^\d{4}$/ };

/** The birth date the server expects, from the three inputs (Eastern Arabic digits read as 0-9). */
export function composeBirthDate({ day, month, year }: Pick<SignUpValues, DatePart>): string {
  const [d, m, y] = [day, month, year].map((v) => toLatinDigits(v.trim()));
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/**
 * The message for one of the three date inputs: its own emptiness or shape
 * first, then, once all three are readable, the shared rule's verdict on the
 * whole date, shown under the input it concerns.
 */
function datePartMessage(part: DatePart, values: SignUpValues, m: Messages, today: string): string | true {
  const own = toLatinDigits(values[part].trim());
  const ownShape = { day: m.day, month: m.month, year: m.year }[part];
  if (!own) return m.required;
  if (!SHAPE[part].test(own)) return ownShape;
  const readable = (['day', 'month', 'year'] as const).every((p) => SHAPE[p].test(toLatinDigits(values[p].trim())));
  if (!readable) return true;
  const problem = birthDateProblem(composeBirthDate(values), today);
  if (!problem || PART_OF[problem] !== part) return true;
  const text: Record<BirthDateProblem, string> = {
    field_required: m.required,
    date_invalid: ownShape,
    day_invalid: m.day,
    february_days: m.february,
    month_30_days: m.thirtyDays,
    month_invalid: m.month,
    year_invalid: m.year,
    too_young: m.tooYoung,
  };
  return text[problem];
}

/** react-hook-form focuses the input itself, not MUI's wrapper. */
const bind = ({ ref, ...rest }: UseFormRegisterReturn) => ({ ...rest, inputRef: ref });

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
  const m = useMessages();
  const { setToken } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const signUp = useSignUp();
  const { register, handleSubmit, setError, clearErrors, formState: { errors, isSubmitting } } = useForm<SignUpValues>({
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', password: '', password_confirmation: '', day: '', month: '', year: '' },
  });

  const name = (value: string) => {
    const problem = oneNameProblem(value);
    if (problem === 'field_required') return m.required;
    if (problem === 'name_one_word') return /\s/.test(value.trim()) || /[^\p{L}\p{M}]/u.test(value.trim()) ? m.oneName : m.threeCharacters;
    return true;
  };

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
      validate: (_value, values) => datePartMessage(part, values, m, today),
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
