import type { KioskStudent } from '@batchwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import styles from './kiosk.module.css';
import { formatKioskTime } from './kiosk-time';
import type { Feedback } from './use-scan-handler';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => Array.from(part)[0] ?? '')
    .join('')
    .toUpperCase();
}

function Photo({ student }: { student: Pick<KioskStudent, 'name' | 'photoUrl'> }) {
  const [broken, setBroken] = useState(false);
  if (student.photoUrl && !broken) {
    return (
      <img
        key={student.photoUrl}
        className={styles.photo}
        src={student.photoUrl}
        alt=""
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${styles.photo} ${styles.initials}`} aria-hidden="true">
      {initials(student.name)}
    </span>
  );
}

/** A card with a QR corner: "scan here". Pulses while a scan is being checked. */
function ScanIcon({ busy }: { busy: boolean }) {
  return (
    <svg
      className={styles.promptIcon}
      data-busy={busy}
      viewBox="0 0 64 64"
      width="88"
      height="88"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinecap="round"
    >
      <path d="M8 20V12a4 4 0 0 1 4-4h8M44 8h8a4 4 0 0 1 4 4v8M56 44v8a4 4 0 0 1-4 4h-8M20 56h-8a4 4 0 0 1-4-4v-8" />
      <rect x="20" y="20" width="10" height="10" rx="1" />
      <rect x="34" y="20" width="10" height="10" rx="1" />
      <rect x="20" y="34" width="10" height="10" rx="1" />
      <path d="M36 36h8v8" />
    </svg>
  );
}

/**
 * The big answer to a scan, readable from a few steps away: the student's photo and name,
 * ENTRY or EXIT in colour and the time in Bangladesh time; or that a card is unknown, or that
 * the scan is saved on the tablet and will be sent.
 */
export function KioskFeedback({
  feedback,
  prompt,
  institution,
}: {
  feedback: Feedback;
  prompt: string;
  institution: string;
}) {
  const { t } = useTranslation('kiosk');
  const { locale } = useLanguage();

  if (feedback.kind === 'idle' || feedback.kind === 'checking') {
    return (
      <section
        className={styles.feedback}
        data-kind={feedback.kind}
        aria-live="polite"
        data-testid="kiosk-feedback"
      >
        <ScanIcon busy={feedback.kind === 'checking'} />
        <p className={styles.prompt}>{feedback.kind === 'checking' ? t('checking') : prompt}</p>
      </section>
    );
  }

  if (feedback.kind === 'student') {
    const direction = feedback.direction;
    return (
      <section
        className={styles.feedback}
        data-kind={direction ?? 'identified'}
        aria-live="assertive"
        data-testid="kiosk-feedback"
      >
        <Photo student={feedback.student} />
        <p className={styles.name} data-testid="kiosk-student-name">
          {feedback.student.name}
        </p>
        {direction && (
          <p className={styles.direction} data-testid="kiosk-direction">
            {t(direction === 'entry' ? 'entry' : 'exit')}
          </p>
        )}
        {feedback.identified && <p className={styles.note}>{t('identified')}</p>}
        <p className={styles.time}>{formatKioskTime(feedback.at, locale)}</p>
        {feedback.duplicate && <p className={styles.note}>{t('duplicate')}</p>}
        {feedback.noClass && (
          <p className={styles.note} data-testid="kiosk-no-class">
            {t('noClass')}
          </p>
        )}
      </section>
    );
  }

  if (feedback.kind === 'saved') {
    return (
      <section
        className={styles.feedback}
        data-kind="saved"
        aria-live="assertive"
        data-testid="kiosk-feedback"
      >
        <p className={styles.headline}>{t('saved.title')}</p>
        {feedback.name && <p className={styles.name}>{t('saved.known', { name: feedback.name })}</p>}
        <p className={styles.time}>{formatKioskTime(feedback.at, locale)}</p>
        <p className={styles.note}>{t('saved.body')}</p>
      </section>
    );
  }

  const [title, body] =
    feedback.kind === 'unknown'
      ? [t('unknown.title'), t('unknown.body', { institution, code: feedback.code })]
      : feedback.kind === 'unsure'
        ? [t('face.unsure.title'), t('face.unsure.body')]
        : feedback.kind === 'identify-offline'
          ? [t('identifyOffline.title'), t('identifyOffline.body')]
          : [t('failed.title'), t('failed.body')];
  return (
    <section className={styles.feedback} data-kind="problem" role="alert" data-testid="kiosk-feedback">
      <p className={styles.headline}>{title}</p>
      <p className={styles.note}>{body}</p>
    </section>
  );
}
