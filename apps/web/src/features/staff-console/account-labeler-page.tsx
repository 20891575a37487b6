import { staffConsoleEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import styles from './staff-console.module.css';
import { isStaffRefusal, StaffRefusal } from './staff-refusal';

/**
 * `/account-labeler`: the staff's labels ("pilot", "reseller", "at risk"). Make one, see how many
 * accounts carry it and open them in the console's search, or delete it (after a second click).
 * Labels go on accounts from an account's page in the console.
 */
export function AccountLabelerPage() {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  useDocumentTitle(t('labeler.title'));
  const labels = useQuery({ ...endpointQuery(staffConsoleEndpoints.labels), retry: false });
  const create = useMutation({
    mutationFn: () => call(staffConsoleEndpoints.createLabel, { body: { name } }),
    onSuccess: () => {
      setName('');
      return refresh(queryClient, 'staff-accounts');
    },
  });
  const remove = useMutation({
    mutationFn: (labelId: string) => call(staffConsoleEndpoints.deleteLabel, { params: { labelId } }),
    onSuccess: () => {
      setDeleting(null);
      return refresh(queryClient, 'staff-accounts');
    },
  });
  const failed = create.error ?? remove.error;

  return (
    <section className={styles.page} aria-labelledby="labeler-title">
      <h1 id="labeler-title" className={styles.title}>
        {t('labeler.title')}
      </h1>
      <p className={styles.muted}>{t('labeler.intro')}</p>
      <nav className={styles.nav} aria-label={t('title')}>
        <Link to={paths.staffAdmin}>{t('title')}</Link>
      </nav>
      {isStaffRefusal(labels.error) ? (
        <StaffRefusal error={labels.error} />
      ) : (
        <>
          <form
            className={`${styles.card} ${styles.form}`}
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate();
            }}
          >
            <label>
              {t('labeler.name')}
              <input
                name="label-name"
                value={name}
                maxLength={40}
                required
                onChange={(e) => setName(e.target.value)}
                placeholder={t('labeler.placeholder')}
              />
            </label>
            <button type="submit" className="bw-btn bw-btn--primary" disabled={create.isPending}>
              {t('labeler.create')}
            </button>
          </form>
          {failed ? (
            <p className={styles.error} role="alert">
              {translateError(t, failed)}
            </p>
          ) : null}
          {labels.isError ? (
            <p className={styles.error} role="alert">
              {translateError(t, labels.error)}
            </p>
          ) : labels.isPending ? (
            <PageLoader />
          ) : labels.data.labels.length === 0 ? (
            <p className={styles.muted}>{t('labeler.empty')}</p>
          ) : (
            <ul className={styles.list} data-testid="labeler-list">
              {labels.data.labels.map((label) => (
                <li key={label.id} className={`${styles.card} ${styles.form}`} style={{ marginBottom: 0 }}>
                  <span className={styles.wide}>
                    <strong>{label.name}</strong>{' '}
                    <Link to={`${paths.staffAdmin}?label=${encodeURIComponent(label.id)}`}>
                      {t('labeler.accounts', {
                        count: label.accounts,
                        formatted: label.accounts.toLocaleString(locale),
                      })}
                    </Link>
                  </span>
                  {deleting === label.id ? (
                    <>
                      <button
                        type="button"
                        className={`bw-btn bw-btn--ghost ${styles.danger}`}
                        onClick={() => remove.mutate(label.id)}
                        disabled={remove.isPending}
                      >
                        {t('labeler.confirmDelete', { label: label.name })}
                      </button>
                      <button
                        type="button"
                        className="bw-btn bw-btn--ghost"
                        onClick={() => setDeleting(null)}
                      >
                        {t('cancel')}
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="bw-btn bw-btn--ghost"
                      onClick={() => setDeleting(label.id)}
                    >
                      {t('labeler.delete')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
