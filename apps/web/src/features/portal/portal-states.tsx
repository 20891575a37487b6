import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './portal.module.css';

/** A page's query: loading, failed (with a retry) or its content. */
export function QueryStates<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  if (query.isError) {
    return (
      <div className={styles.panel} role="alert" data-testid="portal-error">
        <p className={styles.error}>{translateError(t, query.error)}</p>
        <button type="button" className="bw-btn bw-btn--ghost" onClick={() => void query.refetch()}>
          {t('portal:retry')}
        </button>
      </div>
    );
  }
  if (query.data === undefined) {
    return <div className={styles.spinner} role="status" aria-label={t('portal:loading')} />;
  }
  return <>{children(query.data)}</>;
}

/** Nothing to show yet, said plainly. */
export function EmptyState({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className={styles.empty} data-testid={testId}>
      {text}
    </p>
  );
}
