import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { paths } from '../../lib/paths';
import styles from './auth-layout.module.css';

/** Sign-in, sign-up and friends: a centred card, no marketing navigation to distract. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="bw-frame">
      <header className={styles.bar}>
        <Link to={paths.welcome} className={styles.brand}>
          <BrandMark />
          <span>Batchwise</span>
        </Link>
        <div className={styles.tools}>
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className={styles.main}>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
      <footer className={styles.footer}>
        <Link to={paths.privacy}>{t('nav.privacy')}</Link>
        <Link to={paths.terms}>{t('nav.terms')}</Link>
        <Link to={paths.support}>{t('nav.support')}</Link>
        <a href={paths.serverStatus}>{t('nav.serverStatus')}</a>
      </footer>
    </div>
  );
}
