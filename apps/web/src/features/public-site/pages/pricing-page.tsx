import { planEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { FaqList, PageHero, Section } from '../sections/blocks';
import { PricingPlansSlot } from './pricing-plans';

/** /pricing (spec §2.2, §9): Lite, Pro and Elite cards and a comparison table from the plan table, and 5 FAQs. */
export function PricingPage() {
  const { t } = useTranslation(['pricing', 'public']);
  usePageMeta(t('public:pages.pricing'), t('public:seo.pricing'));
  const plans = useQuery(endpointQuery(planEndpoints.list, {}));
  return (
    <>
      <PageHero title={t('title')} lead={t('intro')} />
      <PricingPlansSlot plans={plans.data?.plans} />
      <Section id="faq-title" title={t('public:faq.title')}>
        <FaqList items={t('faq', { returnObjects: true }) as { q: string; a: string }[]} />
      </Section>
    </>
  );
}
