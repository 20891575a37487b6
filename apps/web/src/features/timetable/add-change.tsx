import { CANCEL_SMS_LANGUAGES, INTERFACE_LANGUAGE_NAMES, type Timetable } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { ClassTimeFields } from './class-time-fields';
import { timetableApi } from './timetable-api';

const KINDS = ['extra', 'exam', 'holiday'] as const;

interface Fields {
  classroomId: string;
  kind: (typeof KINDS)[number];
  date: Dayjs;
  start?: Dayjs;
  end?: Dayjs;
  place?: string;
  note?: string;
  /** An exam day: remind the classroom by SMS the day before, in `remindLanguage`. */
  remind?: boolean;
  remindLanguage: (typeof CANCEL_SMS_LANGUAGES)[number];
}

/** Adds an extra class, an exam day (with its optional reminder SMS) or a holiday to one classroom. */
export function AddChange({
  accountId,
  classrooms,
  open,
  onClose,
}: {
  accountId: string;
  classrooms: Timetable['classrooms'];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['timetable', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const kind = Form.useWatch('kind', form);
  const remind = Form.useWatch('remind', form);
  const save = useMutation({
    mutationFn: (f: Fields) =>
      timetableApi.addEvent(accountId, f.classroomId, {
        kind: f.kind,
        date: f.date.format('YYYY-MM-DD'),
        start: f.start?.format('HH:mm') ?? null,
        end: f.end?.format('HH:mm') ?? null,
        place: f.place?.trim() || null,
        note: f.note?.trim() || null,
        remind: f.kind === 'exam' && f.remind ? f.remindLanguage : null,
      }),
    onSuccess: async () => {
      message.success(t('added'));
      await refresh(queryClient, 'timetable');
      form.resetFields();
      onClose();
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  return (
    <Modal
      open={open}
      title={t('add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'extra', classroomId: classrooms[0]?.id, remindLanguage: 'bn' }}
        onFinish={(f) => save.mutate(f)}
      >
        <Form.Item name="classroomId" label={t('classroom')} rules={[{ required: true }]}>
          <Select options={classrooms.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="kind" label={t('kind')}>
          <Select options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="date" label={t('date')} rules={[{ required: true }]}>
          <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'holiday' ? null : (
          <>
            <ClassTimeFields />
            <Form.Item name="place" label={t('place')}>
              <Input maxLength={300} />
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label={t('note')}>
          <Input maxLength={300} />
        </Form.Item>
        {kind === 'exam' ? (
          <>
            <Form.Item name="remind" valuePropName="checked" extra={t('remindHelp')}>
              <Checkbox data-testid="exam-remind">{t('remind')}</Checkbox>
            </Form.Item>
            {remind ? (
              <Form.Item name="remindLanguage" label={t('remindLanguage')}>
                <Radio.Group
                  options={CANCEL_SMS_LANGUAGES.map((l) => ({
                    value: l,
                    label: INTERFACE_LANGUAGE_NAMES[l],
                  }))}
                />
              </Form.Item>
            ) : null}
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
