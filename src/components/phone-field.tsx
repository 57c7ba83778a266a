import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { bind, fieldProps } from '@/lib/form';
import { useAccountMessages } from '@/lib/birth-date';
import { normalizePhone } from '@contract/rules';

/**
 * The required 11-digit phone of a form's `phone` field (Eastern Arabic digits
 * accepted; sent through `normalizePhone`), typed left to right even in Arabic.
 * It says 'Required' or 'Phone 11 digits', or `message` for both where a form
 * must say one thing (checkout's info form). Its id is `<idPrefix>-phone`.
 */
export function PhoneField({ register, errors, idPrefix, message }: {
  register: UseFormRegister<{ phone: string }>;
  errors: FieldErrors<{ phone: string }>;
  idPrefix: string;
  message?: string;
}) {
  const { t } = useLingui();
  const m = useAccountMessages();
  const problem = (v: string) => message ?? (v.trim() ? m.phone : m.required);
  return (
    <TextField
      type="tel"
      label={t`Phone`}
      autoComplete="tel"
      required
      {...bind(register('phone', { validate: (v) => (normalizePhone(v) ? true : problem(v)) }))}
      {...fieldProps(errors, idPrefix)('phone', { htmlInput: { inputMode: 'tel', dir: 'ltr' } })}
    />
  );
}
