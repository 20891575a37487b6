import { DEFAULT_SMS_RATE } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../lib/use-language';
import { usePageMeta } from '../../../lib/use-page-meta';
import { CardGrid, type CardItem, CtaBand, marketing, PageHero, Section } from '../sections/blocks';
import styles from './product-pages.module.css';

/** /sentinel: gate attendance with RFID, NFC, QR or face, and an instant SMS to parents. */
export function SentinelPage() {
  const { t } = useTranslation(['products', 'public']);
  const { locale } = useLanguage();
  usePageMeta(t('public:pages.sentinel'), t('public:seo.sentinel'));
  const list = (key: string) => t(key, { returnObjects: true }) as CardItem[];
  return (
    <>
      <PageHero eyebrow={t('sentinel.eyebrow')} title={t('sentinel.title')} lead={t('sentinel.intro')}>
        <Link to={paths.contact} className="bw-btn bw-btn--primary bw-btn--large">
          {t('public:cta.contactSales')}
        </Link>
        <Link to={paths.pricing} className="bw-btn bw-btn--ghost bw-btn--large">
          {t('public:pages.pricing')}
        </Link>
      </PageHero>
      <Section id="how-title" title={t('sentinel.howTitle')}>
        <div className={marketing.split}>
          <CardGrid numbered format={new Intl.NumberFormat(locale).format} items={list('sentinel.how')} />
          <figure className={styles.phone}>
            <figcaption className={styles.phoneLabel}>{t('sentinel.smsLabel')}</figcaption>
            <p className={styles.bubble}>{t('sentinel.smsExample')}</p>
          </figure>
        </div>
      </Section>
      <Section id="features-title" title={t('sentinel.featuresTitle')} band>
        <CardGrid compact items={list('sentinel.features')} />
      </Section>
      <CtaBand
        title={t('sentinel.ctaTitle')}
        body={t('sentinel.ctaBody')}
        to={paths.contact}
        button={t('public:cta.contactSales')}
      />
    </>
  );
}

/** /ex/sms: the bulk SMS gateway product. */
export function SmsGatewayPage() {
  const { t } = useTranslation(['products', 'public']);
  const { locale } = useLanguage();
  usePageMeta(t('public:pages.bulkSms'), t('public:seo.bulkSms'));
  const rate = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(DEFAULT_SMS_RATE);
  return (
    <>
      <PageHero eyebrow={t('sms.eyebrow')} title={t('sms.title')} lead={t('sms.intro', { rate })}>
        <Link to={paths.signUp} className="bw-btn bw-btn--primary bw-btn--large">
          {t('public:cta.startFree')}
        </Link>
      </PageHero>
      <Section id="features-title" title={t('sms.featuresTitle')}>
        <CardGrid items={t('sms.features', { returnObjects: true }) as CardItem[]} />
      </Section>
      <Section id="pricing-title" title={t('sms.pricingTitle')} band>
        <div className={marketing.split}>
          <p>{t('sms.pricingBody')}</p>
          <div className={styles.rate}>
            <strong>{t('sms.rate', { rate })}</strong>
            <span>{t('sms.rateNote')}</span>
          </div>
        </div>
      </Section>
      <Section id="business-title" title={t('sms.businessTitle')} intro={t('sms.businessBody')}>
        <Link to={paths.contact} className="bw-btn bw-btn--ghost">
          {t('public:cta.contactSales')}
        </Link>
      </Section>
      <CtaBand
        title={t('sms.ctaTitle')}
        body={t('sms.ctaBody')}
        to={paths.signUp}
        button={t('public:cta.startFree')}
      />
    </>
  );
}
