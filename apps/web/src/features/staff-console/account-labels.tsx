import { type AccountLabel, type StaffAccountDetail, staffConsoleEndpoints } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, refresh } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import styles from './staff-console.module.css';

/** The staff's labels on one account: take one off, or put one of the existing labels on. */
export function AccountLabels({
  account,
  labels,
}: {
  account: StaffAccountDetail;
  labels: readonly AccountLabel[];
}) {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState('');
  const change = useMutation({
    mutationFn: ({ labelId, on }: { labelId: string; on: boolean }) =>
      call(on ? staffConsoleEndpoints.attachLabel : staffConsoleEndpoints.detachLabel, {
        params: { accountId: account.id, labelId },
      }),
    onSuccess: () => {
      setChosen('');
      return refresh(queryClient, 'staff-accounts');
    },
  });
  const carried = new Set(account.labels.map((l) => l.id));
  const free = labels.filter((l) => !carried.has(l.id));

  return (
    <section className={styles.card} aria-labelledby="labels-title">
      <h2 id="labels-title">{t('labels.title')}</h2>
      {change.isError ? (
        <p className={styles.error} role="alert">
          {translateError(t, change.error)}
        </p>
      ) : null}
      <div className={styles.chips} data-testid="console-labels">
        {account.labels.length === 0 ? <span className={styles.muted}>{t('labels.none')}</span> : null}
        {account.labels.map((label) => (
          <span key={label.id} className={styles.chip}>
            {label.name}
            <button
              type="button"
              aria-label={t('labels.remove', { label: label.name })}
              onClick={() => change.mutate({ labelId: label.id, on: false })}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      {labels.length === 0 ? (
        <p className={styles.muted}>
          {t('labels.noneYet')} <Link to={paths.accountLabeler}>{t('nav.labels')}</Link>
        </p>
      ) : free.length > 0 ? (
        <form
          className={styles.form}
          style={{ marginTop: 12 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) change.mutate({ labelId: chosen, on: true });
          }}
        >
          <label>
            {t('labels.add')}
            <select name="label" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">{t('labels.choose')}</option>
              {free.map((label) => (
                <option key={label.id} value={label.id}>
                  {label.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="bw-btn bw-btn--ghost" disabled={!chosen || change.isPending}>
            {t('labels.put')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
