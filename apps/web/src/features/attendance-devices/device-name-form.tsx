import { DEVICE_NAME_MAX } from '@batchwise/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './devices.module.css';

/**
 * The form both ways of adding a device share (a ZKTeco device, a kiosk): any fields of their own,
 * the device's name, what went wrong, and the button. It sends one request at a time and shows a
 * refusal in the reader's language, so the two forms cannot drift apart on either.
 */
export function DeviceNameForm({
  name,
  onNameChange,
  namePlaceholder,
  submitLabel,
  check,
  send,
  children,
}: {
  name: string;
  onNameChange: (name: string) => void;
  namePlaceholder: string;
  submitLabel: string;
  /** What is wrong with the input before anything is sent; '' when it may be sent. */
  check: () => string;
  send: () => Promise<void>;
  /** Fields shown before the name. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(['devices', 'domain', 'errors']);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await send();
    } catch (err) {
      setError(translateError(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
      {children}
      <label className={styles.field}>
        {t('fields.name')}
        <input
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
          placeholder={namePlaceholder}
          maxLength={DEVICE_NAME_MAX}
        />
      </label>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="bw-btn bw-btn--primary" disabled={saving}>
        {submitLabel}
      </button>
    </form>
  );
}
