import { landingConfigEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointQuery } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useLanguage } from '../../lib/use-language';
import { usePageMeta } from '../../lib/use-page-meta';
import { LandingCaseStudyText, LandingHeroText, LandingTestimonials } from './landing-parts';
import { LatestNews } from './news/latest-news';
import { CardGrid, CheckList, CtaBand, marketing, Section, Stats } from './sections/blocks';
import styles from './welcome-page.module.css';

/** The five feature highlights of the landing page (spec part 1 §2.2). */
const FEATURES = ['students', 'payments', 'sms', 'attendance', 'admission'] as const;

/**
 * Landing page (spec §2.2): hero, 5 features, testimonials, privacy, latest news, case study. The
 * hero, testimonials, case study and featured news are staff's to change (landing-parts.tsx).
 */
export function WelcomePage() {
  const { t } = useTranslation('public');
  const { locale } = useLanguage();
  const formatNumber = new Intl.NumberFormat(locale).format;
  usePageMeta(t('welcome.documentTitle'), t('seo.welcome'));
  // The static page gets staff's content from the server; this serves the app's own rendering.
  const landing = useQuery(endpointQuery(landingConfigEndpoints.landing)).data;
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{t('welcome.eyebrow')}</p>
          <LandingHeroText hero={landing?.hero} />
          <div className={styles.actions}>
            <Link to={paths.signUp} className="bw-btn bw-btn--primary bw-btn--large">
              {t('welcome.startFree')}
            </Link>
            <Link to={paths.pricing} className="bw-btn bw-btn--ghost bw-btn--large">
              {t('welcome.seePricing')}
            </Link>
          </div>
          <p className={styles.note}>{t('welcome.note')}</p>
          <div className={styles.stats}>
            <Stats
              items={t('welcome.stats', { returnObjects: true }) as { value: string; label: string }[]}
            />
          </div>
        </div>
      </section>

      <Section id="features-title" title={t('welcome.featuresTitle')} intro={t('welcome.featuresIntro')}>
        <CardGrid
          numbered
          compact
          format={formatNumber}
          items={FEATURES.map((feature) => ({
            title: t(`welcome.features.${feature}.title`),
            body: t(`welcome.features.${feature}.body`),
            feature: t(`welcome.features.${feature}.feature`),
          }))}
        />
      </Section>

      <Section id="testimonials-title" title={t('welcome.testimonials.title')} band>
        <LandingTestimonials items={landing?.testimonials} />
      </Section>

      <Section id="privacy-title" title={t('welcome.privacy.title')}>
        <div className={marketing.split}>
          <p className={styles.privacyBody}>{t('welcome.privacy.body')}</p>
          <div>
            <CheckList
              items={
                t('welcome.privacy.points', { returnObjects: true }) as { text: string; feature: string }[]
              }
            />
            <p>
              <Link to={paths.privacy}>{t('welcome.privacy.link')}</Link>
            </p>
          </div>
        </div>
      </Section>

      <Section id="news-title" title={t('welcome.news.title')} intro={t('welcome.news.intro')} band>
        <LatestNews featured={landing?.featuredNews} />
      </Section>

      <div className={marketing.section}>
        <section className={styles.caseStudy} aria-labelledby="case-title">
          <p className={marketing.eyebrow}>{t('welcome.caseStudy.eyebrow')}</p>
          <LandingCaseStudyText caseStudy={landing?.caseStudy} />
          <Link to={paths.caseStudy} className="bw-btn bw-btn--primary">
            {t('welcome.caseStudy.cta')}
          </Link>
        </section>
      </div>

      <CtaBand
        title={t('welcome.finalCta.title')}
        body={t('welcome.finalCta.body')}
        to={paths.signUp}
        button={t('cta.startFree')}
      />
    </>
  );
}
