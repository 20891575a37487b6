import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../lib/use-language';
import { usePageMeta } from '../../../lib/use-page-meta';
import { marketing, PageHero } from '../sections/blocks';

/** When the legal texts last changed; update with the texts. */
const UPDATED = Date.UTC(2025, 0, 15);

/** /Terms and /Privacy: numbered sections with a table of contents. */
export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation(['legal', 'public']);
  const { locale } = useLanguage();
  usePageMeta(t(`public:pages.${kind}`), t(`public:seo.${kind}`));
  const sections = t(`${kind}.sections`, { returnObjects: true }) as { title: string; body: string }[];
  const number = new Intl.NumberFormat(locale).format;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(UPDATED);
  return (
    <>
      <PageHero title={t(`${kind}.title`)} lead={t(`${kind}.intro`)}>
        <p className={marketing.eyebrow}>{t('updated', { date })}</p>
      </PageHero>
      <div className={marketing.section}>
        <div className={marketing.prose}>
          <nav aria-labelledby="contents-title">
            <h2 id="contents-title">{t('contents')}</h2>
            <ol>
              {sections.map((section, index) => (
                <li key={section.title}>
                  <a href={`#section-${index + 1}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section key={section.title} aria-labelledby={`section-${index + 1}`}>
              <h2 id={`section-${index + 1}`}>
                {number(index + 1)}. {section.title}
              </h2>
              <p>{section.body}</p>
            </section>
          ))}
          <p>
            <Link to={paths.contact}>{t('questions')}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
