import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import styles from './plain-layout.module.css';
import { BrandLink } from './site-header';

/**
 * Tool, receipt and report pages opened from links (payment results, QR scanners…): a slim bar
 * with language and theme, no marketing navigation, and a "powered by" line.
 */
export function PlainLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="bw-frame">
      <header className={styles.bar}>
        <BrandLink />
        <div className={styles.tools}>
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>{t('footer.poweredBy')}</footer>
    </div>
  );
}
