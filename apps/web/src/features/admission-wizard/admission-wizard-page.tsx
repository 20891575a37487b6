import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { isLanguage } from '../../lib/language';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './admission-wizard.module.css';
import { type AdmissionInfo, firstVisit, visitedBefore } from './answers';
import { loadFonts } from './fonts';
import { useLinkParams } from './link-params';
import { Toast, useToast } from './toast';
import { useAdmissionInfo } from './use-admission-info';
import { AdmissionWizard } from './wizard';

/**
 * `/s-online-admission?key={account id}&course={classroom id}`: the public online-admission form
 * (spec part 1 §2.1). No sign-in and no Ant Design: a light first load for phones.
 * Opened from its link it runs on its own entry (start-wizard.tsx, framed by wizard-frame.tsx);
 * reached inside the app, the router's plain layout frames it. Either way it needs no router.
 */
export function AdmissionWizardPage() {
  const { t } = useTranslation(['admission', 'domain', 'errors']);
  const { key, course } = useLinkParams();
  useDocumentTitle(t('title'));
  const info = useAdmissionInfo(key);

  const invalid =
    key === '' ||
    (info.status === 'error' &&
      info.error instanceof ApiError &&
      info.error.status >= 400 &&
      info.error.status < 500);

  let body: ReactNode;
  if (invalid) body = <InvalidLink />;
  else if (info.status === 'error') {
    body = (
      <div className={styles.card}>
        <h1 className={styles.stepTitle}>{t('loadFailed')}</h1>
        <p className={styles.formError}>{translateError(t, info.error)}</p>
        <button
          type="button"
          className="bw-btn bw-btn--primary"
          onClick={info.retry}
          disabled={info.fetching}
        >
          {t('retry')}
        </button>
      </div>
    );
  } else if (info.status === 'pending') {
    body = (
      <div className={styles.loading} role="status" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  } else body = <Loaded info={info.data} linkKey={key} course={course} />;

  return <section className={styles.page}>{body}</section>;
}

/** The institution's header, then the wizard, or a clear "closed" notice. */
function Loaded({ info, linkKey, course }: { info: AdmissionInfo; linkKey: string; course: string | null }) {
  const { t } = useTranslation(['admission', 'domain']);
  // Shown at once unless this first visit must switch to the institution's language first.
  const [languageReady, setLanguageReady] = useState(
    () => visitedBefore(linkKey) || currentLanguage() === info.language,
  );

  // The first visit opens in the institution's language; afterwards the visitor's choice stays.
  useEffect(() => {
    // A language the web has no pack for keeps the visitor's own.
    if (firstVisit(linkKey) && isLanguage(info.language) && currentLanguage() !== info.language) {
      // With the new language's fonts too, so the form is not set twice (fonts.ts).
      void Promise.all([changeLanguage(info.language), loadFonts(info.language)]).finally(() =>
        setLanguageReady(true),
      );
    } else setLanguageReady(true);
  }, [linkKey, info.language]);

  if (!languageReady) return null;
  return (
    <div className={styles.card}>
      <header className={styles.institution}>
        {info.logoUrl ? (
          <img
            src={info.logoUrl}
            alt={t('header.logo', { institution: info.institution })}
            className={styles.logo}
          />
        ) : (
          <span className={styles.logoFallback} aria-hidden="true">
            {info.institution.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className={styles.institutionText}>
          <h1 className={styles.institutionName}>{info.institution}</h1>
          <p className={styles.institutionSub}>{t('header.subtitle')}</p>
        </div>
      </header>
      {info.settings.acceptingApplications ? (
        <AdmissionWizard info={info} linkKey={linkKey} course={course} />
      ) : (
        <div className={styles.step}>
          <h2 className={styles.stepTitle}>{t('closed.title')}</h2>
          <p className={styles.lead} data-testid="admission-closed">
            {t('domain:ADMISSION_CLOSED')}
          </p>
        </div>
      )}
    </div>
  );
}

/** A missing or unknown key: the result screen and the toast of part 1 §2.1. */
function InvalidLink() {
  const { t } = useTranslation(['admission', 'domain']);
  const { toast, show, dismiss } = useToast();
  useEffect(() => {
    show(t('domain:ADMISSION_INVALID_LINK'), 'error');
  }, [show, t]);
  return (
    <>
      <div className={`${styles.card} ${styles.result}`}>
        <span className={styles.resultIcon} aria-hidden="true">
          !
        </span>
        <h1 className={styles.stepTitle}>{t('invalid.title')}</h1>
        <p className={styles.lead}>{t('invalid.subtitle')}</p>
      </div>
      <Toast toast={toast} onDismiss={dismiss} />
    </>
  );
}
