import type { ExportFormat, MoneyReport } from '@batchwise/domain';
import { Card, Grid, List, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { exportTable } from '../../lib/download';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { formatDay } from './money-api';

type Day = MoneyReport['days'][number];

/** Income, expense and net of each day of the chosen range, newest first. */
export function DailyBreakdown({ report }: { report: MoneyReport | undefined }) {
  const { t } = useTranslation('money');
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const money = useMoney();
  const screens = Grid.useBreakpoint();
  const days = [...(report?.days ?? [])].reverse();
  const net = (d: Day) => (
    <Typography.Text strong type={d.netPaisa < 0 ? 'danger' : undefined}>
      {money(d.netPaisa)}
    </Typography.Text>
  );
  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title: t('daily.title'),
      headers: [t('table.day'), t('table.income'), t('table.expense'), t('table.net')],
      rows: days.map((d) => [
        formatDay(d.key, locale),
        d.incomePaisa / 100,
        d.expensePaisa / 100,
        d.netPaisa / 100,
      ]),
    });
  return (
    <Card
      size="small"
      title={t('daily.title')}
      extra={<ExportMenu variant="icon" onExport={handleExport} disabled={days.length === 0} />}
      data-testid="money-daily"
    >
      {!report ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : screens.md ? (
        <Table<Day>
          size="small"
          rowKey="key"
          dataSource={days}
          pagination={days.length > 10 ? { pageSize: 10, size: 'small', ...pageDigits } : false}
          columns={[
            { title: t('table.day'), render: (_, d) => formatDay(d.key, locale) },
            { title: t('table.income'), align: 'right', render: (_, d) => money(d.incomePaisa) },
            { title: t('table.expense'), align: 'right', render: (_, d) => money(d.expensePaisa) },
            { title: t('table.net'), align: 'right', render: (_, d) => net(d) },
          ]}
        />
      ) : (
        <List<Day>
          size="small"
          dataSource={days}
          pagination={
            days.length > 10 ? { pageSize: 10, size: 'small', align: 'center', ...pageDigits } : false
          }
          renderItem={(d) => (
            <List.Item extra={net(d)}>
              <List.Item.Meta
                title={formatDay(d.key, locale)}
                description={`${t('table.income')} ${money(d.incomePaisa)} · ${t('table.expense')} ${money(d.expensePaisa)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
