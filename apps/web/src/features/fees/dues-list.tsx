import { Button, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/antd/paged-list';
import { formatMonth } from '../../lib/billing-month';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';

export interface DuesRow {
  studentId: string;
  name: string;
  customId: string | null;
  phone: string;
  totals: { duePaisa: number; creditPaisa: number; oldestDueMonth: string | null };
}

type Paging = { page: number; pageSize: number };

const plainPhone = (phone: string) => phone.replace(/^\+88/, '');

/** Who owes what: a table on wide screens, cards on phones (no sideways page scroll). */
export function DuesList({
  items,
  total,
  paging,
  loading,
  initial,
  empty,
  onPage,
  onOpen,
  picked,
  onPick,
}: {
  items: DuesRow[];
  total: number;
  paging: Paging;
  loading: boolean;
  initial: boolean;
  empty: ReactNode;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (row: DuesRow) => void;
  /** Rows picked for a dues SMS; no tick boxes without `onPick`. */
  picked?: readonly string[];
  onPick?: (studentIds: string[]) => void;
}) {
  const { t } = useTranslation('fees');
  const { locale } = useLanguage();
  const money = useMoney();
  if (initial) return <Skeleton active paragraph={{ rows: 5 }} data-testid="dues-loading" />;

  const due = (row: DuesRow) =>
    row.totals.duePaisa > 0 ? (
      <Typography.Text strong type="danger">
        {money(row.totals.duePaisa)}
      </Typography.Text>
    ) : row.totals.creditPaisa > 0 ? (
      <Tag color="blue">{t('list.advance', { amount: money(row.totals.creditPaisa) })}</Tag>
    ) : (
      <Tag color="green">{t('list.clear')}</Tag>
    );
  const oldest = (row: DuesRow) =>
    row.totals.oldestDueMonth ? formatMonth(row.totals.oldestDueMonth, locale) : '—';

  return (
    <PagedList<DuesRow>
      items={items}
      total={total}
      paging={paging}
      loading={loading}
      empty={empty}
      rowKey={(row) => row.studentId}
      testIds={{ list: 'dues-list', row: 'dues-row' }}
      totalText={(count) => t('list.total', { count, formatted: count.toLocaleString(locale) })}
      onPage={onPage}
      onOpen={onOpen}
      selection={
        onPick
          ? { keys: picked ?? [], onChange: onPick, label: (row) => t('reminders.pick', { name: row.name }) }
          : undefined
      }
      card={(row) => (
        <>
          <Flex justify="space-between" align="flex-start" gap={8}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {[row.customId, plainPhone(row.phone)].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Flex>
            {due(row)}
          </Flex>
          {row.totals.oldestDueMonth ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('list.since', { month: oldest(row) })}
            </Typography.Text>
          ) : null}
        </>
      )}
      columns={[
        {
          key: 'name',
          title: t('list.name'),
          render: (_, row) => (
            <Typography.Text strong ellipsis style={{ maxWidth: 260 }}>
              {row.name}
            </Typography.Text>
          ),
        },
        { key: 'id', title: t('list.customId'), render: (_, row) => row.customId ?? '—' },
        { key: 'phone', title: t('list.phone'), render: (_, row) => plainPhone(row.phone) },
        { key: 'due', title: t('list.due'), align: 'right', render: (_, row) => due(row) },
        { key: 'oldest', title: t('list.oldest'), render: (_, row) => oldest(row) },
        {
          key: 'actions',
          title: '',
          render: (_, row) => (
            <Button
              size="small"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(row);
              }}
            >
              {t('list.open')}
            </Button>
          ),
        },
      ]}
    />
  );
}
