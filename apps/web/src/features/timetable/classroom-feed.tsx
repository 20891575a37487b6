import type { Timetable } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { timetableApi, timetableEventsQuery } from './timetable-api';

/**
 * A classroom's iCalendar link: made (or made anew, which stops the old one) and stopped by
 * owners and admins. The address is shown once, when made; only its digest is kept.
 */
export function ClassroomFeed({
  accountId,
  classrooms,
}: {
  accountId: string;
  classrooms: Timetable['classrooms'];
}) {
  const { t } = useTranslation(['timetable', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string>();
  const classroomId = picked ?? classrooms[0]?.id;
  const [url, setUrl] = useState<string | null>(null);
  const status = useQuery({ ...timetableEventsQuery(accountId, classroomId ?? ''), enabled: !!classroomId });
  const onError = (error: unknown) => message.error({ content: translateError(t, error), duration: 5 });
  const make = useMutation({
    mutationFn: () => timetableApi.makeFeed(accountId, classroomId!),
    onSuccess: async (feed) => {
      setUrl(feed.url);
      await refresh(queryClient, 'timetable');
    },
    onError,
  });
  const stop = useMutation({
    mutationFn: () => timetableApi.stopFeed(accountId, classroomId!),
    onSuccess: async () => {
      setUrl(null);
      message.success(t('feed.stopped'));
      await refresh(queryClient, 'timetable');
    },
    onError,
  });
  if (!classroomId) return null;
  const live = status.data?.feed != null;
  return (
    <Card title={t('feed.title')} size="small">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('feed.hint')}</Typography.Text>
        <Select
          value={classroomId}
          onChange={(id) => {
            setPicked(id);
            setUrl(null);
          }}
          options={classrooms.map((c) => ({ value: c.id, label: c.name }))}
          aria-label={t('classroom')}
        />
        {url ? (
          <Alert
            type="success"
            title={t('feed.made')}
            description={
              <Typography.Text copyable data-testid="feed-url" style={{ overflowWrap: 'anywhere' }}>
                {url}
              </Typography.Text>
            }
          />
        ) : live ? (
          <Typography.Text>{t('feed.live')}</Typography.Text>
        ) : null}
        <Flex gap={8} wrap>
          <Button onClick={() => make.mutate()} loading={make.isPending}>
            {live ? t('feed.remake') : t('feed.make')}
          </Button>
          {live ? (
            <Popconfirm title={t('feed.stopConfirm')} onConfirm={() => stop.mutate()} okText={t('feed.stop')}>
              <Button danger loading={stop.isPending}>
                {t('feed.stop')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
