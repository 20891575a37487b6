import { addDays, addMonths, dayOf, type ExportFormat, monthOf, toBanglaDigits } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Select, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { formatMonth } from '../../lib/billing-month';
import { exportTable } from '../../lib/download';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import type { WorkAccount } from '../../lib/use-work-account';
import { collectionQuery, formatBucket, seriesQuery } from './money-api';
import { CollectionChart, IncomeExpenseChart } from './money-charts';

type Period = 'days30' | 'months6' | 'months12';

function periodRange(period: Period) {
  const today = dayOf(Date.now());
  if (period === 'days30') return { from: addDays(today, -29), to: today };
  const months = period === 'months6' ? 6 : 12;
  return { from: `${addMonths(today.slice(0, 7), -(months - 1))}-01`, to: today };
}

/** Income and expense over time (by day up to 62 days, else by month), with its export. */
export function TrendPanel({ work }: { work: WorkAccount }) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  const [period, setPeriod] = useState<Period>('days30');
  const series = useQuery(seriesQuery(work.account.id, periodRange(period)));
  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title: t('charts.title'),
      headers: [t('table.period'), t('table.income'), t('table.expense'), t('table.net')],
      rows: (series.data?.points ?? []).map((p) => [
        formatBucket(p.key, series.data!.unit, locale),
        p.incomePaisa / 100,
        p.expensePaisa / 100,
        p.netPaisa / 100,
      ]),
    });
  return (
    <Card
      size="small"
      title={t('charts.title')}
      extra={<ExportMenu variant="icon" onExport={handleExport} disabled={!series.data} />}
      data-testid="money-trend"
    >
      <Flex vertical gap={12}>
        <Segmented<Period>
          value={period}
          onChange={setPeriod}
          options={(['days30', 'months6', 'months12'] as const).map((p) => ({
            value: p,
            label: t(`charts.${p}`),
          }))}
        />
        {series.isError && !series.data ? (
          <QueryError error={series.error} onRetry={() => void series.refetch()} />
        ) : series.data ? (
          <IncomeExpenseChart series={series.data} />
        ) : (
          <Skeleton.Node active style={{ width: '100%', height: 280 }} />
        )}
      </Flex>
    </Card>
  );
}

/** Each classroom's collection rate for a month: chart, table and export. */
export function CollectionPanel({ work }: { work: WorkAccount }) {
  const { t } = useTranslation('money');
  const { language, locale } = useLanguage();
  const money = useMoney();
  const thisMonth = monthOf(Date.now());
  const [month, setMonth] = useState(thisMonth);
  const collection = useQuery(collectionQuery(work.account.id, month));
  const percent = (rate: number | null) => {
    if (rate === null) return '—';
    const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
    return language === 'bn' ? toBanglaDigits(text) : text;
  };
  const rows = collection.data?.classrooms ?? [];
  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title: `${t('collection.title')} ${formatMonth(month, locale)}`,
      headers: [
        work.words.cap(work.words.classroom),
        t('collection.students'),
        t('collection.billed'),
        t('collection.collected'),
        t('collection.rateColumn'),
      ],
      rows: rows.map((r) => [
        r.name,
        r.students,
        r.billedPaisa / 100,
        r.collectedPaisa / 100,
        percent(r.rate),
      ]),
    });
  return (
    <Card
      size="small"
      title={t('collection.title')}
      extra={<ExportMenu variant="icon" onExport={handleExport} disabled={rows.length === 0} />}
      data-testid="money-collection"
    >
      <Flex vertical gap={12}>
        <Select
          value={month}
          onChange={setMonth}
          aria-label={t('collection.month')}
          style={{ maxWidth: 220 }}
          options={Array.from({ length: 12 }, (_, i) => addMonths(thisMonth, -i)).map((m) => ({
            value: m,
            label: formatMonth(m, locale),
          }))}
        />
        {collection.isError && !collection.data ? (
          <QueryError error={collection.error} onRetry={() => void collection.refetch()} />
        ) : collection.data ? (
          <>
            <CollectionChart collection={collection.data} />
            {rows.length > 0 ? (
              <Table
                size="small"
                rowKey="classroomId"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={rows}
                columns={[
                  { title: work.words.cap(work.words.classroom), dataIndex: 'name' },
                  {
                    title: t('collection.billed'),
                    align: 'right',
                    responsive: ['sm'],
                    render: (_, r) => money(r.billedPaisa),
                  },
                  {
                    title: t('collection.collected'),
                    align: 'right',
                    render: (_, r) => money(r.collectedPaisa),
                  },
                  {
                    title: t('collection.rateColumn'),
                    align: 'right',
                    render: (_, r) => <Typography.Text strong>{percent(r.rate)}</Typography.Text>,
                  },
                ]}
              />
            ) : null}
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
      </Flex>
    </Card>
  );
}
