import { DEFAULT_SMS_RATE, type PlanView, TOOL_CATALOGUE } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../lib/use-language';
import { CheckList, PlannedTag, Section } from '../sections/blocks';
import styles from './pricing-page.module.css';

type Claim = { text: string; feature: string };

/**
 * The plan cards and the comparison table, drawn from the plan table as staff left it (spec part
 * 1 §9), never from page copy. Without `plans` it is the loading state: the pre-rendered page
 * keeps that until the server fills it per request (`data-slot-pending` otherwise starts the app,
 * which fetches them). Every claim names its feature key, for the public-site claims test.
 */
export function PricingPlansSlot({ plans }: { plans?: readonly PlanView[] }) {
  const { t } = useTranslation(['pricing', 'public']);
  const { locale } = useLanguage();
  const n = new Intl.NumberFormat(locale).format;
  if (!plans) {
    return (
      <div data-plans-slot="" data-slot-pending="" className={styles.plans}>
        <p>{t('loading')}</p>
      </div>
    );
  }
  const tb = (gb: number) => n(Math.round((gb / 1024) * 10) / 10);
  const price = (plan: PlanView) =>
    plan.pricePerStudentPaisa === null
      ? t(`plans.${plan.id}.price`)
      : t('taka', { amount: n(plan.pricePerStudentPaisa / 100) });
  const claims = (plan: PlanView): Claim[] => {
    const { limits, features } = plan;
    const has = (key: PlanView['features'][number]) => features.includes(key);
    return [
      ...(has('students') ? [{ text: t('features.students'), feature: 'students' }] : []),
      {
        feature: 'assistants',
        text:
          limits.moderators === null
            ? t('features.moderatorsUnlimited')
            : t('features.moderators', { count: limits.moderators, n: n(limits.moderators) }),
      },
      ...(has('assistant-permissions')
        ? [{ text: t('features.permissions'), feature: 'assistant-permissions' }]
        : []),
      ...(has('full-privilege-control')
        ? [{ text: t('features.fullPrivilege'), feature: 'full-privilege-control' }]
        : []),
      ...TOOL_CATALOGUE.map((tool) => ({
        feature: tool.key,
        text: plan.tools.includes(tool.key)
          ? t('features.tool', { tool: t(`tools.${tool.key}`) })
          : t('features.trial', { tool: t(`tools.${tool.key}`), days: n(tool.trialDays) }),
      })),
      ...(has('video-courses')
        ? [
            {
              feature: 'video-courses',
              text:
                limits.videoStorageGb === null
                  ? t('features.videoUnlimited')
                  : t('features.video', { size: tb(limits.videoStorageGb) }),
            },
          ]
        : []),
      ...(has('files')
        ? [
            {
              feature: 'files',
              text:
                limits.fileStorageGb === null
                  ? t('features.filesUnlimited')
                  : t('features.files', { size: tb(limits.fileStorageGb) }),
            },
          ]
        : []),
      ...(has('data-recovery') && limits.recoveryDays > 0
        ? [{ feature: 'data-recovery', text: t('features.recovery', { days: n(limits.recoveryDays) }) }]
        : []),
    ];
  };
  const yesNo = (yes: boolean) => (yes ? t('comparison.yes') : t('comparison.no'));
  const storage = (gb: number | null, included: boolean) =>
    !included
      ? t('comparison.no')
      : gb === null
        ? t('comparison.unlimited')
        : t('comparison.tb', { size: tb(gb) });
  const rows: [string, string, (plan: PlanView) => string][] = [
    ['price', 'fees', price],
    ['sms', 'sms', () => t('comparison.rows.smsValue')],
    ['students', 'students', () => t('comparison.unlimited')],
    [
      'moderators',
      'assistants',
      (plan) => (plan.limits.moderators === null ? t('comparison.unlimited') : n(plan.limits.moderators)),
    ],
    [
      'permissions',
      'assistant-permissions',
      (plan) => yesNo(plan.features.includes('assistant-permissions')),
    ],
    [
      'fullPrivilege',
      'full-privilege-control',
      (plan) => yesNo(plan.features.includes('full-privilege-control')),
    ],
    ...TOOL_CATALOGUE.map((tool): [string, string, (plan: PlanView) => string] => [
      `tool:${tool.key}`,
      tool.key,
      (plan) =>
        plan.tools.includes(tool.key)
          ? t('comparison.yes')
          : t('comparison.trial', { days: n(tool.trialDays) }),
    ]),
    [
      'video',
      'video-courses',
      (plan) => storage(plan.limits.videoStorageGb, plan.features.includes('video-courses')),
    ],
    ['files', 'files', (plan) => storage(plan.limits.fileStorageGb, plan.features.includes('files'))],
    [
      'recovery',
      'data-recovery',
      (plan) =>
        plan.features.includes('data-recovery') && plan.limits.recoveryDays > 0
          ? t('comparison.days', { days: n(plan.limits.recoveryDays) })
          : t('comparison.no'),
    ],
  ];
  const rowName = (key: string) =>
    key.startsWith('tool:') ? t(`tools.${key.slice(5)}`) : t(`comparison.rows.${key}`);

  return (
    <div data-plans-slot="">
      <div className={styles.plans}>
        {plans.map((plan) => (
          <section
            key={plan.id}
            className={`${styles.plan} ${plan.id === 'pro' ? styles.featured : ''}`}
            aria-labelledby={`plan-${plan.id}`}
            data-plan={plan.id}
          >
            {plan.id === 'pro' ? <p className={styles.badge}>{t('popular')}</p> : null}
            <h2 id={`plan-${plan.id}`} className={styles.planName}>
              {t(`plans.${plan.id}.name`)}
            </h2>
            <p className={styles.tagline}>{t(`plans.${plan.id}.tagline`)}</p>
            <p className={styles.price}>
              <span className={styles.amount}>{price(plan)}</span>
              {plan.pricePerStudentPaisa === null ? null : (
                <span className={styles.per}>{t('perStudent')}</span>
              )}
            </p>
            <p className={styles.priceNote}>
              {plan.pricePerStudentPaisa === null
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
            <CheckList items={claims(plan)} />
          </section>
        ))}
      </div>
      <Section id="compare-title" title={t('comparison.title')} band>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('comparison.feature')}</th>
                {plans.map((plan) => (
                  <th key={plan.id} scope="col">
                    {t(`plans.${plan.id}.name`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([key, feature, value]) => (
                <tr key={key} data-feature={feature}>
                  <th scope="row">
                    {rowName(key)} <PlannedTag feature={feature} />
                  </th>
                  {plans.map((plan) => (
                    <td key={plan.id}>{value(plan)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </div>
  );
}
