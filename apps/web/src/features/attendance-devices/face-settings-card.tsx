import { FACE_THRESHOLD_MAX, FACE_THRESHOLD_MIN, type FaceSettings, faceEndpoints } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, queryKeyOf } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import styles from './devices.module.css';

/**
 * Face recognition at the kiosks: exactly what is stored about a registered face, the match
 * threshold the kiosks use (lower is stricter: more "not sure", fewer wrong names) and whether
 * registration keeps a photo as the student's picture. Owners and admins, like the devices.
 */
export function FaceSettingsCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['devices', 'domain', 'errors']);
  const params = { accountId };
  const queryClient = useQueryClient();
  const settings = useQuery(endpointQuery(faceEndpoints.settings, { params }));
  const [draft, setDraft] = useState<FaceSettings | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; text: string }>(
    {
      kind: 'idle',
    },
  );
  const thresholdId = useId();
  const photoId = useId();
  const value = draft ?? settings.data;

  const save = async () => {
    if (!value) return;
    setState({ kind: 'saving' });
    try {
      const saved = await call(faceEndpoints.updateSettings, { params, body: value });
      queryClient.setQueryData(queryKeyOf(faceEndpoints.settings, { params }), saved);
      setDraft(null);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'error', text: translateError(t, error) });
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${thresholdId}-title`} data-testid="face-settings">
      <h2 id={`${thresholdId}-title`}>{t('faces.title')}</h2>
      <p className={styles.muted}>{t('faces.stored')}</p>
      <ul className={styles.muted}>
        <li>{t('faces.storedNumbers')}</li>
        <li>{t('faces.storedNoPicture')}</li>
        <li>{t('faces.storedSealed')}</li>
        <li>{t('faces.storedDeleted')}</li>
        <li>{t('faces.storedKiosk')}</li>
      </ul>
      {!value ? (
        <p className={styles.muted}>
          {settings.isError ? translateError(t, settings.error) : t('faces.loading')}
        </p>
      ) : (
        <div className={styles.form}>
          <label className={styles.field} htmlFor={thresholdId}>
            <span>{t('faces.threshold', { value: value.threshold.toFixed(2) })}</span>
            <input
              id={thresholdId}
              type="range"
              min={FACE_THRESHOLD_MIN}
              max={FACE_THRESHOLD_MAX}
              step={0.01}
              value={value.threshold}
              onChange={(e) => setDraft({ ...value, threshold: Number(e.target.value) })}
            />
            <small>{t('faces.thresholdHelp')}</small>
          </label>
          <label className={styles.field} htmlFor={photoId}>
            <span>
              <input
                id={photoId}
                type="checkbox"
                checked={value.keepPhoto}
                onChange={(e) => setDraft({ ...value, keepPhoto: e.target.checked })}
              />{' '}
              {t('faces.keepPhoto')}
            </span>
          </label>
          <button
            type="button"
            className="bw-btn bw-btn--primary"
            disabled={draft === null || state.kind === 'saving'}
            onClick={() => void save()}
          >
            {t('faces.save')}
          </button>
          <p aria-live="polite" className={state.kind === 'error' ? styles.error : styles.muted}>
            {state.kind === 'saved' ? t('faces.saved') : state.kind === 'error' ? state.text : ''}
          </p>
        </div>
      )}
    </section>
  );
}
