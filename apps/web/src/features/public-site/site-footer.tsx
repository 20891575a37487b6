import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/icons';
import { LanguageSelect } from '../../components/language-switch';
import { useLanguage } from '../../lib/use-language';
import { footerColumns } from './nav-items';
import styles from './site-footer.module.css';
import { SocialLinks } from './social-links';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const { locale } = useLanguage();
  // Bangla readers expect Bangla digits in running text (২০২৫), not just translated words.
  const year = new Intl.NumberFormat(locale, { useGrouping: false }).format(new Date().getFullYear());
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <BrandMark width={28} height={28} />
            <span>Batchwise</span>
          </p>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <div className={styles.language}>
            <span className={styles.languageLabel}>{t('language.label')}</span>
            <LanguageSelect />
          </div>
          <SocialLinks />
        </div>
        {footerColumns.map((column) => (
          <nav key={column.key} className={styles.column} aria-label={t(`footer.columns.${column.key}`)}>
            <h2 className={styles.columnTitle}>{t(`footer.columns.${column.key}`)}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.key}>
                  <Link to={item.to}>{t(`nav.${item.key}`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p>{t('footer.copyright', { year })}</p>
        <p>{t('footer.madeIn')}</p>
      </div>
    </footer>
  );
}
