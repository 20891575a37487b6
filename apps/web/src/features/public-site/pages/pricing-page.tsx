import { ADD_ON_COUNT, DEFAULT_SMS_RATE, PLANS, type Plan } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../lib/use-language';
import { usePageMeta } from '../../../lib/use-page-meta';
import { CheckList, FaqList, PageHero, Section } from '../sections/blocks';
import styles from './pricing-page.module.css';

/** /pricing (spec §2.2, §9): Lite, Pro and Elite cards, a comparison table and 5 FAQs. */
export function PricingPage() {
  const { t } = useTranslation(['pricing', 'public']);
  const { locale } = useLanguage();
  const n = new Intl.NumberFormat(locale).format;
  usePageMeta(t('public:pages.pricing'), t('public:seo.pricing'));

  const price = (plan: Plan) =>
    plan.pricePerStudentTaka === null
      ? t(`plans.${plan.id}.price`)
      : t('taka', { amount: n(plan.pricePerStudentTaka) });
  const moderators = (plan: Plan) =>
    plan.moderators === null
      ? t('features.moderatorsUnlimited')
      : t('features.moderators', { count: plan.moderators, n: n(plan.moderators) });
  const features = (plan: Plan) => [
    t('features.unlimitedStudents'),
    moderators(plan),
    t(`features.privilege.${plan.privilegeControl}`),
    t('features.video', { size: n(plan.videoStorageTb) }),
    t('features.files', { size: n(plan.fileStorageTb) }),
    ...(plan.dataLossProtectionDays
      ? [t('features.protection', { days: n(plan.dataLossProtectionDays) })]
      : []),
    t('features.addOns', { count: ADD_ON_COUNT, n: n(ADD_ON_COUNT) }),
    ...(plan.quotedOnRequest ? [t('features.dedicated')] : []),
  ];
  const rows: [string, (plan: Plan) => string][] = [
    ['price', price],
    ['sms', () => t('comparison.rows.smsValue')],
    ['students', () => t('comparison.unlimited')],
    ['moderators', (plan) => (plan.moderators === null ? t('comparison.unlimited') : n(plan.moderators))],
    ['privilege', (plan) => t(`comparison.privilege.${plan.privilegeControl}`)],
    ['video', (plan) => t('comparison.tb', { size: n(plan.videoStorageTb) })],
    ['files', (plan) => t('comparison.tb', { size: n(plan.fileStorageTb) })],
    [
      'protection',
      (plan) =>
        plan.dataLossProtectionDays
          ? t('comparison.days', { days: n(plan.dataLossProtectionDays) })
          : t('comparison.no'),
    ],
    ['addOns', () => t('comparison.addOns', { count: n(ADD_ON_COUNT) })],
    ['branches', (plan) => (plan.id === 'lite' ? t('comparison.no') : t('comparison.yes'))],
  ];

  return (
    <>
      <PageHero title={t('title')} lead={t('intro')} />
      <div className={styles.plans}>
        {PLANS.map((plan) => (
          <section
            key={plan.id}
            className={`${styles.plan} ${plan.id === 'pro' ? styles.featured : ''}`}
            aria-labelledby={`plan-${plan.id}`}
          >
            {plan.id === 'pro' ? <p className={styles.badge}>{t('popular')}</p> : null}
            <h2 id={`plan-${plan.id}`} className={styles.planName}>
              {t(`plans.${plan.id}.name`)}
            </h2>
            <p className={styles.tagline}>{t(`plans.${plan.id}.tagline`)}</p>
            <p className={styles.price}>
              <span className={styles.amount}>{price(plan)}</span>
              {plan.pricePerStudentTaka === null ? null : (
                <span className={styles.per}>{t('perStudent')}</span>
              )}
            </p>
            <p className={styles.priceNote}>
              {plan.pricePerStudentTaka === null
                ? t(`plans.${plan.id}.priceNote`)
                : t('smsExtra', {
                    rate: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(
                      DEFAULT_SMS_RATE,
                    ),
                  })}
            </p>
            <Link
              to={plan.id === 'lite' ? paths.signUp : paths.contact}
              className={`bw-btn bw-btn--large ${plan.id === 'pro' ? 'bw-btn--primary' : 'bw-btn--ghost'}`}
            >
              {t(`plans.${plan.id}.cta`)}
            </Link>
            <CheckList items={features(plan)} />
          </section>
        ))}
      </div>
      <Section id="compare-title" title={t('comparison.title')} band>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('comparison.feature')}</th>
                {PLANS.map((plan) => (
                  <th key={plan.id} scope="col">
                    {t(`plans.${plan.id}.name`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([key, value]) => (
                <tr key={key}>
                  <th scope="row">{t(`comparison.rows.${key}`)}</th>
                  {PLANS.map((plan) => (
                    <td key={plan.id}>{value(plan)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section id="faq-title" title={t('public:faq.title')}>
        <FaqList items={t('faq', { returnObjects: true }) as { q: string; a: string }[]} />
      </Section>
    </>
  );
}
