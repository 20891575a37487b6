import { normalizeBdPhone } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import styles from './admission-wizard.module.css';
import { type AdmissionInfo, fieldKind, type WizardAnswers } from './answers';

/** The welcome page's body: what this is, and the institution's attachments (each in a new tab). */
export function WelcomeBody({ info }: { info: AdmissionInfo }) {
  const { t } = useTranslation('admission');
  const { attachments } = info.settings;
  return (
    <>
      <p className={styles.lead}>{t('welcome.body')}</p>
      {attachments.length > 0 ? (
        <section className={styles.attachments} aria-labelledby="admission-attachments">
          <h3 id="admission-attachments" className={styles.subheading}>
            {t('welcome.attachments')}
          </h3>
          <ul className={styles.attachmentList}>
            {attachments.map((attachment) => (
              <li key={`${attachment.name}|${attachment.url}`}>
                <a
                  href={attachment.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.attachment}
                >
                  <svg
                    viewBox="0 0 24 24"
                    width="18"
                    height="18"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
                    <path d="M14 3v6h6" />
                  </svg>
                  <span>{attachment.name}</span>
                  <span className="bw-visually-hidden">{t('welcome.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Every answer, as it will be sent, for a last look before Submit. */
export function ReviewBody({ info, answers }: { info: AdmissionInfo; answers: WizardAnswers }) {
  const { t } = useTranslation('admission');
  const { settings } = info;
  const phone = (value: string, keep = false) =>
    value.trim() === '' ? '' : normalizeBdPhone(value, { keepDuplicateMark: keep });
  const rows: { label: string; value: string }[] = [
    { label: t('review.name'), value: answers.name.trim() },
    { label: t('review.phone'), value: phone(answers.phone, true) },
  ];
  if (settings.collectParentsPhone) {
    rows.push({ label: t('parents.parent1'), value: phone(answers.parent1phone) });
    rows.push({ label: t('parents.parent2'), value: phone(answers.parent2phone) });
  }
  for (const field of settings.customFields) {
    const kind = fieldKind(field);
    const label =
      kind === 'bloodGroup'
        ? t('additional.bloodGroup')
        : kind === 'dateOfBirth'
          ? t('additional.dateOfBirth')
          : kind === 'address'
            ? t('additional.address')
            : field;
    rows.push({ label, value: (answers.customFields[field] ?? '').trim() });
  }
  rows.push({ label: t('details.label'), value: answers.details.trim() });
  return (
    <>
      <p className={styles.lead}>{t('advice')}</p>
      {settings.collectPicture && answers.avatarUrl ? (
        <div className={styles.reviewPicture}>
          <img src={answers.avatarUrl} alt={t('picture.preview')} />
        </div>
      ) : null}
      <dl className={styles.review} data-testid="admission-review">
        {rows.map((row) => (
          <div key={row.label} className={styles.reviewRow}>
            <dt>{row.label}</dt>
            <dd>{row.value || <span className={styles.empty}>{t('review.empty')}</span>}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The success page: the application number (A-1042) and the institute id to keep. */
export function SuccessBody({ info, applicationNumber }: { info: AdmissionInfo; applicationNumber: string }) {
  const { t } = useTranslation('admission');
  return (
    <>
      <p className={styles.successBadge}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="36"
          height="36"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </p>
      <p className={styles.lead}>{t('success.body', { institution: info.institution })}</p>
      <dl className={styles.review}>
        <div className={styles.reviewRow}>
          <dt>{t('success.applicationId')}</dt>
          <dd className={styles.idValue} data-testid="admission-application-id">
            {applicationNumber}
          </dd>
        </div>
        <div className={styles.reviewRow}>
          <dt>{t('success.instituteId')}</dt>
          <dd className={styles.idValue} data-testid="admission-institute-id">
            {info.instituteId}
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('success.keep')}</p>
    </>
  );
}
