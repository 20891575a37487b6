import { normalizeBdPhone, phoneFormError, phoneInputStatus } from '@batchwise/domain';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A Bangladeshi phone box (part 2 §5): green when the digits form a whole number (13 from 8801,
 * 11 from 01, 10 from 1), red while typing 1–9 or more than 13 digits and once left incomplete;
 * normalised to +880… when left valid; Enter leaves the box. Parent phones drop the letters d/D,
 * a student's keeps a trailing D (an intentional duplicate).
 */
export function PhoneField({
  id,
  label,
  value,
  kind,
  required,
  error,
  showError,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  kind: 'student' | 'parent';
  required?: boolean;
  /** The field's current problem, in the reader's language. */
  error: string | undefined;
  /** Show `error` (the field was left, or the form submitted). */
  showError: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const checked = kind === 'parent' ? value.replace(/[dD]/g, '') : value;
  const status = phoneInputStatus(checked, { typing: focused });
  const visibleError = error && (status === 'error' || (showError && !focused)) ? error : undefined;

  const handleBlur = () => {
    setFocused(false);
    if (!phoneFormError(checked, { student: kind === 'student' }) && checked.trim() !== '') {
      onChange(normalizeBdPhone(checked, { keepDuplicateMark: kind === 'student' }));
    }
    onBlur();
  };

  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={visibleError ? 'error' : status === 'success' ? 'success' : undefined}
      hasFeedback={status === 'success' || Boolean(visibleError)}
      help={visibleError}
    >
      <Input
        id={id}
        value={value}
        inputMode="tel"
        autoComplete="off"
        placeholder={t('common:phone.placeholder')}
        // A suffix from the start keeps the same DOM when the status icon comes and goes; otherwise
        // Ant Design swaps the element and the field loses focus in the middle of typing.
        suffix={<span />}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={handleBlur}
        onPressEnter={(event) => event.currentTarget.blur()}
      />
    </Form.Item>
  );
}
