import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../lib/use-language';
import { usePageMeta } from '../../../lib/use-page-meta';
import { CardGrid, type CardItem, CtaBand, marketing, PageHero, Section, Stats } from '../sections/blocks';

type Stat = { value: string; label: string };

/** /casestudy (spec §2.2): hero, about, six challenges, solutions, six impacts, Start For Free. */
export function CaseStudyPage() {
  const { t } = useTranslation(['company', 'public']);
  const { locale } = useLanguage();
  usePageMeta(t('public:pages.caseStudy'), t('public:seo.caseStudy'));
  const list = <T,>(key: string) => t(key, { returnObjects: true }) as T[];
  return (
    <>
      <PageHero eyebrow={t('caseStudy.eyebrow')} title={t('caseStudy.title')} lead={t('caseStudy.intro')}>
        <Link to={paths.signUp} className="bw-btn bw-btn--primary bw-btn--large">
          {t('public:cta.startFree')}
        </Link>
      </PageHero>
      <Section id="about-title" title={t('caseStudy.aboutTitle')}>
        <div className={marketing.split}>
          <p>{t('caseStudy.about')}</p>
          <Stats items={list<Stat>('caseStudy.facts')} />
        </div>
      </Section>
      <Section id="challenges-title" title={t('caseStudy.challengesTitle')} band>
        <CardGrid
          numbered
          format={new Intl.NumberFormat(locale).format}
          items={list<CardItem>('caseStudy.challenges')}
        />
      </Section>
      <Section id="solutions-title" title={t('caseStudy.solutionsTitle')}>
        <CardGrid compact items={list<CardItem>('caseStudy.solutions')} />
      </Section>
      <Section id="impact-title" title={t('caseStudy.impactTitle')} band>
        <Stats items={list<Stat>('caseStudy.impact')} />
        <figure className={marketing.prose}>
          <blockquote>
            <p>{t('caseStudy.quote')}</p>
          </blockquote>
          <figcaption>{t('caseStudy.quoteBy')}</figcaption>
        </figure>
      </Section>
      <CtaBand
        title={t('caseStudy.ctaTitle')}
        body={t('caseStudy.ctaBody')}
        to={paths.signUp}
        button={t('public:cta.startFree')}
      />
    </>
  );
}
