import { type ExportFormat, SMS_MESSAGE_STATUSES, type SmsSendSummary } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Grid, Pagination, Select, Spin, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { classroomsQuery } from '../../lib/classrooms-query';
import { formatDateTime } from '../../lib/format-time';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import type { WorkAccount } from '../../lib/use-work-account';
import { exportHistory } from './history-export';
import { SendActions } from './send-actions';
import { SendCard } from './send-card';
import { SendDetailDrawer } from './send-detail-drawer';
import { SendStatusTag, StatusCounts } from './send-status';
import { historyQuery } from './sms-api';

type MessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

/** Every send of the account, newest first; a send still going out refreshes itself (sms-api). */
export function HistoryTab({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const money = useMoney();
  const screens = Grid.useBreakpoint();
  const accountId = work.account.id;
  const [status, setStatus] = useState<MessageStatus | undefined>(undefined);
  const [classroomId, setClassroomId] = useState<string | undefined>(undefined);
  const classrooms = useQuery(classroomsQuery(accountId, true));
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const filters = {
    status,
    classroomId,
    // Whole days in the reader's time zone: from the first day's midnight to the last day's end.
    from: range?.[0]?.startOf('day').valueOf(),
    to: range?.[1]?.endOf('day').valueOf(),
  };
  const list = useQuery(historyQuery(accountId, { ...paging, ...filters }));
  const handleExport = (format: ExportFormat) =>
    exportHistory({ accountId, query: filters, format, title: t('history.exportTitle'), t, locale, money });
  const n = (value: number) => value.toLocaleString(locale);
  const filtered = status !== undefined || classroomId !== undefined || range !== null;
  const items = list.data?.items ?? [];
  const empty = <Empty description={filtered ? t('history.noMatch') : t('history.empty')} />;

  const pagination = {
    current: paging.page,
    pageSize: paging.pageSize,
    total: list.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (total: number) => t('history.total', { count: total, formatted: n(total) }),
    ...pageDigits,
  };
  const handlePage = (page: number, pageSize: number) => setPaging({ page, pageSize });

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Select<MessageStatus>
          allowClear
          aria-label={t('history.filterStatus')}
          placeholder={t('history.filterStatus')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          style={{ flex: '1 1 180px', maxWidth: 240 }}
          options={SMS_MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messageStatus.${s}`) }))}
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('history.filterClassroom', { classroom: work.words.classroom })}
          placeholder={t('history.filterClassroom', { classroom: work.words.classroom })}
          value={classroomId}
          onChange={(value) => {
            setClassroomId(value);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          style={{ flex: '1 1 180px', maxWidth: 260 }}
          options={(classrooms.data ?? []).map((c) => ({
            value: c.id,
            label: work.isAdmin ? `${c.name} · ${c.teacherName}` : c.name,
          }))}
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          aria-label={t('history.filterDates')}
          placeholder={[t('history.from'), t('history.to')]}
          format="DD-MM-YYYY"
          value={range}
          onChange={(value) => {
            setRange(value && (value[0] || value[1]) ? value : null);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          style={{ flex: '1 1 240px', maxWidth: 320 }}
        />
        <ExportMenu onExport={handleExport} disabled={(list.data?.total ?? 0) === 0} />
      </Flex>
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : screens.md ? (
        <Table<SmsSendSummary>
          rowKey="id"
          size="middle"
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          dataSource={items}
          scroll={{ x: 'max-content' }}
          pagination={pagination}
          onChange={(p) => handlePage(p.current ?? 1, p.pageSize ?? 20)}
          locale={{ emptyText: list.isPending ? ' ' : empty }}
          onRow={(send) => ({ onClick: () => setOpenId(send.id), style: { cursor: 'pointer' } })}
          columns={[
            {
              key: 'when',
              title: t('history.columns.when'),
              render: (_, s) => formatDateTime(s.runAt, locale),
            },
            {
              key: 'text',
              title: t('history.columns.text'),
              render: (_, s) => (
                <Typography.Text ellipsis={{ tooltip: s.text }} style={{ maxWidth: 260 }}>
                  {s.text}
                </Typography.Text>
              ),
            },
            { key: 'sender', title: t('history.columns.sender'), render: (_, s) => s.senderName },
            { key: 'recipients', title: t('history.columns.recipients'), render: (_, s) => n(s.recipients) },
            { key: 'parts', title: t('history.columns.parts'), render: (_, s) => n(s.parts) },
            { key: 'cost', title: t('history.columns.cost'), render: (_, s) => money(s.costPaisa) },
            {
              key: 'counts',
              title: t('history.columns.messages'),
              render: (_, s) => <StatusCounts counts={s.counts} />,
            },
            {
              key: 'status',
              title: t('history.columns.status'),
              render: (_, s) => <SendStatusTag status={s.status} />,
            },
            {
              key: 'actions',
              title: t('history.columns.actions'),
              fixed: 'right',
              render: (_, s) => <SendActions accountId={accountId} send={s} onOpen={() => setOpenId(s.id)} />,
            },
          ]}
        />
      ) : (
        <Spin spinning={list.isPending || (list.isFetching && list.isPlaceholderData)}>
          <Flex vertical gap={8}>
            {items.length === 0 && !list.isPending ? empty : null}
            {items.map((send) => (
              <SendCard key={send.id} accountId={accountId} send={send} onOpen={() => setOpenId(send.id)} />
            ))}
            {(list.data?.total ?? 0) > 0 ? (
              <Pagination {...pagination} size="small" onChange={handlePage} style={{ marginTop: 8 }} />
            ) : null}
          </Flex>
        </Spin>
      )}
      <SendDetailDrawer accountId={accountId} sendId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
