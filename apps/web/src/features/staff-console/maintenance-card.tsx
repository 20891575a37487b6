import { maintenanceEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import styles from './staff-console.module.css';

/**
 * Maintenance mode's switch: on with the message signed-in users see (their writes are refused
 * meanwhile), off again. Switching on asks once more, since it stops every school's work.
 */
export function MaintenanceCard() {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const state = useQuery(endpointQuery(maintenanceEndpoints.status));
  const change = useMutation({
    mutationFn: (on: boolean) =>
      call(maintenanceEndpoints.set, { body: on ? { on: true, message } : { on: false } }),
    onSuccess: () => {
      setConfirming(false);
      setMessage('');
      return refresh(queryClient, 'maintenance');
    },
  });
  const on = state.data?.on === true;

  return (
    <section className={styles.card} aria-labelledby="maintenance-title" data-testid="maintenance-card">
      <h2 id="maintenance-title">{t('maintenance.title')}</h2>
      {change.isError ? (
        <p className={styles.error} role="alert">
          {translateError(t, change.error)}
        </p>
      ) : null}
      {on ? (
        <>
          <p className={styles.error} role="status">
            {t('maintenance.isOn', {
              message: state.data?.message ?? '',
              since: state.data?.since ? formatDateTime(state.data.since, locale) : '',
            })}
          </p>
          <button
            type="button"
            className="bw-btn bw-btn--primary"
            disabled={change.isPending}
            onClick={() => change.mutate(false)}
          >
            {t('maintenance.switchOff')}
          </button>
        </>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (confirming) change.mutate(true);
            else setConfirming(true);
          }}
        >
          <p className={`${styles.muted} ${styles.wide}`}>{t('maintenance.hint')}</p>
          <label className={styles.wide}>
            {t('maintenance.message')}
            <input
              name="maintenance-message"
              value={message}
              maxLength={300}
              onChange={(e) => {
                setMessage(e.target.value);
                setConfirming(false);
              }}
              placeholder={t('maintenance.placeholder')}
            />
          </label>
          <button type="submit" className="bw-btn bw-btn--ghost" disabled={change.isPending}>
            {confirming ? t('maintenance.confirm') : t('maintenance.switchOn')}
          </button>
          {confirming ? (
            <button type="button" className="bw-btn bw-btn--ghost" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </button>
          ) : null}
        </form>
      )}
    </section>
  );
}
