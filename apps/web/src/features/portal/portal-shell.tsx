import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { PORTAL_PAGES, type PortalArea, type PortalPage, paths, portalPath } from '../../lib/paths';
import { followLink } from './portal-location';
import styles from './portal-shell.module.css';

/**
 * The signed-in frame of the family portal: who is signed in, language and theme, and one menu
 * entry per page (a row that scrolls sideways on a phone). Plain elements and CSS modules only:
 * Ant Design would triple the first load of a page opened from an SMS on a slow phone.
 */
export function PortalShell({
  area,
  page,
  who,
  childQuery,
  children,
}: {
  area: PortalArea;
  page: PortalPage;
  /** The header's name: the person's own, or "Parent of Rafi" until they give one. */
  who: string;
  /** `?student=…` kept across a parent's pages. */
  childQuery: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <div className={`bw-frame ${styles.frame}`}>
      <header className={styles.bar}>
        <a href={portalPath(area, 'dashboard')} onClick={followLink} className={styles.brand}>
          <BrandMark />
          <span className={styles.brandName}>Batchwise</span>
        </a>
        <a
          href={portalPath(area, 'settings')}
          onClick={followLink}
          className={styles.who}
          data-testid="portal-who"
        >
          {who}
        </a>
        <div className={styles.tools}>
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <nav className={styles.nav} aria-label={t('menu.label')}>
        <ul>
          {PORTAL_PAGES.map((entry) => (
            <li key={entry}>
              <a
                href={`${portalPath(area, entry)}${entry === 'settings' ? '' : childQuery}`}
                onClick={followLink}
                aria-current={entry === page ? 'page' : undefined}
                data-testid={`portal-menu-${entry}`}
              >
                {t(`menu.${entry}`)}
              </a>
            </li>
          ))}
          <li>
            <a href={paths.forceLogout}>{t('menu.signOut')}</a>
          </li>
        </ul>
      </nav>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
