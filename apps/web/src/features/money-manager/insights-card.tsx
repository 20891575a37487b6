import type { MoneyReport } from '@batchwise/domain';
import { toBanglaDigits } from '@batchwise/domain';
import { Card, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { categoryLabel, formatDay } from './money-api';

/**
 * Business insights of the chosen range (spec part 2 §2): the best day, the average day, where
 * the money went and what else came in, read from the report the summary cards use.
 */
export function InsightsCard({ report }: { report: MoneyReport | undefined }) {
  const { t } = useTranslation('money');
  const { language, locale } = useLanguage();
  const money = useMoney();
  if (!report) {
    return (
      <Card size="small" title={t('insights.title')}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  const percent = (part: number, whole: number) => {
    const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
      whole > 0 ? part / whole : 0,
    );
    return language === 'bn' ? toBanglaDigits(text) : text;
  };
  const best = report.days.reduce<(typeof report.days)[number] | null>(
    (top, d) => (d.incomePaisa > 0 && (!top || d.incomePaisa > top.incomePaisa) ? d : top),
    null,
  );
  const netTotal = report.days.reduce((sum, d) => sum + d.netPaisa, 0);
  const average = report.days.length > 0 ? Math.round(netTotal / report.days.length) : 0;
  const topExpense = report.categories.find((c) => c.kind === 'expense');
  const topIncome = report.categories.find((c) => c.kind === 'income');
  const { summary } = report;
  const items = [
    report.days.length > 1 && best
      ? t('insights.bestDay', { day: formatDay(best.key, locale), amount: money(best.incomePaisa) })
      : null,
    report.days.length > 1 ? t('insights.average', { amount: money(average) }) : null,
    topExpense
      ? t('insights.topExpense', {
          category: categoryLabel(t, 'expense', topExpense.category),
          amount: money(topExpense.paisa),
          share: percent(topExpense.paisa, summary.totalExpensePaisa),
        })
      : null,
    topIncome
      ? t('insights.topIncome', {
          category: categoryLabel(t, 'income', topIncome.category),
          amount: money(topIncome.paisa),
        })
      : null,
    summary.totalCollectedPaisa > 0
      ? t('insights.feesShare', { share: percent(summary.totalCollectedPaisa, summary.totalIncomePaisa) })
      : null,
  ].filter((item): item is string => item !== null);
  return (
    <Card size="small" title={t('insights.title')} data-testid="money-insights">
      {items.length === 0 ? (
        <Typography.Text type="secondary">{t('insights.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          split={false}
          dataSource={items}
          renderItem={(item) => <List.Item>{item}</List.Item>}
        />
      )}
    </Card>
  );
}
