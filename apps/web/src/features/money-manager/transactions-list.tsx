import {
  type ExportFormat,
  MONEY_TRANSACTION_KINDS,
  type MoneyEntryView,
  type MoneyTransactionKind,
  toBanglaDigits,
} from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { PagedList } from '../../components/antd/paged-list';
import { QueryError } from '../../components/antd/query-error';
import { exportTable } from '../../lib/download';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import {
  categoryLabel,
  type DayRange,
  type MoneyTransaction,
  moneyApi,
  transactionsQuery,
} from './money-api';

type Filter = 'all' | MoneyTransactionKind;

const KIND_COLORS: Record<MoneyTransactionKind, string> = {
  payment: 'green',
  refund: 'orange',
  income: 'cyan',
  expense: 'red',
};

/** Payments, refunds and manual entries of the range merged, newest first; entries open to edit. */
export function TransactionsList({
  accountId,
  range,
  onEdit,
}: {
  accountId: string;
  range: DayRange;
  onEdit: (entry: MoneyEntryView) => void;
}) {
  const { t } = useTranslation('money');
  const { language, locale } = useLanguage();
  const money = useMoney();
  const [kind, setKind] = useState<Filter>('all');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useQuery(transactionsQuery(accountId, { ...range, kind, ...paging }));
  // A new range or kind starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a filter changes
  useEffect(() => setPaging((current) => ({ ...current, page: 1 })), [range.from, range.to, kind]);

  const when = (at: number) => formatDateTime(at, locale);
  const label = (row: MoneyTransaction) =>
    row.kind === 'income' || row.kind === 'expense' ? categoryLabel(t, row.kind, row.label) : row.label;
  const receipt = (row: MoneyTransaction) =>
    row.receiptNo === null
      ? ''
      : t('list.receipt', { no: language === 'bn' ? toBanglaDigits(String(row.receiptNo)) : row.receiptNo });
  const signed = (row: MoneyTransaction) => {
    const out = row.kind === 'refund' || row.kind === 'expense';
    return (
      <Typography.Text strong delete={row.voided} type={out ? 'danger' : 'success'}>
        {`${out ? '−' : '+'}${money(row.amountPaisa)}`}
      </Typography.Text>
    );
  };
  const kindTag = (row: MoneyTransaction) => (
    <Flex gap={4} wrap>
      <Tag color={KIND_COLORS[row.kind]}>{t(`kinds.${row.kind}`)}</Tag>
      {row.voided ? <Tag>{t('list.voided')}</Tag> : null}
    </Flex>
  );
  const handleOpen = (row: MoneyTransaction) => {
    if (row.entry) onEdit(row.entry);
  };
  const handleExport = async (format: ExportFormat) => {
    const rows = await moneyApi.allTransactions(accountId, { ...range, kind });
    return exportTable({
      format,
      title: t('list.title'),
      headers: [
        t('table.when'),
        t('table.kind'),
        t('table.what'),
        t('table.amount'),
        t('table.method'),
        t('table.note'),
        t('table.by'),
      ],
      rows: rows.map((r) => [
        when(r.at),
        t(`kinds.${r.kind}`) + (r.voided ? ` (${t('list.voided')})` : ''),
        [label(r), receipt(r)].filter(Boolean).join(' · '),
        ((r.kind === 'refund' || r.kind === 'expense' ? -1 : 1) * r.amountPaisa) / 100,
        r.method ? t(`methods.${r.method}`, { defaultValue: r.method }) : '',
        r.note,
        r.by ?? '',
      ]),
    });
  };

  return (
    <Card
      size="small"
      title={t('list.title')}
      extra={<ExportMenu variant="icon" onExport={handleExport} disabled={(list.data?.total ?? 0) === 0} />}
      data-testid="money-transactions"
    >
      <Flex vertical gap={12}>
        <Select<Filter>
          value={kind}
          onChange={setKind}
          aria-label={t('list.filter')}
          style={{ maxWidth: 220 }}
          options={(['all', ...MONEY_TRANSACTION_KINDS] as const).map((k) => ({
            value: k,
            label: t(`kinds.${k}`),
          }))}
          data-testid="transactions-kind"
        />
        {list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} data-testid="transactions-loading" />
        ) : (
          <PagedList<MoneyTransaction>
            items={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            paging={paging}
            loading={list.isFetching && list.isPlaceholderData}
            empty={<Empty description={t('list.empty')} data-testid="transactions-empty" />}
            rowKey={(row) => row.id}
            testIds={{ list: 'transactions-list', row: 'transaction-row' }}
            totalText={(count) => t('list.total', { count, formatted: count.toLocaleString(locale) })}
            onPage={(page, pageSize) => setPaging({ page, pageSize })}
            onOpen={handleOpen}
            columns={[
              { title: t('table.when'), render: (_, r) => when(r.at) },
              { title: t('table.kind'), render: (_, r) => kindTag(r) },
              {
                title: t('table.what'),
                render: (_, r) => (
                  <Flex vertical>
                    <Typography.Text>{label(r)}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[receipt(r), r.note].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: t('table.amount'), align: 'right', render: (_, r) => signed(r) },
              { title: t('table.by'), render: (_, r) => r.by ?? '—' },
            ]}
            card={(r) => (
              <Flex justify="space-between" align="flex-start" gap={8}>
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {label(r)}
                  </Typography.Text>
                  {kindTag(r)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[when(r.at), receipt(r), r.note].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </Flex>
                {signed(r)}
              </Flex>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}
