import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { BirthDateFields } from '@/components/birth-date-fields';
import { PhoneField } from '@/components/phone-field';
import { ApiError } from '@/lib/api-client';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { cairoToday, composeBirthDate, oneNameMessage, splitBirthDate, useAccountMessages } from '@/lib/birth-date';
import { normalizePhone } from '@contract/rules';
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
 * Edits the names, phone and birth date with sign-up's rules and messages; the
 * email is shown, not editable (the API cannot change it). The server's 422
 * errors land under their fields; on success the server's message shows and
 * `onSaved` closes the form.
 */
export function ProfileForm({ user, onSaved, onCancel, today = cairoToday() }: {
  user: Profile;
  onSaved(): void;
  onCancel(): void;
  today?: string;
}) {
  const { t } = useLingui();
  const m = useAccountMessages();
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
      notify(answer.message, { variant: 'success' });
      onSaved();
    } catch (error) {
      // A 401 signs the shopper out app-wide and the page's guard takes over.
      if (error instanceof ApiError && error.status === 401) return;
      showServerErrors(error, setError, SERVER_FIELDS, ['birth_date']);
    }
  });

  const shown = fieldProps(errors, 'profile');

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
      <PhoneField register={register} errors={errors} idPrefix="profile" />
      <BirthDateFields register={register} errors={errors} clearErrors={clearErrors} idPrefix="profile" today={today} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>{t`Save changes`}</Button>
        <Button type="button" variant="text" onClick={onCancel} disabled={isSubmitting}>{t`Cancel`}</Button>
      </Box>
    </Box>
  );
}
