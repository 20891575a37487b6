import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandMark, CloseIcon, MenuIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { paths } from '../../lib/paths';
import { headerItems, productItems } from './nav-items';
import { ProductsMenu } from './products-menu';
import styles from './site-header.module.css';

export function BrandLink() {
  return (
    <Link to={paths.welcome} className={styles.brand}>
      <BrandMark />
      <span>Batchwise</span>
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.navLink} ${isActive ? styles.active : ''}`;

/**
 * Marketing header (spec part 1 §2.2): products, pages, language, theme, login and sign-up. The
 * menus open and close through lib/page-controls.ts (static pages have no React), so their
 * state lives in `aria-expanded` and `hidden`, not in React state.
 */
export function SiteHeader() {
  const { t } = useTranslation('common');
  const menuId = useId();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <BrandLink />
        <nav className={styles.desktopNav} aria-label={t('nav.main')}>
          <ProductsMenu />
          {headerItems.map((item) => (
            <NavLink key={item.key} to={item.to} className={navClass}>
              {t(`nav.${item.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.tools}>
          <LanguageSwitch className={styles.desktopOnly} />
          <ThemeToggle />
          <Link to={paths.signIn} className={`bw-btn bw-btn--ghost ${styles.desktopOnly}`}>
            {t('nav.login')}
          </Link>
          <Link to={paths.signUp} className={`bw-btn bw-btn--primary ${styles.desktopOnly}`}>
            {t('nav.signup')}
          </Link>
          <button
            type="button"
            className={`bw-icon-btn ${styles.menuButton}`}
            data-disclosure=""
            aria-expanded={false}
            aria-controls={menuId}
            aria-label={t('nav.menu')}
          >
            <MenuIcon className={styles.whenCollapsed} />
            <CloseIcon className={styles.whenExpanded} />
          </button>
        </div>
      </div>
      <nav id={menuId} className={styles.mobileMenu} aria-label={t('nav.main')} hidden>
        <p className={styles.mobileHeading}>{t('nav.products')}</p>
        <ul className={styles.mobileList}>
          {productItems.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className={styles.mobileLink}>
                {t(`nav.${item.key}`)}
                <span className={styles.productDescription}>{t(`nav.${item.descriptionKey}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <ul className={styles.mobileList}>
          {headerItems.map((item) => (
            <li key={item.key}>
              <NavLink to={item.to} className={styles.mobileLink}>
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className={styles.mobileLanguage}>
          <span>{t('language.label')}</span>
          <LanguageSwitch />
        </div>
        <div className={styles.mobileActions}>
          <Link to={paths.signIn} className="bw-btn bw-btn--ghost bw-btn--large">
            {t('nav.login')}
          </Link>
          <Link to={paths.signUp} className="bw-btn bw-btn--primary bw-btn--large">
            {t('nav.signup')}
          </Link>
        </div>
      </nav>
    </header>
  );
}
