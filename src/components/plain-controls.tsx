import { useId, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { ErrorIcon, WarningIcon } from './icons';

// controls.css is the entry's (src/main.tsx), inlined in every page: the shell's buttons are these too.

type ButtonLook = 'contained' | 'outlined' | 'error' | 'secondary' | 'inherit' | 'small' | 'large' | 'full';
type IconButtonLook = 'primary' | 'error' | 'inherit' | 'small';

const classOf = (base: string, looks: string[]) => [base, ...looks.map((look) => `${base}--${look}`)].join(' ');

/** The class of a plain button (controls.css) that looks as MUI's Button with these props would. */
export const buttonClass = (...looks: ButtonLook[]) => classOf('attar-button', looks);

/** The class of a plain icon button (controls.css), as MUI's IconButton with these props. */
export const iconButtonClass = (...looks: IconButtonLook[]) => classOf('attar-icon-button', looks);

const fieldClass = (kind: 'select' | 'input', error: boolean, extra?: string) =>
  ['attar-field', `attar-field--${kind}`, error && 'attar-field--error', extra].filter(Boolean).join(' ');

/**
 * A native select with its label on the border (controls.css), as MUI's small
 * outlined TextField with `select` and `native`. The label names it unless
 * `aria-label` gives a fuller name.
 */
export function SelectField({ label, className, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={fieldClass('select', false, className)}>
      <label className="attar-field__label" htmlFor={id}>{label}</label>
      <select id={id} className="attar-field__control" {...select}>{children}</select>
    </div>
  );
}

/**
 * A text input with its label on the border and, when `error` is given, the
 * error under it, announced and tied to the input (aria-invalid, aria-describedby).
 */
export function TextInputField({ label, error, className, ref, ...input }: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  const failed = error != null;
  return (
    <div className={fieldClass('input', failed, className)}>
      <label className="attar-field__label" htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        className="attar-field__control"
        aria-invalid={failed || undefined}
        aria-describedby={failed ? helperId : undefined}
        {...input}
      />
      {failed && <p id={helperId} className="attar-field__helper"><span role="alert">{error}</span></p>}
    </div>
  );
}

/**
 * A warning or an error in a box of its colour with its icon, as MUI's
 * standard Alert draws it (controls.css), and announced as it appears
 * (role alert, unless `role` says otherwise).
 */
export function Alert({ severity, className, children, ...props }: HTMLAttributes<HTMLDivElement> & { severity: 'warning' | 'error' }) {
  const Icon = severity === 'error' ? ErrorIcon : WarningIcon;
  return (
    <div role="alert" className={['attar-alert', `attar-alert--${severity}`, className].filter(Boolean).join(' ')} {...props}>
      <span className="attar-alert__icon"><Icon /></span>
      <div className="attar-alert__message">{children}</div>
    </div>
  );
}
