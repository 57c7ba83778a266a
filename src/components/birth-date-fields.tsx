import type { FieldErrors, UseFormClearErrors, UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { bind, fieldProps } from '@/lib/form';
import { birthDatePartMessage, useAccountMessages, type BirthDateParts, type DatePart } from '@/lib/birth-date';

const PARTS = ['day', 'month', 'year'] as const;
const digits = { htmlInput: { inputMode: 'numeric' as const } };

/**
 * The birth date as day / month / year inputs in one named group (sign-up
 * and the profile form). Each input says its own problem with the shared
 * rules; re-checked when another part changes, since the date is judged as
 * a whole. The server's birth-date error (set at `root.birth_date`, see
 * `showServerErrors`) sits under the group and goes once the date is edited.
 * Ids are `<idPrefix>-day` etc. and `<idPrefix>-birth-date-error`.
 */
export function BirthDateFields({ register, errors, clearErrors, idPrefix, today }: {
  register: UseFormRegister<BirthDateParts>;
  errors: FieldErrors<BirthDateParts>;
  clearErrors: UseFormClearErrors<BirthDateParts>;
  idPrefix: string;
  /** Cairo's YYYY-MM-DD, for the age rule */
  today: string;
}) {
  const { t } = useLingui();
  const m = useAccountMessages();
  const shown = fieldProps(errors, idPrefix);
  const part = (name: DatePart) => ({
    ...bind(register(name, {
      validate: (_value, values) => birthDatePartMessage(name, values, m, today),
      deps: PARTS.filter((p) => p !== name),
      onChange: () => clearErrors('root.birth_date'),
    })),
    ...shown(name, digits),
  });
  const serverError = errors.root?.birth_date?.message;
  const serverErrorId = `${idPrefix}-birth-date-error`;

  return (
    <Box
      component="fieldset"
      aria-describedby={serverError ? serverErrorId : undefined}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>{t`Birth date`}</Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr 1.4fr' }}>
        <TextField label={t`Day`} autoComplete="bday-day" required {...part('day')} />
        <TextField label={t`Month`} autoComplete="bday-month" required {...part('month')} />
        <TextField label={t`Year`} autoComplete="bday-year" required {...part('year')} />
      </Box>
      {serverError && <FormHelperText id={serverErrorId} error role="alert">{serverError}</FormHelperText>}
    </Box>
  );
}
