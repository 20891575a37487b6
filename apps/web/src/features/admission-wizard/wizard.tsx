import {
  type AdmissionPage,
  admissionPageError,
  admissionProgress,
  admissionSubmitError,
  applicationLabel,
  canSubmitAdmission,
  type DomainError,
  hasDuplicateMark,
  nextAdmissionPage,
  normalizeBdPhone,
  previousAdmissionPage,
} from '@batchwise/domain';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { translateError } from '../../lib/translate-error';
import { checkAdmissionPhone, submitAdmission } from './admission-api';
import styles from './admission-wizard.module.css';
import {
  type AdmissionInfo,
  classroomLabel,
  clearWizard,
  fixedClassroom,
  initialAnswers,
  loadWizard,
  saveWizard,
  submissionOf,
  type WizardAnswers,
} from './answers';
import { NameStep, ParentsStep, PhoneStep } from './contact-steps';
import { DuplicateDialog } from './duplicate-dialog';
import { AdditionalStep, DetailsStep } from './info-steps';
import { PictureStep } from './picture-step';
import type { StepProps } from './step-props';
import { ReviewBody, SuccessBody, WelcomeBody } from './summary-steps';
import { Toast, useToast } from './toast';

interface WizardProps {
  readonly info: AdmissionInfo;
  readonly linkKey: string;
  readonly course: string | null;
}

/**
 * The wizard itself (part 1 §2.1, §4, §5): one page at a time, Next disabled while the page has
 * an error, answers kept in sessionStorage per key until success or Exit.
 */
