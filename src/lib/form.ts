import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * react-hook-form's `register()` for an MUI TextField: its ref goes to the
 * input itself (`inputRef`), so a failed submit focuses the field, not MUI's wrapper.
 */
export const bind = ({ ref, ...rest }: UseFormRegisterReturn) => ({ ...rest, inputRef: ref });
