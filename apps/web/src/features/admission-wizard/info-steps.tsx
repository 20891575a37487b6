import {
  ADMISSION_LIMITS,
  admissionAdditionalInfoError,
  admissionDetailsError,
  BLOOD_GROUPS,
  DEFAULT_BLOOD_GROUP,
} from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import {
  type AdmissionClassroom,
  classroomLabel,
  type FieldKind,
  fieldKind,
  fixedClassroom,
} from './answers';
import { SelectField, TextAreaField, TextField } from './field';
import styles from './fields.module.css';
import type { StepProps } from './step-props';

const LABEL_KEYS: Partial<Record<FieldKind, string>> = {
  bloodGroup: 'additional.bloodGroup',
  dateOfBirth: 'additional.dateOfBirth',
  address: 'additional.address',
};

/**
 * Page 5: the institution's custom fields. Blood Group is a select (A+ preselected), Date Of
 * Birth a DD-MM-YYYY text, Address a text area, a profile link a URL field, anything else text.
 */
export function AdditionalStep({ info, answers, setCustomField, touch, errorFor }: StepProps) {
  const { t } = useTranslation('admission');
  return (
    <>
      {info.settings.customFields.map((field, index) => {
        const kind = fieldKind(field);
        const id = `admission-custom-${index}`;
        const touchKey = `custom:${field}`;
        const value = answers.customFields[field] ?? '';
        const error = errorFor(
          touchKey,
          admissionAdditionalInfoError(answers, { ...info.settings, customFields: [field] }),
        );
        const labelKey = LABEL_KEYS[kind];
        const label = labelKey ? t(labelKey) : field;
        const change = (next: string) => {
          touch(touchKey);
          setCustomField(field, next);
        };
        if (kind === 'bloodGroup') {
          return (
            <SelectField
              key={field}
              id={id}
              label={label}
              value={value || DEFAULT_BLOOD_GROUP}
              options={BLOOD_GROUPS}
              onValueChange={change}
              error={error}
            />
          );
        }
        if (kind === 'address') {
          return (
            <TextAreaField
              key={field}
              id={id}
              label={label}
              value={value}
              maxLength={ADMISSION_LIMITS.text}
              onValueChange={change}
              onBlur={() => touch(touchKey)}
              error={error}
            />
          );
        }
        return (
          <TextField
            key={field}
            id={id}
            label={label}
            value={value}
            maxLength={kind === 'text' ? ADMISSION_LIMITS.text : ADMISSION_LIMITS.line}
            type={kind === 'link' ? 'url' : 'text'}
            inputMode={kind === 'dateOfBirth' ? 'numeric' : kind === 'link' ? 'url' : undefined}
            placeholder={kind === 'dateOfBirth' ? t('additional.datePlaceholder') : undefined}
            hint={
              kind === 'dateOfBirth'
                ? t('additional.dateHint')
                : kind === 'link'
                  ? t('additional.linkHint')
                  : undefined
            }
            autoComplete={kind === 'dateOfBirth' ? 'bday' : 'off'}
            onValueChange={change}
            onBlur={() => touch(touchKey)}
            error={error}
          />
        );
      })}
    </>
  );
}

interface DetailsStepProps extends StepProps {
  readonly course: string | null;
}

/**
 * Classroom or course details: free text, with the open classrooms offered as choices that fill
 * it in. A link whose `course` names an open classroom fixes it (shown, not editable).
 */
export function DetailsStep({ info, answers, update, touch, errorFor, course }: DetailsStepProps) {
  const { t } = useTranslation('admission');
  const fixed = fixedClassroom(info, course);
  const error = errorFor('details', admissionDetailsError(answers.details));
  if (fixed) {
    return (
      <div className={styles.field}>
        <p className={styles.label}>{t('details.label')}</p>
        <p className={styles.fixedChoice} data-testid="admission-fixed-classroom">
          {classroomLabel(fixed)}
        </p>
        <p className={styles.hint}>{t('details.fixed')}</p>
      </div>
    );
  }
  const choose = (classroom: AdmissionClassroom) => {
    touch('details');
    update({ details: classroomLabel(classroom) });
  };
  return (
    <>
      {info.classrooms.length > 0 ? (
        <fieldset className={styles.choices}>
          <legend className={styles.label}>{t('details.choices')}</legend>
          <div className={styles.choiceList}>
            {info.classrooms.map((classroom) => {
              const label = classroomLabel(classroom);
              return (
                <button
                  key={classroom.id}
                  type="button"
                  className={styles.choice}
                  aria-pressed={answers.details.trim() === label}
                  onClick={() => choose(classroom)}
                >
                  <span className={styles.choiceName}>{classroom.name}</span>
                  <span className={styles.choiceMeta}>
                    {[classroom.grade, classroom.subject].filter(Boolean).join(' · ')}
                  </span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <TextAreaField
        id="admission-details"
        label={t('details.label')}
        hint={t('details.hint')}
        value={answers.details}
        maxLength={ADMISSION_LIMITS.text}
        onValueChange={(details) => {
          touch('details');
          update({ details });
        }}
        onBlur={() => touch('details')}
        error={error}
      />
    </>
  );
}
