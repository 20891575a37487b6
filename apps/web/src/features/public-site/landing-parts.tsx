import type { BilingualText, LandingConfig } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { marketing } from './sections/blocks';
import styles from './welcome-page.module.css';

// The landing page's parts staff may change (`/config-landing-page`). Each renders the saved
// content, or the built-in text of the translation files when the part is null or not given.
// The build pre-renders them with the built-in text and the server fills the saved content in
// per request (prerender/entry-server.tsx `renderLanding`), so the page stays static: no script.

export type LandingPart = 'hero' | 'testimonials' | 'caseStudy';

type Testimonial = { quote: string; name: string; role: string };

/** The visitor's language of a bilingual text (Bangla pages read `bn`). */
function useBilingual(): (text: BilingualText) => string {
  const { i18n } = useTranslation();
  return (text) => (i18n.language === 'bn' ? text.bn : text.en);
}

export function LandingHeroText({ hero }: { hero?: LandingConfig['hero'] }) {
  const { t } = useTranslation('public');
  const pick = useBilingual();
  return (
    <div data-landing-part="hero">
      <h1 id="hero-title" className={styles.title}>
        {hero ? pick(hero.title) : t('welcome.heroTitle')}
      </h1>
      <p className={styles.pitch}>{hero ? pick(hero.pitch) : t('welcome.pitch')}</p>
    </div>
  );
}

export function LandingTestimonials({ items }: { items?: LandingConfig['testimonials'] }) {
  const { t } = useTranslation('public');
  const pick = useBilingual();
  const shown: Testimonial[] = items
    ? items.map((item) => ({ quote: pick(item.quote), name: item.name, role: pick(item.role) }))
    : (t('welcome.testimonials.items', { returnObjects: true }) as Testimonial[]);
  return (
    <ul className={marketing.grid} data-landing-part="testimonials">
      {shown.map((item) => (
        <li key={item.name} className={marketing.card}>
          <figure className={styles.quote}>
            <blockquote>{item.quote}</blockquote>
            <figcaption>
              <strong>{item.name}</strong>
              <span>{item.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function LandingCaseStudyText({ caseStudy }: { caseStudy?: LandingConfig['caseStudy'] }) {
  const { t } = useTranslation('public');
  const pick = useBilingual();
  return (
    <div data-landing-part="caseStudy">
      <h2 id="case-title" className={marketing.h2}>
        {caseStudy ? pick(caseStudy.title) : t('welcome.caseStudy.title')}
      </h2>
      <p className={styles.caseBody}>{caseStudy ? pick(caseStudy.body) : t('welcome.caseStudy.body')}</p>
    </div>
  );
}

/** One part with the saved content (null: built-in), for the server's rendering. */
export function LandingPartSlot({ part, config }: { part: LandingPart; config?: LandingConfig }) {
  if (part === 'hero') return <LandingHeroText hero={config?.hero} />;
  if (part === 'testimonials') return <LandingTestimonials items={config?.testimonials} />;
  return <LandingCaseStudyText caseStudy={config?.caseStudy} />;
}
