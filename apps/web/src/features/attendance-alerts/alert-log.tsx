import type { AttendanceAlertLogItem } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Divider, Empty, Flex, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { formatDateTime } from '../../lib/format-time';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { alertLogQuery } from './attendance-alerts-api';

const PAGE_SIZE = 20;

/** The recent alerts of a classroom (or all), sent or skipped with why; refreshed live as they happen. */
export function AlertLog({ accountId, classroomId }: { accountId: string; classroomId: string | undefined }) {
  const { t } = useTranslation(['attendance-alerts', 'errors']);
  const pageDigits = usePageDigits();
  const [page, setPage] = useState(1);
  const log = useQuery(alertLogQuery(accountId, classroomId, page));
  if (log.isError && !log.data) return <QueryError error={log.error} onRetry={() => void log.refetch()} />;
  if (!log.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (log.data.total === 0) return <Empty description={t('log.empty')} />;
  return (
    <Flex vertical gap={12} data-testid="alert-log">
      <Flex vertical>
        {log.data.items.map((item, index) => (
          <div key={item.id}>
            {index > 0 ? <Divider style={{ margin: '10px 0' }} /> : null}
            <LogLine item={item} />
          </div>
        ))}
      </Flex>
      {log.data.total > PAGE_SIZE ? (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={log.data.total}
          onChange={setPage}
          showSizeChanger={false}
          {...pageDigits}
        />
      ) : null}
    </Flex>
  );
}

function LogLine({ item }: { item: AttendanceAlertLogItem }) {
  const { t } = useTranslation('attendance-alerts');
  const { locale } = useLanguage();
  const who =
    item.studentName ?? (item.reason === 'no-marks' ? t('log.wholeSession') : t('log.unknownStudent'));
  return (
    <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }} data-testid="alert-log-item">
      <Flex gap={8} align="center" wrap>
        <Tag color={item.outcome === 'sent' ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }}>
          {t(`log.outcomes.${item.outcome}`)}
        </Tag>
        <Tag style={{ marginInlineEnd: 0 }}>{t(`kinds.${item.kind}`)}</Tag>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {who}
        </Typography.Text>
        {item.classroomName ? (
          <Typography.Text type="secondary">· {item.classroomName}</Typography.Text>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {formatDateTime(item.at, locale)}
        {item.phone ? ` · ${item.phone}` : ''}
        {item.outcome === 'sent'
          ? ` · ${t('log.parts', { count: item.parts, formatted: item.parts.toLocaleString(locale) })}`
          : ''}
      </Typography.Text>
      {item.reason ? (
        <Typography.Text type="warning" style={{ fontSize: 13 }} data-testid="alert-log-reason">
          {t(`log.reasons.${item.reason}`)}
        </Typography.Text>
      ) : null}
      {item.text ? (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: 0, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {item.text}
        </Typography.Paragraph>
      ) : null}
    </Flex>
  );
}
