import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { dayOf, type MoneyEntryKind, type MoneyEntryView } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { canManageFees } from '../../lib/app-pages';
import { paths } from '../../lib/paths';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { DailyBreakdown } from './daily-breakdown';
import { EntryDialog } from './entry-dialog';
import { CollectionPanel, TrendPanel } from './insight-panels';
import { InsightsCard } from './insights-card';
import { type DayRange, formatDay, type RangeChoice, rangeOf, reportQuery } from './money-api';
import { OverviewCard } from './overview-card';
import { SummaryCards } from './summary-cards';
import { TransactionsList } from './transactions-list';

/**
 * The money manager (spec part 2 §2): "track income and expenses". The daily
 * breakdown with Today, Yesterday and Custom, the financial summary, charts, collection rate,
 * transaction history, the institution overview and manual entries. Owners and admins only.
 */
export function MoneyManagerPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('money');
  if (!work) return <PageHeading title={t('title')} />;
  if (!canManageFees(work.account)) {
    return (
      <>
        <PageHeading title={t('title')} subtitle={work.account.institution} />
        <Alert type="warning" showIcon title={t('noAccess')} />
      </>
    );
  }
  return <MoneyManager work={work} />;
}

type Dialog = { kind: MoneyEntryKind; entry: MoneyEntryView | null } | null;

function MoneyManager({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['money', 'domain', 'errors']);
  const { locale } = useLanguage();
  const today = dayOf(Date.now());
  const [choice, setChoice] = useState<RangeChoice>('today');
  const [custom, setCustom] = useState<DayRange>({ from: `${today.slice(0, 8)}01`, to: today });
  const [dialog, setDialog] = useState<Dialog>(null);
  const range = rangeOf(choice, custom);
  const report = useQuery(reportQuery(work.account.id, range));
  const rangeText =
    range.from === range.to
      ? formatDay(range.from, locale)
      : `${formatDay(range.from, locale)} – ${formatDay(range.to, locale)}`;

  const handleCustom = (value: [Dayjs | null, Dayjs | null] | null) => {
    if (!value?.[0] || !value[1]) return;
    setCustom({ from: value[0].format('YYYY-MM-DD'), to: value[1].format('YYYY-MM-DD') });
  };

  return (
    <>
      <PageHeading
        title={t('title')}
        subtitle={`${t('tagline')} · ${work.account.institution}`}
        extra={
          <>
            <Button href={paths.businessInsight}>{t('insightLink')}</Button>
            <Button
              icon={<PlusCircleOutlined />}
              onClick={() => setDialog({ kind: 'income', entry: null })}
              data-testid="add-income"
            >
              {t('entry.addIncome')}
            </Button>
            <Button
              type="primary"
              icon={<MinusCircleOutlined />}
              onClick={() => setDialog({ kind: 'expense', entry: null })}
              data-testid="add-expense"
            >
              {t('entry.addExpense')}
            </Button>
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card size="small">
          <Flex gap={12} wrap align="center">
            <Segmented<RangeChoice>
              value={choice}
              onChange={setChoice}
              data-testid="money-range"
              options={(['today', 'yesterday', 'custom'] as const).map((c) => ({
                value: c,
                label: t(`range.${c}`),
              }))}
            />
            {choice === 'custom' ? (
              <div data-testid="money-range-picker" style={{ flex: '1 1 240px', maxWidth: 320 }}>
                <DatePicker.RangePicker
                  format="DD-MM-YYYY"
                  allowClear={false}
                  aria-label={t('range.pick')}
                  value={[dayjs(custom.from), dayjs(custom.to)]}
                  onChange={handleCustom}
                  disabledDate={(day) => day.format('YYYY-MM-DD') > today}
                  style={{ width: '100%' }}
                />
              </div>
            ) : null}
            <Typography.Text type="secondary" data-testid="money-range-text">
              {rangeText}
            </Typography.Text>
          </Flex>
        </Card>
        {report.isError && !report.data ? (
          <QueryError error={report.error} onRetry={() => void report.refetch()} />
        ) : (
          <SummaryCards
            summary={report.data?.summary}
            loading={report.isFetching && report.isPlaceholderData}
          />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={16}>
            <TrendPanel work={work} />
          </Col>
          <Col xs={24} lg={8}>
            <Flex vertical gap={16} style={{ height: '100%' }}>
              <OverviewCard work={work} />
              <InsightsCard report={report.data} />
            </Flex>
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <CollectionPanel work={work} />
          </Col>
          <Col xs={24} lg={12}>
            <DailyBreakdown report={report.data} />
          </Col>
        </Row>
        <TransactionsList
          accountId={work.account.id}
          range={range}
          onEdit={(entry) => setDialog({ kind: entry.kind, entry })}
        />
      </Flex>
      {dialog ? (
        <EntryDialog
          key={dialog.entry?.id ?? dialog.kind}
          accountId={work.account.id}
          open
          kind={dialog.kind}
          entry={dialog.entry}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
