import { dayOf, type ZoomMeetingView } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Flex, List, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { dayClassesQuery, zoomApi, zoomMeetingsQuery } from './zoom-api';

/**
 * Make one class of the timetable a Zoom meeting (the server makes it through the account's
 * connection and texts the short link), and read each meeting's participants into attendance.
 */
export function OnlineClassCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['zoom', 'errors']);
  const { message } = App.useApp();
  const digits = useDigits();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => dayOf(Date.now()));
  const [picked, setPicked] = useState<string>();
  const [sms, setSms] = useState(true);
  const day = useQuery(dayClassesQuery(accountId, date));
  const classes = (day.data?.occurrences ?? []).filter(
    (o) => o.status !== 'cancelled' && o.status !== 'moved' && o.status !== 'holiday',
  );
  const chosen = classes.find((o) => `${o.classroomId} ${o.start}` === picked) ?? classes[0];
  const classroomId = chosen?.classroomId ?? day.data?.classrooms[0]?.id ?? '';
  const meetings = useQuery({ ...zoomMeetingsQuery(accountId, classroomId), enabled: !!classroomId });
  const onError = (error: unknown) => message.error({ content: translateError(t, error), duration: 5 });
  const make = useMutation({
    mutationFn: () =>
      zoomApi.createMeeting(accountId, chosen!.classroomId, {
        date,
        start: chosen!.start,
        sms: sms ? (language === 'bn' ? 'bn' : 'en') : null,
      }),
    onSuccess: async (made) => {
      message.success(made.smsRecipients > 0 ? t('madeSent', { count: made.smsRecipients }) : t('made'));
      await refresh(queryClient, 'zoom');
    },
    onError,
  });
  const report = useMutation({
    mutationFn: (meetingId: string) => zoomApi.attendance(accountId, meetingId),
    onSuccess: async (result) => {
      message.success(
        result.unmatched.length > 0
          ? t('markedUnmatched', { count: result.marked, names: result.unmatched.join(', ') })
          : t('marked', { count: result.marked }),
      );
      await refresh(queryClient, 'zoom');
    },
    onError,
  });
  const label = (o: { classroomName: string; start: string; end: string }) =>
    `${o.classroomName} · ${digits(o.start)}–${digits(o.end)}`;
  const dmy = (d: string) => digits(d.split('-').reverse().join('-'));
  return (
    <Card title={t('makeTitle')} size="small" data-testid="zoom-online-class">
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <DatePicker
            value={dayjs(date)}
            allowClear={false}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            aria-label={t('date')}
          />
          <Select
            style={{ minWidth: 220, flex: 1 }}
            value={chosen ? `${chosen.classroomId} ${chosen.start}` : undefined}
            onChange={setPicked}
            placeholder={t('noClasses')}
            options={classes.map((o) => ({ value: `${o.classroomId} ${o.start}`, label: label(o) }))}
            aria-label={t('class')}
            data-testid="zoom-class"
          />
        </Flex>
        <Checkbox checked={sms} onChange={(e) => setSms(e.target.checked)}>
          {t('sendSms')}
        </Checkbox>
        <Button
          type="primary"
          disabled={!chosen}
          loading={make.isPending}
          onClick={() => make.mutate()}
          data-testid="zoom-make"
        >
          {t('make')}
        </Button>
        <Typography.Text strong>{t('meetings')}</Typography.Text>
        {(meetings.data?.meetings.length ?? 0) === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMeetings')} />
        ) : (
          <List
            size="small"
            dataSource={meetings.data?.meetings ?? []}
            renderItem={(m: ZoomMeetingView) => (
              <List.Item data-testid="zoom-meeting">
                <Flex vertical gap={4} style={{ width: '100%' }}>
                  <Typography.Text>
                    {m.topic} · {dmy(m.date)} · {digits(m.start)}–{digits(m.end)}
                  </Typography.Text>
                  <Typography.Text
                    copyable={{ text: m.shortUrl }}
                    type="secondary"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {m.shortUrl}
                  </Typography.Text>
                  <Flex gap={8} wrap align="center">
                    <Button size="small" href={m.joinUrl} target="_blank" rel="noreferrer">
                      {t('open')}
                    </Button>
                    <Button
                      size="small"
                      loading={report.isPending && report.variables === m.id}
                      onClick={() => report.mutate(m.id)}
                      data-testid="zoom-report"
                    >
                      {t('markAttendance')}
                    </Button>
                    {m.attendanceAt ? (
                      <Typography.Text type="secondary">{t('attendanceRead')}</Typography.Text>
                    ) : null}
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}
