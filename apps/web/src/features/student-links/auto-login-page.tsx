import { linkEndpoints } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { call } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { sessionQueryKey } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './student-links.module.css';

/**
 * `/s-auto-login?key=…`: a student's sign-in link (valid 180 days). Signs in with the key, then
 * goes to the student's dashboard. Public and free of Ant Design: it is a first load.
 */
export function AutoLoginPage() {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = params.get('key') ?? '';
  const [error, setError] = useState<string | null>(key ? null : t('domain:AUTH_LINK_INVALID'));
  const started = useRef(false);
  useDocumentTitle(t('autoLogin.title'));

  useEffect(() => {
    if (!key || started.current) return;
    started.current = true;
    call(linkEndpoints.autoLogin, { body: { key } })
      .then((result) => {
        // Whoever was signed in before must not linger in the cache.
        queryClient.removeQueries({ queryKey: sessionQueryKey });
        navigate(result.homePath, { replace: true });
      })
      .catch((cause: unknown) =>
        // A malformed key is refused by the contract (400): to the reader it is just a bad link.
        setError(
          cause instanceof ApiError && cause.status === 400
            ? t('domain:AUTH_LINK_INVALID')
            : translateError(t, cause),
        ),
      );
  }, [key, navigate, queryClient, t]);

  return (
    <section className={styles.page} aria-labelledby="auto-login-title">
      <div className={styles.card}>
        <h1 id="auto-login-title" className={styles.title}>
          {error ? t('autoLogin.failedTitle') : t('autoLogin.title')}
        </h1>
        {error ? (
          <>
            <p className={styles.error} role="alert">
              {error}
            </p>
            <div className={styles.actions}>
              <Link to={paths.phoneLogin} className="bw-btn bw-btn--primary">
                {t('autoLogin.phoneLogin')}
              </Link>
              <Link to={paths.signIn} className="bw-btn bw-btn--ghost">
                {t('autoLogin.signIn')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className={styles.muted} aria-live="polite">
              {t('autoLogin.working')}
            </p>
            <div className={styles.spinner} aria-hidden="true" />
          </>
        )}
      </div>
    </section>
  );
}
