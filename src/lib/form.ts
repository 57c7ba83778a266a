import { get, type FieldError, type FieldErrors, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form';
import type { TextFieldProps } from '@mui/material/TextField';
import { ApiError } from '@/lib/api-client';

/**
 * react-hook-form's `register()` for an MUI TextField: its ref goes to the
 * input itself (`inputRef`), so a failed submit focuses the field, not MUI's wrapper.
 */
export const bind = ({ ref, ...rest }: UseFormRegisterReturn) => ({ ...rest, inputRef: ref });

/**
 * The props that show a TextField's error: `shown(field)` gives it the id
 * `<idPrefix>-<field with - for _>`, the error state and the message as helper
 * text (MUI links it with aria-describedby), announced with `role="alert"`.
 * Other slot props the field needs (`htmlInput`, `select`...) go in `slotProps`,
 * so they do not replace the helper text's role.
 */
export function fieldProps<T extends FieldValues>(errors: FieldErrors<T>, idPrefix: string) {
  return (field: Path<T>, slotProps?: TextFieldProps['slotProps']): Partial<TextFieldProps> => {
    const error = get(errors, field) as FieldError | undefined;
    return {
      id: `${idPrefix}-${field.replace(/_/g, '-')}`,
      error: Boolean(error),
      helperText: error?.message,
      slotProps: { ...slotProps, formHelperText: { role: error ? 'alert' : undefined } },
    };
  };
}

/**
 * A failed request shown on its form, nothing typed lost: a 422's field errors
 * under the `fields` named (the first of them focused), the ones in `grouped`
 * (a field the form shows as a group, e.g. the three birth-date inputs) at
 * `root.<name>`, and anything else, the server's message at `root.server`.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  grouped: readonly string[] = [],
) {
  const given = error instanceof ApiError ? error.fields : {};
  const message = (name: string) => given[name].join(' ');
  const named = fields.filter((f) => given[f]?.length);
  named.forEach((f, i) => setError(f, { type: 'server', message: message(f) }, { shouldFocus: i === 0 }));
  const rooted = grouped.filter((g) => given[g]?.length);
  rooted.forEach((g) => setError(`root.${g}`, { type: 'server', message: message(g) }));
  if (!named.length && !rooted.length) setError('root.server', { type: 'server', message: (error as Error).message });
}
