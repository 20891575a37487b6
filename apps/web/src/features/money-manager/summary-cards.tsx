import type { MoneyReport } from '@batchwise/domain';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/use-money';

type Summary = MoneyReport['summary'];

/** The figures of the financial summary (spec part 2 §3), main ones first and larger. */
const MAIN: (keyof Summary)[] = ['totalIncomePaisa', 'totalExpensePaisa', 'netProfitPaisa'];
const DETAIL: (keyof Summary)[] = [
  'totalCollectedPaisa',
  'totalRefundedPaisa',
  'totalWaivedPaisa',
  'netIncomePaisa',
  'tuitionPaisa',
  'otherFeesPaisa',
  'manualIncomePaisa',
];

const COLORS: Partial<Record<keyof Summary, string>> = {
  totalIncomePaisa: '#389e0d',
  totalExpensePaisa: '#cf1322',
};

export function SummaryCards({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  const { t } = useTranslation('money');
  const money = useMoney();
  if (!summary) return <Skeleton active paragraph={{ rows: 3 }} data-testid="money-summary-loading" />;
  const color = (key: keyof Summary) =>
    key === 'netProfitPaisa' ? (summary[key] < 0 ? '#cf1322' : '#389e0d') : COLORS[key];
  return (
    <div data-testid="money-summary" style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 0.2s' }}>
      <Row gutter={[12, 12]}>
        {MAIN.map((key) => (
          <Col key={key} xs={24} sm={8}>
            <Card size="small">
              <Statistic
                title={t(`summary.${key}`)}
                value={money(summary[key])}
                styles={{ content: { color: color(key), fontSize: 24 } }}
                data-testid={`money-${key}`}
              />
            </Card>
          </Col>
        ))}
        {DETAIL.map((key) => (
          <Col key={key} xs={12} sm={8} lg={6} xl={6}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic
                title={<Typography.Text type="secondary">{t(`summary.${key}`)}</Typography.Text>}
                value={money(summary[key])}
                styles={{ content: { fontSize: 18 } }}
                data-testid={`money-${key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
