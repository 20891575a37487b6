import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './fields.module.css';

/**
 * Plain labelled controls: the hint and the error are tied to the control by aria-describedby
 * and the control marks itself aria-invalid, so a screen reader reads the problem with it.
 */

function describedBy(id: string, hint?: string, error?: string | null): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}

export function FieldFrame({ id, label, hint, error, children }: FrameProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur'>;

interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | null;
}

export function TextField({ id, label, value, onValueChange, onBlur, hint, error, ...rest }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...rest}
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | null;
  readOnly?: boolean;
  maxLength?: number;
}

export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  onBlur,
  hint,
  error,
  ...rest
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        {...rest}
        id={id}
        rows={3}
        className={`${styles.input} ${styles.textarea}`}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onValueChange: (value: string) => void;
  error?: string | null;
}

export function SelectField({ id, label, value, options, onValueChange, error }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className={`${styles.input} ${styles.select}`}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
