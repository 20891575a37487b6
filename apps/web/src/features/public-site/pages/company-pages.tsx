import { maintenanceEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointQuery } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../lib/use-language';
import { usePageMeta } from '../../../lib/use-page-meta';
import { CardGrid, type CardItem, FaqList, marketing, PageHero, Section, Stats } from '../sections/blocks';

const useList = () => {
  const { t } = useTranslation(['company', 'public']);
  return <T,>(key: string) => t(key, { returnObjects: true }) as T[];
};

/** /careers: how we work, open positions and how to apply. */
export function CareersPage() {
  const { t } = useTranslation(['company', 'public']);
  const list = useList();
  usePageMeta(t('public:pages.careers'), t('public:seo.careers'));
  const openings = list<{ title: string; meta: string; body: string }>('careers.openings');
  return (
    <>
      <PageHero title={t('careers.title')} lead={t('careers.intro')} />
      <Section id="values-title" title={t('careers.valuesTitle')}>
        <CardGrid items={list<CardItem>('careers.values')} />
      </Section>
      <Section id="openings-title" title={t('careers.openingsTitle')} band>
        <ul className={marketing.grid}>
          {openings.map((job) => (
            <li key={job.title} className={marketing.card}>
              <h3 className={marketing.cardTitle}>{job.title}</h3>
              <p className={marketing.eyebrow}>{job.meta}</p>
              <p className={marketing.cardBody}>{job.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="apply-title" title={t('careers.applyTitle')} intro={t('careers.apply')}>
        <Link to={paths.contact} className="bw-btn bw-btn--primary bw-btn--large">
          {t('careers.applyButton')}
        </Link>
      </Section>
    </>
  );
}

/** /aboutus: the story, mission, values and numbers. */
export function AboutPage() {
  const { t } = useTranslation(['company', 'public']);
  const list = useList();
  usePageMeta(t('public:pages.aboutUs'), t('public:seo.aboutUs'));
  return (
    <>
      <PageHero title={t('about.title')} lead={t('about.intro')} />
      <Section id="mission-title" title={t('about.missionTitle')}>
        <p className={marketing.lead}>{t('about.mission')}</p>
      </Section>
      <Section id="values-title" title={t('about.valuesTitle')} band>
        <CardGrid items={list<CardItem>('about.values')} />
      </Section>
      <Section id="numbers-title" title={t('about.numbersTitle')}>
        <Stats items={list<{ value: string; label: string }>('public:welcome.stats')} />
      </Section>
    </>
  );
}

const SUPPORT_LINKS = [paths.contact, paths.blog, paths.serverStatus];

/** /Support: ways to reach us and common questions. */
export function SupportPage() {
  const { t } = useTranslation(['company', 'public']);
  const list = useList();
  usePageMeta(t('public:pages.support'), t('public:seo.support'));
  const channels = list<{ title: string; body: string; link: string }>('support.channels');
  return (
    <>
      <PageHero title={t('support.title')} lead={t('support.intro')} />
      <Section id="channels-title" title={t('support.channelsTitle')}>
        <ul className={marketing.grid}>
          {channels.map((channel, index) => (
            <li key={channel.title} className={marketing.card}>
              <h3 className={marketing.cardTitle}>{channel.title}</h3>
              <p className={marketing.cardBody}>{channel.body}</p>
              <p>
                <Link to={SUPPORT_LINKS[index] ?? paths.contact}>{channel.link}</Link>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="faq-title" title={t('support.faqTitle')} band>
        <FaqList items={list<{ q: string; a: string }>('support.faq')} />
      </Section>
    </>
  );
}

/**
 * /under-maintenance: shown while the service is being updated (a proxy may send visitors here
 * during a deploy, when the API does not answer). While staff have maintenance mode on, it adds
 * their message and since when; signed-in pages link here from their banner.
 */
export function MaintenancePage() {
  const { t } = useTranslation(['company', 'public']);
  const { locale } = useLanguage();
  usePageMeta(t('public:pages.underMaintenance'), t('public:seo.underMaintenance'));
  const state = useQuery(endpointQuery(maintenanceEndpoints.status));
  const on = state.data?.on === true;
  return (
    <PageHero title={t('maintenance.title')} lead={t('maintenance.body')}>
      {on ? (
        <p
          data-testid="maintenance-message"
          style={{ flexBasis: '100%', margin: 0, overflowWrap: 'anywhere' }}
        >
          <strong>{t('maintenance.current')}</strong> {state.data?.message}
          {state.data?.since
            ? ` (${t('maintenance.since', { time: formatDateTime(state.data.since, locale) })})`
            : ''}
        </p>
      ) : null}
      <a href={paths.welcome} className="bw-btn bw-btn--primary bw-btn--large">
        {t('maintenance.retry')}
      </a>
      <Link to={paths.serverStatus} className="bw-btn bw-btn--ghost bw-btn--large">
        {t('maintenance.status')}
      </Link>
    </PageHero>
  );
}
