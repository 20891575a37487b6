import { dayOf } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { QueryError } from '../../components/antd/query-error';
import { formatClock } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import { otherUsersLogQuery } from './other-users-api';

const DAY = 'YYYY-MM-DD';

/**
 * One day's entries and exits of the account's other users, newest first, as the kiosk and
 * ZKTeco devices recorded them; it refreshes live with each punch (the 'attendance' resource).
 */
export function EntryExitLog({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['other-users', 'errors']);
  const { locale } = useLanguage();
  const [day, setDay] = useState(() => dayOf(Date.now()));
  const log = useQuery(otherUsersLogQuery(accountId, day));

  let body: React.ReactNode;
  if (log.isError && !log.data) body = <QueryError error={log.error} onRetry={() => void log.refetch()} />;
  else if (!log.data) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (log.data.items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.empty')} />;
  else
    body = (
      <List
        size="small"
        dataSource={log.data.items}
        rowKey="id"
        renderItem={(entry) => (
          <List.Item data-testid="entry-exit-row">
            <Flex wrap gap={8} align="center" style={{ width: '100%' }}>
              <Typography.Text strong style={{ minWidth: 72 }}>
                {formatClock(entry.at, locale)}
              </Typography.Text>
              <Tag color={entry.direction === 'entry' ? 'green' : 'orange'}>
                {t(`log.${entry.direction}`)}
              </Tag>
              <span>{entry.name}</span>
              <Typography.Text type="secondary">
                {t(`roles.${entry.role}`)} · {entry.deviceName ?? t(`log.via.${entry.via}`)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    );

  return (
    <Card
      size="small"
      title={t('log.title')}
      extra={
        <DatePicker
          aria-label={t('log.day')}
          allowClear={false}
          value={dayjs(day)}
          format={DAY}
          onChange={(value) => value && setDay(value.format(DAY))}
          style={{ width: 140 }}
        />
      }
      data-testid="entry-exit-log"
    >
      {body}
    </Card>
  );
}
