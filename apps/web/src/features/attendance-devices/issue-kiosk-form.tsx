import type { IssuedKiosk } from '@batchwise/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceNameForm } from './device-name-form';
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
  const [issued, setIssued] = useState<IssuedKiosk | null>(null);

  const handleSend = async () => {
    setIssued(await devicesApi.issueKiosk(accountId, { name }));
    setName('');
    onIssued();
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
          <DeviceNameForm
            name={name}
            onNameChange={setName}
            namePlaceholder={t('kiosk.namePlaceholder')}
            submitLabel={t('kiosk.submit')}
            check={() => (name.trim() ? '' : t('add.needName'))}
            send={handleSend}
          />
        </>
      )}
    </section>
  );
}
