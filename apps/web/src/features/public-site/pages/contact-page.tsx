import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSiteConfig } from '../news/support-chat';
import { PageHero } from '../sections/blocks';
import { ContactForm } from './contact-form';
import styles from './contact-page.module.css';

/** /contact (spec §2.2): address and contact details, a map and the form. */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'public']);
  const site = useSiteConfig().data;
  usePageMeta(t('public:pages.contact'), t('public:seo.contact'));
  return (
    <>
      <PageHero title={t('title')} lead={t('intro')} />
      <div className={styles.layout}>
        <div className={styles.details}>
          <section aria-labelledby="office-title" className={styles.card}>
            <h2 id="office-title" className={styles.cardTitle}>
              {t('office')}
            </h2>
            <address className={styles.address}>
              {(t('address', { returnObjects: true }) as string[]).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <dl className={styles.list}>
              <dt>{t('email')}</dt>
              <dd>{site ? <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> : '\u00a0'}</dd>
              {site?.contactPhone ? (
                <>
                  <dt>{t('phone')}</dt>
                  <dd>
                    <a href={`tel:${site.contactPhone.replace(/[^+\d]/g, '')}`} dir="ltr">
                      {site.contactPhone}
                    </a>
                  </dd>
                </>
              ) : null}
              <dt>{t('hours')}</dt>
              <dd>{t('hoursValue')}</dd>
            </dl>
          </section>
          <section aria-labelledby="map-title" className={styles.card}>
            <h2 id="map-title" className={styles.cardTitle}>
              {t('map.title')}
            </h2>
            <div className={styles.map}>
              {/* A third-party map loads only when the operator configured one (MAP_EMBED_URL). */}
              {site?.mapEmbedUrl ? (
                <iframe
                  src={site.mapEmbedUrl}
                  title={t('map.frameTitle')}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                />
              ) : (
                <img
                  src="/contact-map.svg"
                  alt={t('map.alt')}
                  width={640}
                  height={360}
                  loading="lazy"
                  decoding="async"
                />
              )}
            </div>
            {site ? (
              <a href={site.mapLinkUrl} target="_blank" rel="noopener noreferrer">
                {t('map.open')}
              </a>
            ) : null}
          </section>
        </div>
        <ContactForm />
      </div>
    </>
  );
}
