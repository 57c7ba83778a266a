import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { bind, fieldProps } from '@/lib/form';
import { emailProblem, normalizePhone } from '@contract/rules';

/**
 * An account's login, an email or a phone (Eastern Arabic digits accepted),
 * checked as the server reads it: sign-in and the forgotten password's form.
 * Its id is `<idPrefix>-login`.
 */
export function LoginField<T extends FieldValues & { login: string }>({ register, errors, idPrefix }: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  idPrefix: string;
}) {
  const { t } = useLingui();
  const problem = (value: string) => {
    const v = value.trim();
    if (!v) return t`Required`;
    if (v.includes('@')) return emailProblem(v) ? t`Invalid email format` : true;
    return normalizePhone(v) ? true : t`Phone 11 digits`;
  };
  return (
    <TextField
      label={t`Email or phone`}
      autoComplete="username"
      required
      {...bind(register('login' as Path<T>, { validate: problem }))}
      {...fieldProps(errors, idPrefix)('login' as Path<T>)}
    />
  );
}