export function AdmissionWizard({ info, linkKey, course }: WizardProps) {
  const { t } = useTranslation(['admission', 'domain', 'errors']);
  const { settings } = info;
  const [saved] = useState(() => loadWizard(linkKey, info));
  const [page, setPage] = useState<AdmissionPage>(saved?.page ?? 'welcome');
  const [answers, setAnswers] = useState<WizardAnswers>(() => {
    const start = saved?.answers ?? initialAnswers(info, course);
    // A link that fixes the classroom wins over details kept from an earlier visit.
    const fixed = fixedClassroom(info, course);
    return fixed ? { ...start, details: classroomLabel(fixed) } : start;
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(saved?.touched));
  const [applicationNumber, setApplicationNumber] = useState('');
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [duplicate, setDuplicate] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { toast, show, dismiss } = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (page === 'success') return;
    saveWizard(linkKey, { page, answers, touched: [...touched] });
  }, [linkKey, page, answers, touched]);

  // Focus follows the page: a screen reader reads the new heading, a keyboard starts from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [page]);

  const go = (next: AdmissionPage) => {
    moved.current = true;
    setSubmitError(null);
    setPage(next);
  };

  const update = useCallback(
    (patch: Partial<WizardAnswers>) => setAnswers((old) => ({ ...old, ...patch })),
    [],
  );
  const setCustomField = useCallback(
    (field: string, value: string) =>
      setAnswers((old) => ({ ...old, customFields: { ...old.customFields, [field]: value } })),
    [],
  );
  const touch = useCallback(
    (field: string) => setTouched((old) => (old.has(field) ? old : new Set([...old, field]))),
    [],
  );
  const errorFor = (field: string, error: DomainError | null) =>
    error && touched.has(field)
      ? t(`domain:${error.code}`, { ...error.params, defaultValue: error.message })
      : null;

  const pageError = admissionPageError(page, answers, settings);
  const blocked = pageError !== null || uploading || busy;

  const forward = () => {
    const next = nextAdmissionPage(page, settings);
    if (next) go(next);
  };

  /** Leaving page 2: a phone that applied in the last 90 days asks first (unless already marked D). */
  const leavePhonePage = async () => {
    const phone = normalizeBdPhone(answers.phone, { keepDuplicateMark: true });
    update({ phone });
    if (hasDuplicateMark(phone)) return forward();
    setBusy(true);
    try {
      const result = await checkAdmissionPhone(linkKey, { phone });
      if (result.duplicate) setDuplicate(true);
      else forward();
    } catch (cause) {
      show(translateError(t, cause), 'error');
    } finally {
      setBusy(false);
    }
  };

  const answerDuplicate = (continueAnyway: boolean) => {
    setDuplicate(false);
    if (!continueAnyway) return;
    update({ phone: `${normalizeBdPhone(answers.phone)}D` });
    forward();
  };

  const submit = async () => {
    const guard = admissionSubmitError(answers, settings);
    if (guard) {
      const message = t(`domain:${guard.code}`);
      setSubmitError(message);
      show(message, 'error');
      return;
    }
    setBusy(true);
    setSubmitError(null);
    try {
      const result = await submitAdmission(linkKey, submissionOf(answers, info, course));
      clearWizard(linkKey);
      setApplicationNumber(applicationLabel(result.number));
      go('success');
    } catch (cause) {
      const message = translateError(t, cause);
      if (cause instanceof ApiError && cause.code === 'ADMISSION_PICTURE_INVALID') {
        // The server takes a picture only once and for a day after its upload (a wizard kept
        // open overnight, or sent from a second tab): ask for it again on its own page rather
        // than leave the applicant stuck on the review.
        update({ pictureName: '', avatarUrl: '' });
        touch('picture');
        go('picture');
        show(message, 'error');
        return;
      }
      setSubmitError(message);
      show(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const exit = () => {
    clearWizard(linkKey);
    setAnswers(initialAnswers(info, course));
    setTouched(new Set());
    setApplicationNumber('');
    go('welcome');
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (page === 'review') return void submit();
    if (page === 'success') return exit();
    if (blocked) {
      // Enter on a page with a problem shows the problem instead of doing nothing.
      if (page === 'parents') touch('parent1phone');
      else if (page === 'additional') for (const field of settings.customFields) touch(`custom:${field}`);
      else touch(page);
      return;
    }
    if (page === 'phone') return void leavePhonePage();
    forward();
  };

  const back = () => {
    const previous = previousAdmissionPage(page, settings);
    if (previous) go(previous);
  };

  const stepProps: StepProps = { info, answers, update, setCustomField, touch, errorFor };
  const bodies: Record<AdmissionPage, ReactNode> = {
    welcome: <WelcomeBody info={info} />,
    name: <NameStep {...stepProps} />,
    phone: <PhoneStep {...stepProps} />,
    picture: (
      <PictureStep {...stepProps} linkKey={linkKey} showToast={show} onUploadingChange={setUploading} />
    ),
    parents: <ParentsStep {...stepProps} />,
    additional: <AdditionalStep {...stepProps} />,
    details: <DetailsStep {...stepProps} course={course} />,
    review: <ReviewBody info={info} answers={answers} />,
    success: <SuccessBody info={info} applicationNumber={applicationNumber} />,
  };

  const numbered = page !== 'welcome' && page !== 'success';
  const progress = admissionProgress(page, settings);
  return (
    <>
      <form className={styles.step} onSubmit={handleSubmit} noValidate aria-labelledby="admission-step-title">
        {numbered ? (
          <div className={styles.progress}>
            <p className={styles.progressText} id="admission-progress">
              {t('progress', { current: progress.current, total: progress.total })}
            </p>
            <div
              className={styles.progressBar}
              role="progressbar"
              aria-labelledby="admission-progress"
              aria-valuenow={progress.current}
              aria-valuemin={0}
              aria-valuemax={progress.total}
            >
              <span style={{ width: `${progress.percent}%` }} />
            </div>
          </div>
        ) : null}
        <h2 id="admission-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {t(`${page}.title`, { institution: info.institution })}
        </h2>
        <div className={styles.stepBody}>{bodies[page]}</div>
        {submitError ? (
          <p className={styles.formError} id="admission-submit-error">
            {submitError}
          </p>
        ) : null}
        <div className={styles.nav}>
          {page === 'welcome' ? (
            <button type="submit" className="bw-btn bw-btn--primary bw-btn--large">
              {t('nav.letsGo')}
            </button>
          ) : page === 'success' ? (
            <button type="submit" className="bw-btn bw-btn--primary bw-btn--large">
              {t('nav.exit')}
            </button>
          ) : page === 'review' ? (
            <>
              <button type="button" className="bw-btn bw-btn--ghost" onClick={back} disabled={busy}>
                {t('nav.editBack')}
              </button>
              <button
                type="submit"
                className="bw-btn bw-btn--primary"
                disabled={busy || !canSubmitAdmission(answers)}
                aria-describedby={submitError ? 'admission-submit-error' : undefined}
              >
                {busy ? t('nav.submitting') : t('nav.submit')}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="bw-btn bw-btn--ghost"
                onClick={back}
                disabled={busy || uploading}
              >
                {t('nav.back')}
              </button>
              <button type="submit" className="bw-btn bw-btn--primary" disabled={blocked}>
                {busy ? t('nav.checking') : t('nav.next')}
              </button>
            </>
          )}
        </div>
      </form>
      <DuplicateDialog open={duplicate} phone={normalizeBdPhone(answers.phone)} onAnswer={answerDuplicate} />
      <Toast toast={toast} onDismiss={dismiss} />
    </>
  );
}
