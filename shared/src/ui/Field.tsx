import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { useKeptValue } from './useKeptValue';
import './field.css';

/** Ids of a field's hint and error, so the input can point at them (aria-describedby). */
export function describedBy(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
  /** Shows '(optional)' after the label; everything else is required unless `required` says otherwise. */
  optional?: boolean;
}

/** A labelled input with its hint and error linked to it; aria-invalid while it has an error. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    id,
    label,
    value,
    onValue,
    hint,
    error,
    optional = false,
    required,
    className,
    'aria-describedby': alsoDescribedBy,
    ...rest
  },
  ref,
) {
  const described = [describedBy(id, hint, error), alsoDescribedBy].filter(Boolean).join(' ');
  const keepValue = useKeptValue(value);
  return (
    <div className={cx('field', error ? 'field--invalid' : undefined, className)}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        {...rest}
        ref={ref}
        id={id}
        className="field__input"
        value={value}
        required={required ?? !optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          onValue(event.target.value);
          keepValue(event.currentTarget);
        }}
      />
      <FieldError id={id} error={error} />
    </div>
  );
});

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** Text of the empty first option; none when absent. */
  placeholder?: string;
  /** Shown between the label and the select, like a text field's hint. */
  hint?: ReactNode;
  error?: string | null;
}

export function SelectField({
  id,
  label,
  value,
  onValue,
  options,
  placeholder,
  hint,
  error,
  className,
  ...rest
}: SelectFieldProps) {
  return (
    <div className={cx('field', error ? 'field--invalid' : undefined, className)}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <select
        {...rest}
        id={id}
        className="field__input"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValue(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'checked' | 'type'
> {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string | null;
}

export function CheckboxField({ id, label, checked, onChecked, error, className, ...rest }: CheckboxFieldProps) {
  return (
    <div className={cx('check', className)}>
      <input
        {...rest}
        id={id}
        type="checkbox"
        className="check__input"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, null, error)}
        onChange={(event) => onChecked(event.target.checked)}
      />
      <label htmlFor={id} className="check__label">
        {label}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface RadioProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onSelect: () => void;
}

export function Radio({ id, label, onSelect, className, ...rest }: RadioProps) {
  return (
    <div className={cx('check', className)}>
      <input {...rest} id={id} type="radio" className="check__input" onChange={() => onSelect()} />
      <label htmlFor={id} className="check__label">
        {label}
      </label>
    </div>
  );
}
