import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { bind, fieldProps } from '@/lib/form';
import { useAccountMessages } from '@/lib/birth-date';
import { passwordProblem } from '@contract/rules';

interface NewPassword {
  password: string;
  password_confirmation: string;
}

/**
 * A new password typed twice (sign-up and the change-password form), with
 * sign-up's rules: at least 6 characters, and the confirmation the same.
 * Each form names the two fields its own way. Ids are `<idPrefix>-password`
 * and `<idPrefix>-password-confirmation`.
 */
export function NewPasswordFields({ register, errors, idPrefix, labels }: {
  register: UseFormRegister<NewPassword>;
  errors: FieldErrors<NewPassword>;
  idPrefix: string;
  labels: { password: string; confirmation: string };
}) {
  const m = useAccountMessages();
  const shown = fieldProps(errors, idPrefix);
  return (
    <>
      <TextField
        type="password"
        label={labels.password}
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
        label={labels.confirmation}
        autoComplete="new-password"
        required
        {...bind(register('password_confirmation', {
          // Its own question is only whether the two match; the password's length is the first field's.
          validate: (v, values) => (!v ? m.required : v !== values.password ? m.passwordMismatch : true),
        }))}
        {...shown('password_confirmation')}
      />
    </>
  );
}
