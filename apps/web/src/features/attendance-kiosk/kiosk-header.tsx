import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { useLanguage } from '../../lib/use-language';
import styles from './kiosk.module.css';
import { formatKioskDate, formatKioskTime } from './kiosk-time';

function Clock() {
  const { locale } = useLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.clock}>
      <span className={styles.clockTime}>{formatKioskTime(now, locale)}</span>
      <span className={styles.clockDate}>{formatKioskDate(now, locale)}</span>
    </div>
  );
}

function FullScreenButton() {
  const { t } = useTranslation('kiosk');
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const handleChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const handleClick = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  return (
    <button type="button" className="bw-btn bw-btn--ghost" onClick={handleClick}>
      {full ? t('exitFullScreen') : t('fullScreen')}
    </button>
  );
}

/**
 * The kiosk's top bar: whose kiosk it is, whether it reaches the server, how many scans wait to
 * be sent, the time in Bangladesh, and the language and full-screen switches.
 */
export function KioskHeader({
  titleId,
  institution,
  deviceName,
  online,
  waiting,
}: {
  titleId: string;
  institution: string;
  deviceName: string;
  online: boolean;
  /** Null on the identify page, which keeps no queue. */
  waiting: number | null;
}) {
  const { t } = useTranslation('kiosk');
  const { locale } = useLanguage();
  return (
    <header className={styles.header}>
      <div className={styles.who}>
        <h1 id={titleId} className={styles.institution}>
          {institution}
        </h1>
        <p className={styles.device}>{t('device', { name: deviceName })}</p>
      </div>
      <div className={styles.status}>
        <span className={styles.badge} data-online={online} data-testid="kiosk-online">
          {online ? t('online') : t('offline')}
        </span>
        {waiting !== null && (
          <span className={styles.badge} data-waiting={waiting > 0} data-testid="kiosk-waiting">
            {waiting > 0
              ? t('waiting', { count: waiting, n: new Intl.NumberFormat(locale).format(waiting) })
              : t('allSent')}
          </span>
        )}
        <Clock />
        <LanguageSwitch />
        <FullScreenButton />
      </div>
    </header>
  );
}
