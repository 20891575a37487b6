import type { SmsSendDetail } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Flex, Grid, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { formatDateTime } from '../../lib/format-time';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { ResendFailed } from './resend-failed';
import { MessageStatusTag, SendStatusTag, StatusCounts } from './send-status';
import { sendDetailQuery } from './sms-api';

type Message = SmsSendDetail['messages'][number];

/** One send: its text, totals and every recipient with their message's status and error. */
export function SendDetailDrawer({
  accountId,
  sendId,
  onClose,
}: {
  accountId: string;
  sendId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const size = useDrawerSize(720);
  const placement = useDrawerPlacement();
  const detail = useQuery({ ...sendDetailQuery(accountId, sendId ?? ''), enabled: sendId !== null });
  return (
    <Drawer
      open={sendId !== null}
      onClose={onClose}
      size={size}
      placement={placement}
      title={t('detail.title')}
      destroyOnHidden
    >
      {detail.isError && !detail.data ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data ? (
        <DetailBody accountId={accountId} send={detail.data} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

function DetailBody({ accountId, send }: { accountId: string; send: SmsSendDetail }) {
  const { t } = useTranslation('sms');
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const money = useMoney();
  const screens = Grid.useBreakpoint();
  const n = (value: number) => value.toLocaleString(locale);
  const who = (m: Message) => (
    <>
      {m.studentName ? `${m.studentName} · ` : ''}
      <Tag style={{ marginInlineEnd: 0 }}>{t(`source.${m.source}`)}</Tag>
    </>
  );
  return (
    <Flex vertical gap={16}>
      <ResendFailed accountId={accountId} send={send} />
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{send.text}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={screens.md ? 2 : 1}
        bordered
        items={[
          {
            key: 'status',
            label: t('history.columns.status'),
            children: <SendStatusTag status={send.status} />,
          },
          { key: 'when', label: t('history.columns.when'), children: formatDateTime(send.runAt, locale) },
          { key: 'sender', label: t('history.columns.sender'), children: send.senderName },
          { key: 'created', label: t('detail.created'), children: formatDateTime(send.createdAt, locale) },
          { key: 'recipients', label: t('history.columns.recipients'), children: n(send.recipients) },
          { key: 'parts', label: t('history.columns.parts'), children: n(send.parts) },
          { key: 'cost', label: t('history.columns.cost'), children: money(send.costPaisa) },
          {
            key: 'urgent',
            label: t('detail.urgent'),
            children: send.urgent ? t('detail.yes') : t('detail.no'),
          },
          {
            key: 'counts',
            label: t('history.columns.messages'),
            children: <StatusCounts counts={send.counts} />,
            span: screens.md ? 2 : 1,
          },
        ]}
      />
      <Table<Message>
        rowKey="id"
        size="small"
        dataSource={send.messages}
        pagination={
          send.messages.length > 50 ? { pageSize: 50, showSizeChanger: false, ...pageDigits } : false
        }
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('detail.noMessages')} /> }}
        columns={[
          {
            key: 'phone',
            title: t('detail.columns.recipient'),
            render: (_, m) => (
              <Flex vertical>
                <span>{m.phone}</span>
                <span>{who(m)}</span>
              </Flex>
            ),
          },
          { key: 'parts', title: t('history.columns.parts'), render: (_, m) => n(m.parts) },
          {
            key: 'status',
            title: t('history.columns.status'),
            render: (_, m) => (
              <Flex vertical gap={2}>
                <MessageStatusTag status={m.status} />
                {m.error ? (
                  <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 260 }}>
                    {m.error}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'sentAt',
            title: t('detail.columns.sentAt'),
            render: (_, m) => (m.sentAt ? formatDateTime(m.sentAt, locale) : '—'),
          },
        ]}
      />
    </Flex>
  );
}
