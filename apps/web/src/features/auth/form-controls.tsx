import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './auth-form.module.css';

/**
 * Plain form controls for the auth pages, which stay free of Ant Design (first-load size).
 * Each input is labelled, carries its hint and error through aria-describedby and marks itself
 * aria-invalid, so screen readers announce the problem with the field.
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur'>;

interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  optional?: boolean;
  inputClassName?: string;
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}>{t('form.optional')}</span> : null}
      </label>
      <div className={styles.control}>{children}</div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  id,
  label,
  value,
  onValueChange,
  onBlur,
  error,
  hint,
  optional,
  inputClassName,
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional}>
      <input
        {...rest}
        id={id}
        name={rest.name ?? id}
        className={`${styles.input} ${inputClassName ?? ''}`}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide button (the button keeps focus order: input, then toggle). */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const { id, label, value, onValueChange, onBlur, error, hint, optional, ...rest } = props;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional}>
      <input
        {...rest}
        id={id}
        name={rest.name ?? id}
        type={visible ? 'text' : 'password'}
        className={`${styles.input} ${styles.withToggle}`}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <button
        type="button"
        className={styles.toggle}
        aria-controls={id}
        aria-pressed={visible}
        aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
        onClick={() => setVisible((current) => !current)}
      >
        {visible ? t('form.hide') : t('form.show')}
      </button>
    </FieldFrame>
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <label htmlFor={id} className={styles.check}>
      <input
        id={id}
        name={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <span>
        {label}
        {hint ? <span className={styles.checkHint}>{hint}</span> : null}
      </span>
    </label>
  );
}

export interface Choice<V extends string> {
  value: V;
  title: string;
  hint?: string;
}

/** A radio group drawn as two cards; arrow keys move between them as in any radio group. */
export function ChoiceCards<V extends string>({
  name,
  legend,
  choices,
  value,
  onValueChange,
}: {
  name: string;
  legend: string;
  choices: Choice<V>[];
  value: V;
  onValueChange: (value: V) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onValueChange(choice.value)}
          />
          <span className={styles.choiceTitle}>{choice.title}</span>
          {choice.hint ? <span className={styles.choiceHint}>{choice.hint}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

/** An error is announced at once (role=alert); other notices politely (role=status). */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const tone =
    kind === 'error' ? styles.alertError : kind === 'success' ? styles.alertSuccess : styles.alertInfo;
  return (
    <p className={`${styles.alert} ${tone}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={`bw-btn bw-btn--primary ${styles.submit}`}
      disabled={loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** Moves focus to the first invalid field after a failed submit, so keyboard users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
