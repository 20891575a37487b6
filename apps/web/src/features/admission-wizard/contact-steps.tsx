import {
  ADMISSION_LIMITS,
  admissionNameError,
  admissionParentPhonesError,
  admissionPhoneError,
  normalizeBdPhone,
  phoneFormError,
} from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import styles from './admission-wizard.module.css';
import { TextField } from './field';
import fieldStyles from './fields.module.css';
import type { StepProps } from './step-props';

/** Page 1: the applicant's full name. */
export function NameStep({ answers, update, touch, errorFor }: StepProps) {
  const { t } = useTranslation('admission');
  return (
    <TextField
      id="admission-name"
      label={t('name.label')}
      value={answers.name}
      autoComplete="name"
      maxLength={ADMISSION_LIMITS.line}
      onValueChange={(name) => {
        touch('name');
        update({ name });
      }}
      onBlur={() => touch('name')}
      error={errorFor('name', admissionNameError(answers.name))}
    />
  );
}

/** Page 2: the student's phone, normalised to +880… when the field is left (D mark kept). */
export function PhoneStep({ answers, update, touch, errorFor }: StepProps) {
  const { t } = useTranslation('admission');
  return (
    <TextField
      id="admission-phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      label={t('phone.label')}
      hint={t('phone.hint')}
      value={answers.phone}
      maxLength={ADMISSION_LIMITS.line}
      onValueChange={(phone) => {
        touch('phone');
        update({ phone });
      }}
      onBlur={() => {
        touch('phone');
        if (answers.phone.trim() !== '') {
          update({ phone: normalizeBdPhone(answers.phone, { keepDuplicateMark: true }) });
        }
      }}
      error={errorFor('phone', admissionPhoneError(answers.phone))}
    />
  );
}

/** Page 4: one or two parent phones; at least one, and with the unique rule one not the student's. */
export function ParentsStep({ info, answers, update, touch, errorFor }: StepProps) {
  const { t } = useTranslation('admission');
  const fields = [
    { field: 'parent1phone', label: t('parents.parent1') },
    { field: 'parent2phone', label: t('parents.parent2') },
  ] as const;
  const fieldErrors = fields.map(({ field }) => phoneFormError(answers[field]));
  // Required and unique are about both fields together: shown below them once either was touched.
  const groupError = fieldErrors.some(Boolean) ? null : admissionParentPhonesError(answers, info.settings);
  const shownGroupError = errorFor('parent1phone', groupError) ?? errorFor('parent2phone', groupError);
  return (
    <>
      <p className={styles.muted}>{t('parents.hint')}</p>
      {fields.map(({ field, label }, index) => (
        <TextField
          key={field}
          id={`admission-${field}`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={label}
          value={answers[field]}
          maxLength={ADMISSION_LIMITS.line}
          onValueChange={(value) => {
            touch(field);
            update({ [field]: value });
          }}
          onBlur={() => {
            touch(field);
            if (answers[field].trim() !== '') update({ [field]: normalizeBdPhone(answers[field]) });
          }}
          error={errorFor(field, fieldErrors[index] ?? null)}
        />
      ))}
      {shownGroupError ? (
        <p className={fieldStyles.fieldError} id="admission-parents-error">
          {shownGroupError}
        </p>
      ) : null}
    </>
  );
}
