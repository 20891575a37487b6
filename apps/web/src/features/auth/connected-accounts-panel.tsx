import { loadProgress } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePathOf } from '../../lib/app-pages';
import { paths } from '../../lib/paths';
import {
  isMissingRecord,
  MISSING_USER_RECORD,
  type Session,
  sessionQuery,
  summaryQuery,
} from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import styles from './connected-accounts-panel.module.css';
import { FormAlert } from './form-controls';

/** Spec part 1 §4: at 100 % Teacher and Admin accounts wait a second before the redirect. */
const OWNER_REDIRECT_DELAY_MS = 1_000;

/**
 * "Setting up connected accounts" (spec part 1 §2.4, §4 "Loading by role"): loads the session,
 * then each connected account's summary, showing progress as loadProgress(loaded, count). At
 * 100 % it goes to the remembered page, else the user's home. A summary that fails still counts
 * as settled: its dashboard shows the error, the user is not stuck here.
 */
export function ConnectedAccountsPanel({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation(['auth', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { locale } = useLanguage();
  const [session, setSession] = useState<Session | null>(null);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(null);
  useDocumentTitle(t('loading.title'));

  useEffect(() => {
    let cancelled = false;
    queryClient
      .fetchQuery({ ...sessionQuery, staleTime: 0 })
      .then((loaded) => {
        if (cancelled) return;
        setSession(loaded);
        for (const account of loaded.accounts) {
          queryClient
            .fetchQuery(summaryQuery(account.id))
            .catch(() => undefined)
            .finally(() => {
              if (!cancelled) setSettled((current) => new Set(current).add(account.id));
            });
        }
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        if (isMissingRecord(failure)) {
          navigate(`${paths.forceLogout}?reason=${MISSING_USER_RECORD}`, { replace: true });
        } else setError(failure);
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate]);

  const progress = session ? loadProgress(settled.size, session.accounts.length) : 0;

  useEffect(() => {
    if (!session || progress < 100) return;
    const owner = session.user.profession === 'Teacher' || session.user.profession === 'Admin';
    const timer = setTimeout(
      () => navigate(redirect ?? homePathOf(session), { replace: true }),
      owner ? OWNER_REDIRECT_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [session, progress, redirect, navigate]);

  const rounded = Math.round(progress);
  const pending = session?.accounts.find((account) => !settled.has(account.id));
  return (
    <section className={styles.panel} aria-labelledby="loading-title">
      <h1 id="loading-title" className={styles.title}>
        {t('loading.title')}
      </h1>
      <p className={styles.status} aria-live="polite">
        {!session
          ? t('loading.session')
          : pending
            ? t('loading.account', { institution: pending.institution })
            : t('loading.ready')}
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-labelledby="loading-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
      >
        <div className={styles.bar} style={{ width: `${progress}%` }} />
      </div>
      <p className={styles.percent}>{t('loading.percent', { percent: rounded.toLocaleString(locale) })}</p>
      {session && session.accounts.length > 0 ? (
        <ul className={styles.accounts}>
          {session.accounts.map((account) => {
            const done = settled.has(account.id);
            return (
              <li key={account.id} className={styles.account}>
                <span className={`${styles.mark} ${done ? styles.done : ''}`} aria-hidden="true">
                  {done ? '✓' : ''}
                </span>
                <span>
                  {account.relation === 'owner'
                    ? account.institution
                    : `${account.institution} · ${account.ownerName}`}
                  <span className="bw-visually-hidden">
                    {done ? t('loading.accountDone') : t('loading.accountPending')}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? <FormAlert kind="error">{translateError(t, error)}</FormAlert> : null}
    </section>
  );
}
