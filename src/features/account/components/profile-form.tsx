import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { ApiError } from '@/lib/api-client';
import { bind } from '@/lib/form';
import {
  birthDatePartMessage, cairoToday, composeBirthDate, oneNameMessage, splitBirthDate, useAccountMessages, type DatePart,
} from '@/lib/birth-date';
import { normalizePhone } from '../../../../server/contract/rules';
import type { Profile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  day: string;
  month: string;
  year: string;
}

const SERVER_FIELDS = ['first_name', 'last_name', 'phone'] as const;

export const profileValues = (user: Profile): ProfileValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
  ...splitBirthDate(user.birth_date),
});

/**
 * Edits the names, phone and birth date with sign-up's rules and messages
 * (RULES.md "Accounts"); the email is shown, not editable (the API cannot
 * change it). The server's 422 errors land under their fields; on success
 * the server's message shows and `onSaved` closes the form.
 */
export function ProfileForm({ user, onSaved, onCancel, today = cairoToday() }: {
  user: Profile;
  onSaved(): void;
  onCancel(): void;
  today?: string;
}) {
  const { t } = useLingui();
  const m = useAccountMessages();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const { register, handleSubmit, setError, clearErrors, formState: { errors, isSubmitting } } = useForm<ProfileValues>({
    defaultValues: profileValues(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone: normalizePhone(values.phone) ?? values.phone.trim(),
        birth_date: composeBirthDate(values),
      });
      enqueueSnackbar(answer.message, { variant: 'success' });
      onSaved();
    } catch (error) {
      // A 401 signs the shopper out app-wide and the page's guard takes over.
      if (error instanceof ApiError && error.status === 401) return;
      const fields = error instanceof ApiError ? error.fields : {};
      const named = SERVER_FIELDS.filter((f) => fields[f]?.length);
      named.forEach((f, i) => setError(f, { type: 'server', message: fields[f].join(' ') }, { shouldFocus: i === 0 }));
      if (fields.birth_date?.length) setError('root.birth_date', { type: 'server', message: fields.birth_date.join(' ') });
      if (!named.length && !fields.birth_date?.length) setError('root.server', { type: 'server', message: (error as Error).message });
    }
  });

  const shown = (field: keyof ProfileValues): Partial<TextFieldProps> => ({
    id: `profile-${field.replace('_', '-')}`,
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
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t`Edit profile`} sx={{ display: 'grid', gap: 2 }}>
      {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label={t`First name`} autoComplete="given-name" required {...bind(register('first_name', { validate: (v) => oneNameMessage(v, m) }))} {...shown('first_name')} />
        <TextField label={t`Last name`} autoComplete="family-name" required {...bind(register('last_name', { validate: (v) => oneNameMessage(v, m) }))} {...shown('last_name')} />
      </Box>
      <TextField
        id="profile-email"
        label={t`Email`}
        value={user.email}
        helperText={t`The email cannot be changed.`}
        slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
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
      <Box
        component="fieldset"
        aria-describedby={dateServerError ? 'profile-birth-date-error' : undefined}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      >
        <Typography component="legend" variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>{t`Birth date`}</Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr 1.4fr' }}>
          <TextField label={t`Day`} autoComplete="bday-day" required {...datePart('day')} {...shown('day')} slotProps={{ ...shown('day').slotProps, ...digits }} />
          <TextField label={t`Month`} autoComplete="bday-month" required {...datePart('month')} {...shown('month')} slotProps={{ ...shown('month').slotProps, ...digits }} />
          <TextField label={t`Year`} autoComplete="bday-year" required {...datePart('year')} {...shown('year')} slotProps={{ ...shown('year').slotProps, ...digits }} />
        </Box>
        {dateServerError && <FormHelperText id="profile-birth-date-error" error role="alert">{dateServerError}</FormHelperText>}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>{t`Save changes`}</Button>
        <Button type="button" variant="text" onClick={onCancel} disabled={isSubmitting}>{t`Cancel`}</Button>
      </Box>
    </Box>
  );
}
