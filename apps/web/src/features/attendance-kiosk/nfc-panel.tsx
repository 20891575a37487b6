import { useTranslation } from 'react-i18next';
import styles from './kiosk.module.css';
import { useWebNfc } from './use-web-nfc';

/**
 * Web NFC on the kiosk. On `/nfc-control-hub` (`primary`) it is the main input and says plainly
 * when the browser cannot read NFC; on the other kiosks it appears only where NFC works.
 */
export function NfcPanel({
  onSerial,
  primary = false,
}: {
  onSerial: (serial: string) => void;
  primary?: boolean;
}) {
  const { t } = useTranslation('kiosk');
  const nfc = useWebNfc(onSerial);
  if (nfc.state === 'unsupported' && !primary) return null;
  const message =
    nfc.state === 'unsupported'
      ? t('nfc.unsupported')
      : nfc.state === 'listening'
        ? t('nfc.listening')
        : nfc.state === 'denied'
          ? t('nfc.denied')
          : nfc.state === 'failed'
            ? t('nfc.failed')
            : nfc.state === 'starting'
              ? t('nfc.starting')
              : t('nfc.intro');
  const problem = nfc.state === 'unsupported' || nfc.state === 'denied' || nfc.state === 'failed';
  return (
    <section className={styles.nfc} data-state={nfc.state} data-testid="kiosk-nfc">
      <p className={problem ? styles.nfcProblem : styles.nfcMessage} role={problem ? 'alert' : 'status'}>
        {message}
      </p>
      {nfc.state !== 'unsupported' && nfc.state !== 'listening' && (
        <button
          type="button"
          className={`bw-btn bw-btn--primary ${primary ? 'bw-btn--large' : ''}`}
          disabled={nfc.state === 'starting'}
          onClick={() => void nfc.start()}
        >
          {t('nfc.start')}
        </button>
      )}
    </section>
  );
}
