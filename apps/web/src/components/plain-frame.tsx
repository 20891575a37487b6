import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';
import { LanguageSwitch } from './language-switch';
import styles from './plain-frame.module.css';
import { ThemeToggle } from './theme-toggle';

/**
 * The frame of pages opened from links (payment results, QR scanners, the admission wizard…): a
 * slim bar with the brand, language and theme, no marketing navigation, and a "powered by" line.
 * Router-free, so the wizard's own light entry draws the same frame as the app's plain layout.
 */
export function PlainFrame({
  brand,
  languageClassName,
  children,
}: {
  brand: ReactNode;
  languageClassName?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="bw-frame">
      <header className={styles.bar}>
        {brand}
        <div className={styles.tools}>
          <LanguageSwitch className={languageClassName} />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        {t('footer.poweredBy')} · <a href={paths.serverStatus}>{t('nav.serverStatus')}</a>
      </footer>
    </div>
  );
}
