import {
  CANCEL_SMS_LANGUAGES,
  cancelSmsInTime,
  INTERFACE_LANGUAGE_NAMES,
  type OccurrenceView,
} from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { timetableApi } from './timetable-api';

/**
 * Cancels one class (part 1 §3 "Batch" `Events`), with an optional SMS to the classroom in any
 * interface language. The SMS is offered only before the class starts: afterwards it would tell
 * families of something already past (the server refuses it too). Rendered inside the class's
 * modal, so its note and SMS choice start afresh for every class opened.
 */
export function CancelClass({
  accountId,
  occurrence: o,
  onCancelled,
}: {
  accountId: string;
  occurrence: OccurrenceView;
  onCancelled: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation(['timetable', 'errors']);
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const [sms, setSms] = useState(false);
  const [language, setLanguage] = useState<(typeof CANCEL_SMS_LANGUAGES)[number]>('bn');
  const smsInTime = cancelSmsInTime(o, Date.now());
  const cancel = useMutation({
    mutationFn: () =>
      timetableApi.addEvent(accountId, o.classroomId, {
        kind: 'cancelled',
        date: o.date,
        start: o.start,
        end: o.end,
        note: note.trim() || null,
        sms: sms && smsInTime ? language : null,
      }),
    onSuccess: (answer) =>
      onCancelled(
        answer.smsRecipients > 0 ? t('cancelledSms', { count: answer.smsRecipients }) : t('cancelled'),
      ),
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  return (
    <Form layout="vertical" onFinish={() => cancel.mutate()}>
      <Form.Item label={t('note')}>
        <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
      </Form.Item>
      {smsInTime ? (
        <Checkbox checked={sms} onChange={(e) => setSms(e.target.checked)} data-testid="cancel-sms">
          {t('sendSms')}
        </Checkbox>
      ) : (
        <Typography.Text type="secondary" data-testid="cancel-sms-too-late">
          {t('smsTooLate')}
        </Typography.Text>
      )}
      {sms && smsInTime ? (
        <Radio.Group
          style={{ display: 'block', marginTop: 8 }}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          options={CANCEL_SMS_LANGUAGES.map((l) => ({ value: l, label: INTERFACE_LANGUAGE_NAMES[l] }))}
        />
      ) : null}
      <Button danger htmlType="submit" loading={cancel.isPending} style={{ display: 'block', marginTop: 12 }}>
        {t('cancelClass')}
      </Button>
    </Form>
  );
}
