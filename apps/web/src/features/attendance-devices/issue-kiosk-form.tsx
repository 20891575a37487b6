import { DEVICE_NAME_MAX, type IssuedKiosk } from '@batchwise/domain';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './devices.module.css';
import { devicesApi } from './devices-api';

// The QR generator is only needed once a kiosk is issued.
const QrCode = lazy(async () => ({ default: (await import('../../components/qr-code')).QrCode }));

/** A text to copy, with a button; says whether it worked (clipboard needs a secure page). */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('devices');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.field}>
      <span>{label}</span>
      <div className={styles.copyRow}>
        <input
          readOnly
          value={value}
          aria-label={label}
          data-testid={testId}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="bw-btn bw-btn--ghost" onClick={() => void handleCopy()}>
          {t('kiosk.copy')}
        </button>
      </div>
      <small aria-live="polite">
        {state === 'copied' ? t('kiosk.copied') : state === 'failed' ? t('kiosk.copyFailed') : ''}
      </small>
    </div>
  );
}

/**
 * Issues a kiosk: a tablet at the gate that scans cards and QR codes in the browser. The key and
 * the link with it are shown here once (the server keeps only the key's hash), with a QR code to
 * open the link on the tablet without typing it.
 */
export function IssueKioskForm({ accountId, onIssued }: { accountId: string; onIssued: () => void }) {
  const { t } = useTranslation(['devices', 'domain', 'errors']);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [issued, setIssued] = useState<IssuedKiosk | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('add.needName'));
      return;
    }
    setSaving(true);
    setError('');
    try {
      setIssued(await devicesApi.issueKiosk(accountId, { name }));
      setName('');
      onIssued();
    } catch (err) {
      setError(translateError(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="issue-kiosk-title">
      <h2 id="issue-kiosk-title">{t('kiosk.title')}</h2>
      {issued ? (
        <div className={styles.issued} data-testid="kiosk-issued">
          <p className={styles.warning} role="alert">
            {t('kiosk.once', { name: issued.device.name })}
          </p>
          <CopyField label={t('kiosk.link')} value={issued.url} testId="kiosk-url" />
          <CopyField label={t('kiosk.key')} value={issued.key} testId="kiosk-key" />
          <div className={styles.qr}>
            <Suspense fallback={null}>
              <QrCode value={issued.url} size={180} title={t('kiosk.qrTitle')} />
            </Suspense>
          </div>
          <div className={styles.actions}>
            <a className="bw-btn bw-btn--ghost" href={issued.url} target="_blank" rel="noreferrer">
              {t('kiosk.open')}
            </a>
            <button type="button" className="bw-btn bw-btn--primary" onClick={() => setIssued(null)}>
              {t('kiosk.done')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className={styles.muted}>{t('kiosk.intro')}</p>
          <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
            <label className={styles.field}>
              {t('fields.name')}
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={t('kiosk.namePlaceholder')}
                maxLength={DEVICE_NAME_MAX}
              />
            </label>
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="bw-btn bw-btn--primary" disabled={saving}>
              {t('kiosk.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
