import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import styles from './welcome-page.module.css';

/** The five feature highlights of the landing page (spec part 1 §2.2). */
const FEATURES = ['students', 'payments', 'sms', 'attendance', 'admission'] as const;

/**
 * Landing page. For now the hero and feature list; testimonials, news and the case study arrive
 * with the marketing-site issue.
 */
export function WelcomePage() {
  const { t } = useTranslation('public');
  const { locale } = useLanguage();
  const formatNumber = new Intl.NumberFormat(locale).format;
  useDocumentTitle(t('welcome.documentTitle'));
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{t('welcome.eyebrow')}</p>
          <h1 id="hero-title" className={styles.title}>
            Batchwise
          </h1>
          <p className={styles.pitch}>{t('welcome.pitch')}</p>
          <div className={styles.actions}>
            <Link to={paths.signUp} className="bw-btn bw-btn--primary bw-btn--large">
              {t('welcome.startFree')}
            </Link>
            <Link to={paths.pricing} className="bw-btn bw-btn--ghost bw-btn--large">
              {t('welcome.seePricing')}
            </Link>
          </div>
          <p className={styles.note}>{t('welcome.note')}</p>
        </div>
      </section>
      <section className={styles.features} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.featuresTitle}>
          {t('welcome.featuresTitle')}
        </h2>
        <ul className={styles.featureGrid}>
          {FEATURES.map((feature, index) => (
            <li key={feature} className={styles.feature}>
              <span className={styles.featureNumber} aria-hidden="true">
                {formatNumber(index + 1)}
              </span>
              <h3 className={styles.featureTitle}>{t(`welcome.features.${feature}.title`)}</h3>
              <p className={styles.featureBody}>{t(`welcome.features.${feature}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
