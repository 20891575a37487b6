import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { signInRedirectPath } from '../../lib/route-rules';
import styles from './report-page.module.css';

/**
 * The states of a report page before its data: a link that is not (or no longer) valid, a page
 * for staff opened without signing in, a server that could not answer, loading; then the page.
 */
export function ReportStates<T>({
  missing,
  query,
  invalidText,
  children,
}: {
  /** The address lacks what the page needs: invalid without asking the server. */
  missing: boolean;
  query: { data: T | undefined; isError: boolean; error: unknown };
  invalidText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const error = query.error instanceof ApiError ? query.error : null;
  if (error?.status === 401) {
    return (
      <p className={styles.error} role="alert" data-testid="report-sign-in">
        {t('page.signIn')} <a href={signInRedirectPath(window.location)}>{t('page.signInLink')}</a>
      </p>
    );
  }
  if (missing || (query.isError && error && error.status < 500)) {
    const known = error && error.code !== 'NOT_FOUND' && error.code !== 'REPORT_LINK_INVALID';
    return (
      <p className={styles.error} role="alert" data-testid="link-invalid">
        {known ? t(`domain:${error.code}`, { defaultValue: error.message, ...error.params }) : invalidText}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className={styles.error} role="alert">
        {t('errors:generic')}
      </p>
    );
  }
  if (query.data === undefined)
    return <div className={styles.spinner} role="status" aria-label={t('page.loading')} />;
  return <>{children(query.data)}</>;
}
