import type { OccurrenceView } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { translateError } from '../../lib/translate-error';
import { ClassTimeFields } from './class-time-fields';
import { timetableApi } from './timetable-api';

interface Fields {
  date: Dayjs;
  start: Dayjs;
  end: Dayjs;
  note?: string;
}

/**
 * Moves one class to another date and time (part 1 §3 "Batch" `Events`): the old time shows as
 * moved on the calendars, the portal and the iCalendar feed, and the class appears at the new one.
 */
export function MoveClass({
  accountId,
  occurrence: o,
  onMoved,
}: {
  accountId: string;
  occurrence: OccurrenceView;
  onMoved: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation(['timetable', 'errors']);
  const { message } = App.useApp();
  const move = useMutation({
    mutationFn: (f: Fields) =>
      timetableApi.addEvent(accountId, o.classroomId, {
        kind: 'moved',
        date: o.date,
        start: o.start,
        end: o.end,
        newDate: f.date.format('YYYY-MM-DD'),
        newStart: f.start.format('HH:mm'),
        newEnd: f.end.format('HH:mm'),
        note: f.note?.trim() || null,
      }),
    onSuccess: () => onMoved(t('moved')),
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  return (
    <Form<Fields>
      layout="vertical"
      data-testid="move-class"
      initialValues={{
        date: dayjs(o.date),
        start: dayjs(`${o.date}T${o.start}`),
        end: dayjs(`${o.date}T${o.end}`),
      }}
      onFinish={(f) => move.mutate(f)}
    >
      <Form.Item name="date" label={t('newDate')} rules={[{ required: true }]}>
        <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} />
      </Form.Item>
      <ClassTimeFields />
      <Form.Item name="note" label={t('note')}>
        <Input maxLength={300} />
      </Form.Item>
      <Button htmlType="submit" loading={move.isPending}>
        {t('moveClass')}
      </Button>
    </Form>
  );
}
